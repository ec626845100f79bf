import styled from 'styled-components';
import {
  JsonLd,
  Link,
  MutedText,
  PageContainer,
  PageHeading,
  PageMeta,
  Tag,
  useParams,
  theme,
} from '@side-quest/design';
import { PageLoading, PageNotFound } from '@side-quest/design/page-states';
import {
  useAbsoluteUrl,
  type Bounty,
  type SectionPrefetch,
  type SectionSitemapEntries,
} from '@side-quest/data';
import { hiredText } from '@side-quest/data/hiring';
import { overdueLabel } from '@side-quest/data/lifecycle';
import {
  NEW_SPONSOR_TEXT,
  fetchSponsorList,
  prefetchSponsorPage,
  sponsorFeedPath,
  sponsorPath,
  useSponsorPage,
  type SponsorPageData,
} from '@side-quest/data/trust';
import { BountyCard, CardGrid } from '../common/BountyCard';
import { formatPostedDate } from '../common/bountyFormat';
import { safeExternalUrl } from '../common/safeUrl';
import { sponsorFigures } from './sponsorFigures';

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space(4)};
  margin-bottom: ${theme.space(6)};
  h1 {
    margin: 0;
  }
  img {
    border-radius: 8px;
  }
`;

const Figures = styled.dl`
  display: grid;
  gap: ${theme.space(4)};
  margin: 0 0 ${theme.space(8)};
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: ${theme.breakpoint.medium}) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  > div {
    border: 1px solid ${theme.color.border};
    border-radius: 8px;
    padding: ${theme.space(4)};
  }
  dt {
    font-family: ${theme.font.mono};
    font-weight: 700;
  }
  dd {
    margin: ${theme.space(1)} 0 0;
  }
`;

const Value = styled.dd`
  font-size: 1.15rem;
  font-weight: 700;
`;

const Danger = styled.div`
  color: ${theme.color.danger};
  font-weight: 700;
`;

const Counted = styled.details`
  margin-top: ${theme.space(2)};
  summary {
    cursor: pointer;
    min-height: 44px;
    display: flex;
    align-items: center;
  }
