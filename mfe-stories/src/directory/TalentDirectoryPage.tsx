import type { FormEvent } from 'react';
import styled from 'styled-components';
import {
  Button,
  ErrorText,
  Link,
  MutedText,
  PageContainer,
  PageMeta,
  Skeleton,
  Tag,
  theme,
  useLocation,
  useNavigate,
} from '@side-quest/design';
import { SITE_ROUTES, type SectionPrefetch } from '@side-quest/data';
import {
  WORK_KINDS,
  WORK_KIND_LABELS,
  directoryQueryOf,
  directorySearch,
  prefetchTalentDirectory,
  useTalentDirectory,
  type TalentDirectoryEntry,
  type TalentDirectoryPage as DirectoryPage,
  type TalentDirectoryQuery,
  type WorkFilter,
} from '@side-quest/data/hiring';
import { talentPath } from '@side-quest/data/trust';
import { talentDirectoryHead } from '@side-quest/data/route-heads';
import { PageIntro } from '../cards/PageIntro';
import { OpenToWorkBadge } from '../talent/OpenToWorkBadge';

/** Proven skills a row shows before "+N more". */
const ROW_SKILLS = 6;

const Filters = styled.form`
  display: grid;
  gap: ${theme.space(3)};
  margin: ${theme.space(6)} 0;
  padding: ${theme.space(4)};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.large};
  background: ${theme.color.surface};
  @media (min-width: ${theme.breakpoint.medium}) {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr) auto;
    align-items: end;
  }
  label {
    display: flex;
    flex-direction: column;
    gap: ${theme.space(1)};
    font-family: ${theme.font.mono};
    font-size: 0.85rem;
    font-weight: 700;
  }
  select {
    min-height: 44px;
    padding: 0.5rem 0.75rem;
    border-radius: ${theme.radius.medium};
    border: 1px solid ${theme.color.border};
    background: ${theme.color.background};
    color: ${theme.color.text};
    font-family: ${theme.font.body};
    font-weight: 400;
  }
`;

const Rows = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${theme.space(3)};
`;

const Row = styled.li`
  display: grid;
  gap: ${theme.space(2)};
  padding: ${theme.space(4)};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.large};
  background: ${theme.color.surface};
  h2 {
    margin: 0;
    font-size: 1.15rem;
    overflow-wrap: anywhere;
  }
  h2 a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
  }
  p {
    margin: 0;
  }
`;

const SkillTags = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(2)};
`;

const Paging = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space(3)};
  margin-top: ${theme.space(6)};
  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    font-weight: 700;
  }
