import { memo, useDeferredValue, useMemo } from 'react';
import styled from 'styled-components';
import { MutedText, PageContainer, PageHeading, PageMeta, useHydrated, theme } from '@side-quest/design';
import {
  SITE_ROUTES,
  useMinuteClock,
  useSavedBounties,
  type Bounty,
  type SectionPrefetch,
} from '@side-quest/data';
import { BOUNTY_LIST_KEY, loadBountyList, useBounties } from '@side-quest/data/bounty-queries';
import { bountiesHead } from '@side-quest/data/route-heads';
import { BountyCard, CardGrid } from '../common/BountyCard';
import { PostBounty } from '../create/PostBounty';
import { BountyControls, StateFields } from './BountyControls';
import { ListEmpty, ListError, LoadingCards, SavedEmpty } from './ListStates';
import {
  addSkill,
  applyListChanges,
  canonicalSkills,
  filterWithFacets,
  indexBounties,
  nextSort,
  paginate,
  removeSkill,
  showingAllText,
  sortIndexed,
  type ListQuery,
} from '@side-quest/data/bounty-query';
import { useBountyListState } from './useBountyListState';
import { FeedLinks } from './FeedLinks';
import { ListFormButton } from './ListFormButton';
import { listWithoutDetailTexts } from './listPayload';

const HeadingRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(4)};
  align-items: center;
  justify-content: space-between;
  margin-bottom: ${theme.space(6)};
  h1 {
    margin: 0;
  }
`;

/** LOAD_MORE_BOUNTIES's GET form, so paging works without JavaScript; it adds nothing to the layout. */
const PagingForm = styled.form`
  display: contents;
`;

const Footer = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${theme.space(3)};
  margin-top: ${theme.space(8)};
`;

/**
 * LOAD_MORE_BOUNTIES: a GET form to the next page before hydration (so paging works without
 * JavaScript), a button once hydrated. Its own component, so that only it renders again when the page
 * has hydrated.
 */
function LoadMoreForm({ next, onLoadMore }: { next: ListQuery; onLoadMore: () => void }) {
  const hydrated = useHydrated();
  return (
    <PagingForm method="get" action={SITE_ROUTES.bounties} onSubmit={(event) => event.preventDefault()}>
      {!hydrated && <StateFields query={next} />}
      <ListFormButton onAct={onLoadMore}>LOAD_MORE_BOUNTIES</ListFormButton>
    </PagingForm>
  );
}

/** The cards of the page shown. Memoised: the urgent render of a change keeps the cards as they were. */
const ResultCards = memo(function ResultCards({ visible }: { visible: readonly Bounty[] }) {
  return (
    <CardGrid aria-label="Bounties">
      {/* Keyed by position: a filter change replaces the cards' contents, and updating the same
        elements costs a fraction of removing and creating them (the cards keep no state). */}
      {visible.map((bounty, position) => (
        <li key={position}>
          <BountyCard bounty={bounty} />
        </li>
      ))}
    </CardGrid>
  );
});

/**
 * The chosen skills in the dataset's spelling, keyed on their text: a new array of the same skills (the
 * URL is parsed afresh on every navigation) must not trigger another pass over the list.
 */
function useCanonicalSkills(chosen: readonly string[], known: readonly string[] | undefined) {
  const key = chosen.join('\n');
  return useMemo(() => canonicalSkills(key ? key.split('\n') : [], known ?? []), [key, known]);
}

