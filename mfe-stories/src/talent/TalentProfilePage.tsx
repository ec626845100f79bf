import styled from 'styled-components';
import {
  JsonLd,
  Link,
  MutedText,
  PageContainer,
  PageHeading,
  PageMeta,
  Panel,
  RowList,
  Tag,
  cardPreviewVersion,
  useParams,
  theme,
} from '@side-quest/design';
import { PageLoading, PageNotFound } from '@side-quest/design/page-states';
import {
  SITE_ROUTES,
  formatUtcDate,
  useAbsoluteUrl,
  type SectionPrefetch,
  type SectionSitemapEntries,
} from '@side-quest/data';
import {
  PROVED_COMPETENCE,
  formatProvenSkills,
  loadPublicTalent,
  prefetchTalentProfile,
  talentPath,
  talentPreviewCard,
  useTalentProfile,
  type TalentProfile,
} from '@side-quest/data/trust';
import { useViewer } from '@side-quest/data/account';
import { requestFromProfilePath, useInterviewFrom, useViewerAvailability } from '@side-quest/data/hiring';
import { talentProfileHead } from '@side-quest/data/route-heads';
import { OpenToWorkBadge } from './OpenToWorkBadge';
import {
  bountiesWon,
  memberSinceText,
  profilePageJsonLd,
  skillLinks,
  talentDescription,
  usd,
} from './talentRules';

const Header = styled.header`
  margin-bottom: ${theme.space(6)};
  h1 {
    margin-bottom: ${theme.space(1)};
    overflow-wrap: anywhere;
  }
  p {
    margin: 0;
  }
`;

const Availability = styled.div`
  margin: ${theme.space(3)} 0;
`;

const Proved = styled.p`
  margin: ${theme.space(3)} 0 0;
  font-size: 1.05rem;
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr));
  gap: ${theme.space(3)};
  margin: 0 0 ${theme.space(6)};
  div {
    border: 1px solid ${theme.color.border};
    border-radius: ${theme.radius.medium};
    padding: ${theme.space(3)};
  }
  dt {
    font-family: ${theme.font.mono};
    font-size: 0.8rem;
    color: ${theme.color.textMuted};
  }
  dd {
    margin: 0;
    font-size: 1.3rem;
    font-weight: 700;
  }
`;

const Sections = styled.div`
  display: grid;
  gap: ${theme.space(6)};
  @media (min-width: ${theme.breakpoint.large}) {
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
    align-items: start;
  }
`;

const Skills = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: ${theme.space(2)};
    border-top: 1px solid ${theme.color.border};
  }
  li:first-child {
    border-top: none;
  }
  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
  }
  a:first-child {
    font-weight: 700;
  }
  a + a {
    font-family: ${theme.font.mono};
    font-size: 0.85rem;
  }
`;

const Win = styled.li`
  display: grid;
  gap: ${theme.space(1)};
  a {
    font-weight: 700;
    overflow-wrap: anywhere;
  }
  p {
    margin: 0;
  }