`;

const bountyPath = (id: string) => `/bounty/${encodeURIComponent(id)}`;

/** The bounties a figure counts, as links: every figure shows its evidence. */
function CountedBounties({ ids, titles }: { ids: string[]; titles: Map<string, string> }) {
  if (ids.length === 0) return null;
  return (
    <Counted>
      <summary>
        Counted from {ids.length} {ids.length === 1 ? 'bounty' : 'bounties'}
      </summary>
      <ul>
        {ids.map((id) => (
          <li key={id}>
            <Link to={bountyPath(id)}>{titles.get(id) ?? id}</Link>
          </li>
        ))}
      </ul>
    </Counted>
  );
}

function Record({ data }: { data: SponsorPageData }) {
  const { record } = data;
  const titles = new Map(data.bounties.map((bounty) => [bounty.id, bounty.item_title]));
  const ended = [...record.cancelled, ...record.closedWithoutWinner];
  return (
    <section aria-labelledby="sponsor-record">
      <h2 id="sponsor-record">RECORD</h2>
      {record.demo && (
        <MutedText data-testid="demo-notice">
          Demo data: this sponsor’s bounties, winners and payments were made up to show how Side Quest works.
        </MutedText>
      )}
      {hiredText(data.hired ?? 0) && <p data-testid="sponsor-hired">{hiredText(data.hired ?? 0)}</p>}
      {record.overdue.length > 0 && (
        <Danger role="note" data-testid="sponsor-overdue">
          <p>Overdue now:</p>
          <ul>
            {record.overdue.map((entry) => (
              <li key={entry.id}>
                {overdueLabel(entry.overdue)} on <Link to={bountyPath(entry.id)}>{entry.title}</Link>
              </li>
            ))}
          </ul>
        </Danger>
      )}
      {!record.hasHistory ? (
        <p data-testid="new-sponsor">{NEW_SPONSOR_TEXT}</p>
      ) : (
        <Figures>
          {sponsorFigures(record).map((figure) => (
            <div key={figure.id} data-testid={`figure-${figure.id}`}>
              <dt>{figure.label}</dt>
              <Value>{figure.value}</Value>
              <dd>
                <MutedText>{figure.explanation}</MutedText>
                <CountedBounties ids={figure.bountyIds} titles={titles} />
              </dd>
            </div>
          ))}
        </Figures>
      )}
      {ended.length > 0 && (
        <section aria-labelledby="sponsor-ended">
          <h3 id="sponsor-ended">Cancelled or closed without a winner</h3>
          <ul>
            {ended.map((entry) => (
              <li key={entry.id}>
                <Link to={bountyPath(entry.id)}>{entry.title}</Link>
                {entry.afterSubmissions && ' (after submissions: counts against the record)'}
                {entry.reason && <>: “{entry.reason}”</>}
              </li>
            ))}
          </ul>
        </section>
      )}
      {record.outOfOrderWinners.length > 0 && (
        <section aria-labelledby="sponsor-out-of-order">
          <h3 id="sponsor-out-of-order">
            Winners chosen out of the leaderboard’s order ({record.outOfOrderWinners.length})
          </h3>
          <ul>
            {record.outOfOrderWinners.map((entry) => (
              <li key={`${entry.id}-${entry.slot}`}>
                <Link to={bountyPath(entry.id)}>{entry.title}</Link>, prize {entry.slot + 1}: “{entry.reason}”
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}

function BountySection({ id, title, bounties }: { id: string; title: string; bounties: Bounty[] }) {
  if (bounties.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <CardGrid>
        {bounties.map((bounty) => (
          <li key={bounty.id}>
            <BountyCard bounty={bounty} headingLevel="h3" />
          </li>
        ))}
      </CardGrid>
    </section>
  );
}

function LoadedView({ data }: { data: SponsorPageData }) {
  const origin = new URL(useAbsoluteUrl()('/')).origin;
  const { sponsor } = data;
  const website = safeExternalUrl(sponsor.website);
  const now = Date.now();
  const current = data.bounties.filter(
    (bounty) => bounty.hosted?.state === 'open' && now < Date.parse(bounty.hosted.judgingDeadline),
  );
  const past = data.bounties.filter((bounty) => !current.includes(bounty));
  const organisation = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: sponsor.name,
    url: `${origin}${sponsorPath(sponsor.slug)}`,
    ...(website ? { sameAs: [website] } : {}),
    ...(sponsor.logoUrl ? { logo: `${origin}${sponsor.logoUrl}` } : {}),
  };
  return (
    <PageContainer>
      <PageMeta
        title={`${sponsor.name}: sponsor record`}
        description={`${sponsor.name} on Side Quest: its bounties, and how fast it judged and paid its winners.`}
      />
      <JsonLd data={organisation} />
      <Header>
        {sponsor.logoUrl && <img src={sponsor.logoUrl} alt="" width={64} height={64} />}
        <PageHeading>{sponsor.name}</PageHeading>
        {sponsor.verifiedAt && (
          <Tag data-testid="verified-badge">Verified since {formatPostedDate(sponsor.verifiedAt)}</Tag>
        )}
      </Header>
      <p>
        {website && (
          <>
            <a href={website} rel="noopener nofollow" target="_blank">
              {new URL(website).host}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
            {' · '}
          </>
        )}
        <a href={sponsorFeedPath(sponsor.slug)}>Follow its bounties (RSS)</a>
      </p>
      <Record data={data} />
      <BountySection id="sponsor-open" title="OPEN_BOUNTIES" bounties={current} />
      <BountySection id="sponsor-past" title="PAST_BOUNTIES" bounties={past} />
    </PageContainer>
  );
}

/** /sponsors/:slug — a sponsor organisation's public page: its record and its bounties (issue 33). */
export default function SponsorPage() {
  const { slug = '' } = useParams();
  const query = useSponsorPage(slug);
  if (query.isPending) return <PageLoading heading="Loading sponsor..." blocks={['10rem']} />;
  if (query.isError || !query.data)
    return (
      <PageNotFound
        title="Sponsor Not Found"
        heading="SPONSOR_NOT_FOUND"
        message={
          query.isError
            ? 'The sponsor’s record cannot be read right now. Try again shortly.'
            : 'No sponsor with a public page has this address.'
        }
        back={{ to: '/bounties', label: 'RETURN_TO_BOUNTIES' }}
      />
    );
  return <LoadedView data={query.data} />;
}

/** Server rendering: the sponsor's page data; a sponsor without a public page is a 404. */
// Server rendering only, left out of browser builds (docs/decisions.md, "Server-only code").
export const prefetch: SectionPrefetch | undefined =
  typeof window === 'undefined'
    ? async ({ queryClient, params }) => {
        const data = await prefetchSponsorPage(queryClient, params.slug ?? '');
        return data ? {} : { notFound: true };
      }
    : undefined;

/** The sitemap: every sponsor with a public page, dated by its latest bounty change. */
// Server only, left out of browser builds (docs/decisions.md, "Server-only code").
export const sitemapEntries: SectionSitemapEntries | undefined =
  typeof window === 'undefined'
    ? async () =>
        (await fetchSponsorList()).map((entry) => ({
          path: sponsorPath(entry.slug),
          ...(entry.updatedAt ? { lastmod: entry.updatedAt } : {}),
        }))
    : undefined;