/** /bounties: the marketplace with its filters, sort and paging (mfe-bounties/README.md, "List"). */
export default function BountiesPage() {
  const bountiesQuery = useBounties();
  const { query, update, reset } = useBountyListState();
  const list = bountiesQuery.data;
  const skills = useCanonicalSkills(query.skills, list?.skills);

  // The controls answer a change in the urgent render (a pressed sort, the typed letter, the chosen
  // option), so the next frame is painted at once; the list follows in a deferred render React can
  // interrupt: the sort, one pass giving the results and every facet's count, and the cards. Their
  // rendering (ten cards of new contents) is most of a change's cost on a phone.
  const shown = useDeferredValue(query);
  const shownSkills = useCanonicalSkills(shown.skills, list?.skills);
  const now = useMinuteClock();
  const { savedIds } = useSavedBounties();
  const currentContext = useMemo(() => ({ now, savedIds }), [now, savedIds]);
  const context = useDeferredValue(currentContext);

  // Memoised on their inputs: the index changes only with the data, the sort only with the sort, and the
  // filter pass only with the filters, whatever else the URL's new query object carries.
  const indexed = useMemo(() => indexBounties(list?.bounties ?? []), [list]);
  const sorted = useMemo(
    () => sortIndexed(indexed, shown.sortField, shown.sortDirection),
    [indexed, shown.sortField, shown.sortDirection],
  );
  const { search, domain, status, stage, sponsor, minReward, maxReward, savedOnly } = shown;
  const filters = useMemo(
    () => ({ search, domain, skills: shownSkills, status, stage, sponsor, minReward, maxReward, savedOnly }),
    [search, domain, shownSkills, status, stage, sponsor, minReward, maxReward, savedOnly],
  );
  const { results, facets } = useMemo(
    () => filterWithFacets(sorted, filters, context),
    [sorted, filters, context],
  );
  const page = useMemo(() => paginate(results, shown.pages), [results, shown.pages]);
  const showingAll = showingAllText(page, list?.bounties.length ?? 0);

  let body;
  if (bountiesQuery.isPending) body = <LoadingCards />;
  else if (bountiesQuery.isError) body = <ListError message={bountiesQuery.error.message} />;
  else if (page.total === 0 && savedOnly) body = <SavedEmpty onShowAll={reset} />;
  else if (page.total === 0) body = <ListEmpty onReset={reset} />;
  else
    body = (
      <>
        <ResultCards visible={page.visible} />
        <Footer>
          {page.hasMore && (
            <LoadMoreForm
              next={applyListChanges(query, { pages: query.pages + 1 })}
              onLoadMore={() => update({ pages: query.pages + 1 }, 'replace')}
            />
          )}
          {showingAll && <MutedText>{showingAll}</MutedText>}
        </Footer>
      </>
    );

  return (
    <PageContainer>
      <PageMeta {...bountiesHead} />
      <HeadingRow>
        <PageHeading>BOUNTIES_MARKETPLACE</PageHeading>
        <PostBounty />
      </HeadingRow>
      <BountyControls
        query={{ ...query, skills }}
        domains={list?.domains ?? []}
        skills={list?.skills ?? []}
        facets={list ? facets : undefined}
        onSearch={(search) => update({ search }, 'replace')}
        onFilter={(changes) => update(changes)}
        onDomain={(domain) => update({ domain })}
        onAddSkill={(skill) => update({ skills: addSkill(skills, skill) })}
        onRemoveSkill={(skill) => update({ skills: removeSkill(skills, skill) })}
        onSort={(field) => update(nextSort(query, field))}
        onReset={reset}
      />
      <FeedLinks filters={filters} />
      <p className="visually-hidden" role="status" aria-live="polite">
        {bountiesQuery.isSuccess ? `${page.total} ${page.total === 1 ? 'bounty' : 'bounties'} found` : ''}
      </p>
      {body}
    </PageContainer>
  );
}

/** Server rendering: the list the page filters, without the texts only the detail page shows. */
// Server rendering only, left out of browser builds (docs/decisions.md, "Server-only code").
export const prefetch: SectionPrefetch | undefined =
  typeof window === 'undefined'
    ? async ({ queryClient }) => {
        // A failure stays in the cache, so the page renders its error state (answered 503).
        await queryClient.fetchQuery({
          queryKey: BOUNTY_LIST_KEY,
          queryFn: async () => listWithoutDetailTexts(await loadBountyList()),
        });
      }
    : undefined;