`;

function LoadingView() {
  return <PageLoading {...talentProfileHead} heading="Talent profile" blocks={['6rem', '14rem']} />;
}

function NotFoundView({ message }: { message: string }) {
  return (
    <PageNotFound
      title="Profile not found"
      description={talentProfileHead.description}
      heading="Profile not found"
      message={message}
      back={{ to: SITE_ROUTES.bounties, label: 'Browse bounties' }}
    />
  );
}

/**
 * The availability this viewer may see: the public answer's, or, for a signed-in viewer, one meant for
 * verified sponsors (the server renders it into their page; the public never receives it).
 */
function useAvailability(profile: TalentProfile) {
  const viewer = useViewer();
  const restricted = useViewerAvailability(profile.handle, Boolean(viewer) && !profile.openToWork);
  return profile.openToWork ?? restricted.data ?? null;
}

/**
 * "Request an interview" for an owner or admin of a verified sponsor, on a profile open to work for
 * them: one link per organisation they may ask from, to its compose page.
 */
function RequestInterview({ handle, open }: { handle: string; open: boolean }) {
  const viewer = useViewer();
  const { data } = useInterviewFrom(handle, Boolean(viewer) && open);
  if (!open || !data || data.organisations.length === 0) return null;
  return (
    <p>
      {data.organisations.map((organisation, index) => (
        <span key={organisation.slug}>
          {index > 0 && ' · '}
          <Link to={requestFromProfilePath(organisation.slug, handle)}>
            Request an interview as {organisation.name}
          </Link>
        </span>
      ))}
    </p>
  );
}

function ProfileView({ profile }: { profile: TalentProfile }) {
  const availability = useAvailability(profile);
  const origin = new URL(useAbsoluteUrl()('/')).origin;
  const won = bountiesWon(profile);
  const card = talentPreviewCard(profile);
  const image = `/og/talent/${encodeURIComponent(profile.handle)}.png?v=${cardPreviewVersion(card)}`;
  const demo = profile.wins.some((win) => win.demo);

  return (
    <PageContainer>
      <PageMeta title={profile.name} description={talentDescription(profile)} image={image} />
      <JsonLd data={profilePageJsonLd(profile, origin)} />
      <Header>
        <PageHeading>{profile.name}</PageHeading>
        <MutedText>
          @{profile.handle} · Member since {memberSinceText(profile.memberSince)}
        </MutedText>
        {availability && (
          <Availability>
            <OpenToWorkBadge openToWork={availability} />
          </Availability>
        )}
        <RequestInterview handle={profile.handle} open={Boolean(availability)} />
        {profile.hiredBy && profile.hiredBy.length > 0 && (
          <MutedText data-testid="hired-by">
            Hired by {profile.hiredBy.join(', ')} through Side Quest
          </MutedText>
        )}
        {profile.provenSkills.length > 0 && (
          <Proved>
            {PROVED_COMPETENCE} <strong>{formatProvenSkills(profile.provenSkills)}</strong>
          </Proved>
        )}
      </Header>
      {demo && (
        <MutedText data-testid="demo-label">
          Demo data: these wins are the made-up history a fresh start of Side Quest shows.
        </MutedText>
      )}
      <Facts>
        <div>
          <dt>Bounties won</dt>
          <dd>{won}</dd>
        </div>
        <div>
          <dt>Submissions made</dt>
          <dd>{profile.submissions}</dd>
        </div>
        {profile.earnings && (
          <>
            <div>
              <dt>Prizes won</dt>
              <dd>{usd(profile.earnings.awarded)}</dd>
            </div>
            <div>
              <dt>Paid so far</dt>
              <dd>{usd(profile.earnings.paid)}</dd>
            </div>
          </>
        )}
      </Facts>
      <Sections>
        <Panel aria-labelledby="talent-wins">
          <h2 id="talent-wins">Bounties won</h2>
          {profile.wins.length === 0 ? (
            <MutedText>No bounty won yet.</MutedText>
          ) : (
            <RowList data-testid="talent-wins">
              {profile.wins.map((win) => (
                <Win key={`${win.bountyId}-${win.prize}`}>
                  <Link to={`/bounty/${encodeURIComponent(win.bountyId)}`}>{win.title}</Link>
                  <p>
                    {win.sponsor.name} · prize {usd(win.prize)}
                    {win.announcedAt && (
                      <> · announced {formatUtcDate(Date.parse(win.announcedAt), 'long')}</>
                    )}
                  </p>
                  {profile.earnings && <Tag>{win.paid ? 'Paid' : 'Payment pending'}</Tag>}
                </Win>
              ))}
            </RowList>
          )}
        </Panel>
        <Panel aria-labelledby="talent-skills">
          <h2 id="talent-skills">Proven skills</h2>
          {profile.provenSkills.length === 0 ? (
            <MutedText>The skills of the bounties won show here.</MutedText>
          ) : (
            <>
              <MutedText>The skills of the bounties won: their bounties, and what each pays.</MutedText>
              <Skills data-testid="proven-skills">
                {profile.provenSkills.map((skill) => {
                  const links = skillLinks(skill);
                  return (
                    <li key={skill}>
                      <Link to={links.bounties}>
                        {skill}
                        <span className="visually-hidden">: bounties asking for it</span>
                      </Link>
                      <Link to={links.compass}>
                        What it pays<span className="visually-hidden">: {skill}</span>
                      </Link>
                    </li>
                  );
                })}
              </Skills>
            </>
          )}
        </Panel>
      </Sections>
    </PageContainer>
  );
}

/**
 * /talent/:handle — a person's public profile (issue 33, "Talent profiles"): bounties won with sponsor
 * and prize, proven skills, submissions made, member since, and earnings when they chose to show them.
 * Only a profile its person made public exists; any other handle is the not-found view (404).
 */
export default function TalentProfilePage() {
  const { handle = '' } = useParams();
  const query = useTalentProfile(handle);
  const gone = 'There is no public profile with this handle.';
  if (!handle) return <NotFoundView message={gone} />;
  if (query.isPending) return <LoadingView />;
  if (query.isError)
    return <NotFoundView message="The profile cannot be loaded right now. Try again shortly." />;
  if (!query.data) return <NotFoundView message={gone} />;
  return <ProfileView profile={query.data} />;
}

/** Server rendering: the profile; an unknown or private handle is a 404. */
// Server rendering only, left out of browser builds (docs/decisions.md, "Server-only code").
export const prefetch: SectionPrefetch | undefined =
  typeof window === 'undefined'
    ? async ({ queryClient, params }) => {
        const profile = await prefetchTalentProfile(queryClient, params.handle ?? '');
        return { notFound: !profile };
      }
    : undefined;

/** The sitemap: every public profile (a private one is never listed). */
// Server only, left out of browser builds (docs/decisions.md, "Server-only code").
export const sitemapEntries: SectionSitemapEntries | undefined =
  typeof window === 'undefined'
    ? async () => (await loadPublicTalent()).data.map((entry) => ({ path: talentPath(entry.handle) }))
    : undefined;
