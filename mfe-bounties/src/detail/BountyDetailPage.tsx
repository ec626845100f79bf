import { TagList } from '../common/TagList';
import { Suspense, useMemo, useState } from 'react';
import { Link, UserContent, useParams, theme } from '@side-quest/design';
import styled, { css } from 'styled-components';
import {
  BreakableText,
  Card,
  JsonLd,
  PageContainer,
  PageHeading,
  PageMeta,
  Tag,
  bountyPreviewImage,
  laidOutNearViewport,
} from '@side-quest/design';
import { PageLoading, PageNotFound } from '@side-quest/design/page-states';
import {
  type Bounty,
  type SectionPrefetch,
  type SectionSitemapEntries,
  useAbsoluteUrl,
} from '@side-quest/data';
import { loadBountyList, prefetchBounty, useBounty } from '@side-quest/data/bounty-queries';
import {
  NO_DEADLINE,
  UNTITLED_BOUNTY,
  formatDeadline,
  formatPostedDate,
  formatReward,
} from '../common/bountyFormat';
import { RewardBadge } from '../common/BountyCard';
import { BountyStatus } from '../common/BountyStatus';
import { SaveBountyButton } from '../common/SaveBountyButton';
import { ShareButton } from './ShareButton';
import { LazyHostedTerms } from './lazyHostedTerms';
import { HostedStage } from '../common/HostedStage';

import { LEADERBOARD_PAGES, LIFECYCLE_PAGES, stageOf } from '@side-quest/data/lifecycle';
import { safeExternalUrl, safeImageSrc } from '../common/safeUrl';
import { jobPostingData } from './jobPosting';
import { SimilarBounties } from './SimilarBounties';
import { prefetchSimilarBounties, useSimilarBounties } from './useSimilarBounties';

const BackLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 0.4rem;
  min-height: 44px;
  margin-bottom: ${theme.space(4)};
  font-family: ${theme.font.mono};
  font-weight: 700;
`;

const TitleRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(3)};
  align-items: center;
  margin-bottom: ${theme.space(6)};
  h1 {
    margin: 0;
  }
  ${RewardBadge} {
    font-size: 1.2rem;
  }
`;

const Layout = styled.div`
  display: grid;
  gap: ${theme.space(8)};
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: ${theme.breakpoint.large}) {
    grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
    align-items: start;
  }
`;

const Main = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(6)};
  min-width: 0;
  h2 {
    font-size: 1.2rem;
  }
  section > p {
    margin: 0;
    white-space: pre-line;
  }
`;

const Image = styled.img`
  width: 100%;
  max-height: 360px;
  object-fit: cover;
  border-radius: ${theme.radius.large};
  border: 1px solid ${theme.color.border};
`;

const Side = styled(Card).attrs({ as: 'aside' })`
  /* Below the description on a phone; beside it, and laid out at once, on a wide screen. */
  ${laidOutNearViewport('530px')}
  h2 {
    font-size: 1.1rem;
  }
  dl {
    margin: 0 0 ${theme.space(2)};
    display: grid;
    gap: ${theme.space(3)};
  }
  dt {
    font-family: ${theme.font.mono};
    font-size: 0.8rem;
    color: ${theme.color.textMuted};
  }
  dd {
    margin: 0;
  }
`;

const DetailActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(2)};
  margin: ${theme.space(4)} 0;
`;

const applyStyle = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 44px;
  padding: 0.6rem 1.1rem;
  border-radius: ${theme.radius.medium};
  background: ${theme.color.accent};
  color: ${theme.color.accentText};
  font-family: ${theme.font.mono};
  font-weight: 700;
  text-decoration: none;
`;

const ApplyLink = styled.a`
  ${applyStyle}
`;

/** A hosted bounty's action: signed out, the access rules send the browser to sign in and back. */
const SubmitLink = styled(Link)`
  ${applyStyle}