`;

const WORK_CHOICES: ReadonlyArray<readonly [WorkFilter, string]> = [
  ['', 'Everyone'],
  ['any', 'Open to any work'],
  ...WORK_KINDS.map((kind) => [kind, `Open to ${WORK_KIND_LABELS[kind].toLowerCase()} work`] as const),
];

function TalentRow({ entry }: { entry: TalentDirectoryEntry }) {
  const shown = entry.provenSkills.slice(0, ROW_SKILLS);
  const more = entry.provenSkills.length - shown.length;
  return (
    <Row>
      <h2>
        <Link to={talentPath(entry.handle)}>{entry.name}</Link>
      </h2>
      <MutedText>
        @{entry.handle} · {entry.bountiesWon} {entry.bountiesWon === 1 ? 'bounty' : 'bounties'} won
      </MutedText>
      {shown.length > 0 && (
        <SkillTags aria-label="Proven skills">
          {shown.map((skill) => (
            <li key={skill}>
              <Tag>{skill}</Tag>
            </li>
          ))}
          {more > 0 && (
            <li>
              <Tag>+{more} more</Tag>
            </li>
          )}
        </SkillTags>
      )}
      {entry.openToWork && <OpenToWorkBadge openToWork={entry.openToWork} />}
    </Row>
  );
}

function FilterForm({ query, skills }: { query: TalentDirectoryQuery; skills: string[] }) {
  const navigate = useNavigate();
  // With a script the filter applies without a reload; without one the browser sends the same GET.
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const search = directorySearch({
      skill: String(form.get('skill') ?? ''),
      work: String(form.get('work') ?? '') as WorkFilter,
    });
    navigate(`${SITE_ROUTES.talentDirectory}${search}`);
  }
  // An unknown skill in the address stays selectable, so the form says what is applied.
  const choices = query.skill && !skills.includes(query.skill) ? [query.skill, ...skills] : skills;
  return (
    <Filters method="get" action={SITE_ROUTES.talentDirectory} onSubmit={onSubmit} aria-label="Filter talent">
      <label>
        Proven skill
        <select name="skill" defaultValue={query.skill} key={`skill-${query.skill}`}>
          <option value="">Any skill</option>
          {choices.map((skill) => (
            <option key={skill} value={skill}>
              {skill}
            </option>
          ))}
        </select>
      </label>
      <label>
        Open to work
        <select name="work" defaultValue={query.work} key={`work-${query.work}`}>
          {WORK_CHOICES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <div>
        <Button type="submit">Filter</Button>
      </div>
    </Filters>
  );
}

function Results({ page, query }: { page: DirectoryPage; query: TalentDirectoryQuery }) {
  const filtered = Boolean(query.skill || query.work);
  if (page.total === 0)
    return (
      <div>
        <p>{filtered ? 'No public profile matches these filters.' : 'No public profiles yet.'}</p>
        {filtered && <Link to={SITE_ROUTES.talentDirectory}>Show everyone</Link>}
      </div>
    );
  const at = (pageNumber: number) =>
    `${SITE_ROUTES.talentDirectory}${directorySearch({ ...query, page: pageNumber })}`;
  return (
    <>
      <MutedText role="status">
        {page.total} {page.total === 1 ? 'person' : 'people'}
        {filtered ? ' match' : ' with a public profile'}, most bounties won first.
      </MutedText>
      {page.data.length === 0 ? (
        <p>
          There is no page {page.page}. <Link to={at(1)}>Go to the first page</Link>
        </p>
      ) : (
        <Rows data-testid="talent-directory">
          {page.data.map((entry) => (
            <TalentRow key={entry.handle} entry={entry} />
          ))}
        </Rows>
      )}
      {page.pages > 1 && (
        <Paging aria-label="Pages">
          {page.page > 1 ? (
            <Link to={at(Math.min(page.page - 1, page.pages))}>← Previous page</Link>
          ) : (
            <span />
          )}
          <span>
            Page {page.page} of {page.pages}
          </span>
          {page.page < page.pages ? <Link to={at(page.page + 1)}>Next page →</Link> : <span />}
        </Paging>
      )}
    </>
  );
}

/**
 * /talent — the talent directory (issue 46 item 2): public profiles, filtered by a proven skill and by
 * being open to work (as the viewer may see it), most proven wins first, 20 a page. Server-rendered;
 * the filters are a plain GET form, so it works before and without JavaScript.
 */
export default function TalentDirectoryPage() {
  const { search } = useLocation();
  const { query, problem } = directoryQueryOf(search);
  const directory = useTalentDirectory(directorySearch(query));
  const head = talentDirectoryHead;
  const title = query.page > 1 ? `${head.title}, page ${query.page}` : head.title;

  return (
    <PageContainer>
      <PageMeta title={title} description={head.description} />
      <PageIntro eyebrow="PROVEN_TALENT" title="Talent directory">
        People who proved their skills by winning bounties. Filter by a skill they proved or by who is open to
        work, and open a profile to see the evidence.
      </PageIntro>
      <FilterForm query={query} skills={directory.data?.skills ?? []} />
      {problem && <ErrorText role="alert">That address holds a filter we cannot read: {problem}</ErrorText>}
      {directory.isPending ? (
        <div aria-busy="true">
          <Skeleton $height="7rem" />
        </div>
      ) : directory.isError ? (
        <ErrorText role="alert">The directory cannot be loaded right now. Try again shortly.</ErrorText>
      ) : (
        <Results page={directory.data} query={query} />
      )}
    </PageContainer>
  );
}

/** Server rendering: the page the address names, as the public sees it (a signed-in page holds its own). */
// Server rendering only, left out of browser builds (docs/decisions.md, "Server-only code").
export const prefetch: SectionPrefetch | undefined =
  typeof window === 'undefined'
    ? async ({ queryClient, search }) => {
        const { query } = directoryQueryOf(search.toString() ? `?${search.toString()}` : '');
        await prefetchTalentDirectory(queryClient, directorySearch(query));
      }
    : undefined;