`;

/** The placeholder blocks while the bounty loads: its image, title and three lines of text. */
const LOADING_BLOCKS = [
  '14rem',
  { height: '1.2rem', width: '40%' },
  '1rem',
  { height: '1rem', width: '90%' },
  { height: '1rem', width: '75%' },
];

function LoadingView() {
  return (
    <PageLoading
      title="Loading Bounty..."
      heading="Loading Bounty..."
      blocks={LOADING_BLOCKS}
      data-testid="detail-placeholder"
    />
  );
}

function NotFoundView({ message }: { message: string }) {
  return (
    <PageNotFound
      title="Bounty Not Found"
      heading="BOUNTY_NOT_FOUND"
      message={message}
      back={{ to: '/bounties', label: 'RETURN_TO_BOUNTIES' }}
    />
  );
}

function LoadedView({ bounty }: { bounty: Bounty }) {
  const [imageFailed, setImageFailed] = useState(false);
  const origin = new URL(useAbsoluteUrl()('/')).origin;
  const title = bounty.item_title.trim() || UNTITLED_BOUNTY;
  const reward = formatReward(bounty.reward_amount);
  const imageSrc = safeImageSrc(bounty.image_url, origin);
  const applyUrl = safeExternalUrl(bounty.item_url);
  const description = bounty.full_bounty_description.trim() || bounty.summary_description.trim();
  const similar = useSimilarBounties(bounty);
  const { hosted } = bounty;
  // The clock is read once per render, like the deadline status.
  const now = Date.now();
  const stage = hosted ? stageOf({ ...hosted, winners: hosted.winners }, now) : null;
  // A hosted bounty that is over (closed, cancelled or paid) is no job offer any more.
  const offered = !stage || !['closed', 'cancelled', 'paid'].includes(stage);
  const jsonLd = useMemo(
    () =>
      jobPostingData(bounty, {
        origin,
        imageSrc,
        pageUrl: `${origin}/bounty/${encodeURIComponent(bounty.id)}`,
      }),
    [bounty, origin, imageSrc],
  );

  return (
    <PageContainer>
      <PageMeta
        title={title}
        description={bounty.summary_description || bounty.full_bounty_description}
        image={bountyPreviewImage(bounty)}
      />
      {offered && <JsonLd data={jsonLd} />}
      <BackLink to="/bounties">
        <span aria-hidden="true">←</span> BACK_TO_BOUNTIES
      </BackLink>
      <TitleRow>
        <PageHeading>{title}</PageHeading>
        {reward && <RewardBadge data-testid="reward-badge">{reward}</RewardBadge>}
      </TitleRow>
      <Layout>
        <Main>
          {imageSrc && !imageFailed && (
            <Image
              src={imageSrc}
              alt=""
              loading="lazy"
              decoding="async"
              onError={() => setImageFailed(true)}
            />
          )}
          <section aria-labelledby="bounty-description">
            <h2 id="bounty-description">DESCRIPTION</h2>
            {hosted ? (
              <UserContent html={hosted.descriptionHtml} />
            ) : (
              <p>{description ? <BreakableText text={description} /> : 'No description provided.'}</p>
            )}
          </section>
          {hosted?.scored && (
            <section aria-labelledby="bounty-leaderboard">
              <h2 id="bounty-leaderboard">LEADERBOARD</h2>
              <p>
                Entries are scored against answers the sponsor keeps; the final board is revealed at the
                submission deadline. <Link to={LEADERBOARD_PAGES.page(bounty.id)}>See the leaderboard</Link>
              </p>
            </section>
          )}
          {hosted && (
            <Suspense fallback={null}>
              <LazyHostedTerms hosted={hosted} now={now} />
            </Suspense>
          )}
          {bounty.skill_tags.length > 0 && (
            <section aria-labelledby="bounty-skills">
              <h2 id="bounty-skills">SKILLS</h2>
              <TagList>
                {bounty.skill_tags.map((tag) => (
                  <li key={tag}>
                    <Tag>{tag}</Tag>
                  </li>
                ))}
              </TagList>
            </section>
          )}
          {bounty.learnings.trim() && (
            <section aria-labelledby="bounty-learnings">
              <h2 id="bounty-learnings">LEARNINGS</h2>
              <p>
                <BreakableText text={bounty.learnings} />
              </p>
            </section>
          )}
        </Main>
        <Side aria-labelledby="bounty-details">
          <h2 id="bounty-details">BOUNTY_DETAILS</h2>
          <dl>
            {bounty.platform_name.trim() && (
              <div>
                <dt>POSTED_BY</dt>
                <dd>{bounty.platform_name}</dd>
              </div>
            )}
            {bounty.bounty_area && (
              <div>
                <dt>AREA</dt>
                <dd>{bounty.bounty_area}</dd>
              </div>
            )}
            <div>
              <dt>POSTED_DATE</dt>
              <dd>{formatPostedDate(bounty.created_at)}</dd>
            </div>
            {reward && (
              <div>
                <dt>BOUNTY_REWARD</dt>
                <dd>{reward}</dd>
              </div>
            )}
            {bounty.deadline.trim() && (
              <div>
                <dt>DEADLINE</dt>
                <dd>{formatDeadline(bounty.deadline) || NO_DEADLINE}</dd>
              </div>
            )}
          </dl>
          <BountyStatus deadline={bounty.deadline} />
          {hosted && stage && <HostedStage hosted={hosted} stage={stage} now={now} />}
          <DetailActions>
            <SaveBountyButton bountyId={bounty.id} withText />
            <ShareButton title={title} path={`/bounty/${encodeURIComponent(bounty.id)}`} />
          </DetailActions>
          {hosted
            ? stage === 'open' && (
                <SubmitLink to={LIFECYCLE_PAGES.submit(bounty.id)} data-testid="submit-solution">
                  Submit a solution
                </SubmitLink>
              )
            : applyUrl && (
                <ApplyLink href={applyUrl} target="_blank" rel="noopener noreferrer">
                  APPLY_NOW
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </ApplyLink>
              )}
        </Side>
      </Layout>
      {similar.length > 0 && <SimilarBounties bounties={similar} />}
    </PageContainer>
  );
}

/**
 * /bounty/:id — loading, not found, or the bounty with its details and similar bounties
 * (mfe-bounties/README.md, "Detail").
 */
export default function BountyDetailPage() {
  const { id = '' } = useParams();
  const bountyQuery = useBounty(id);

  if (!id)
    return <NotFoundView message="The bounty you're looking for does not exist or has been removed." />;
  if (bountyQuery.isPending) return <LoadingView />;
  if (bountyQuery.isError) {
    return <NotFoundView message={bountyQuery.error.message || 'Failed to load bounty details.'} />;
  }
  if (!bountyQuery.data) {
    return <NotFoundView message="The bounty you're looking for does not exist or has been removed." />;
  }
  return <LoadedView key={bountyQuery.data.id} bounty={bountyQuery.data} />;
}

/** Server rendering: the bounty and its similar bounties; an unknown id is a 404. */
// Server rendering only, left out of browser builds (docs/decisions.md, "Server-only code").
export const prefetch: SectionPrefetch | undefined =
  typeof window === 'undefined'
    ? async ({ queryClient, params }) => {
        const bounty = await prefetchBounty(queryClient, params.id ?? '');
        if (!bounty) return { notFound: true };
        await prefetchSimilarBounties(queryClient, bounty);
        return {};
      }
    : undefined;

/** The sitemap: every listed bounty's page, dated by its creation (bounties carry no edit date). */
// Server only, left out of browser builds (docs/decisions.md, "Server-only code").
export const sitemapEntries: SectionSitemapEntries | undefined =
  typeof window === 'undefined'
    ? async () => {
        const { bounties } = await loadBountyList();
        return bounties.map((bounty) => ({
          path: `/bounty/${encodeURIComponent(bounty.id)}`,
          ...(bounty.created_at ? { lastmod: bounty.created_at } : {}),
        }));
      }
    : undefined;
