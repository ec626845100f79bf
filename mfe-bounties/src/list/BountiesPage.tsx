import { useDeferredValue, useMemo } from 'react';
import styled from 'styled-components';
import { MutedText, PageContainer, PageHeading, PageMeta, useHydrated, theme } from '@side-quest/design';
import { SITE_ROUTES, useMinuteClock, useSavedBounties, type SectionPrefetch } from '@side-quest/data';
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
  filterIndexed,
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

/** /bounties: the marketplace with its filters, sort and paging (mfe-bounties/README.md, "List"). */
export default function BountiesPage() {
  const bountiesQuery = useBounties();
  const { query, update, reset } = useBountyListState();
  const list = bountiesQuery.data;

  // Derived lists are memoised on their inputs: the index and the sort change only with the data or the
  // sort, so a keystroke in the search box costs one filter pass over the sorted list.
  const indexed = useMemo(() => indexBounties(list?.bounties ?? []), [list]);
  const sorted = useMemo(
    () => sortIndexed(indexed, query.sortField, query.sortDirection),
    [indexed, query.sortField, query.sortDirection],
  );
  // Keyed on the skills' text: the URL is parsed afresh on every navigation, and a new array with the
  // same skills must not trigger another pass over the whole list.
  const skillsKey = query.skills.join('\n');
  const knownSkills = list?.skills;
  const skills = useMemo(
    () => canonicalSkills(skillsKey ? skillsKey.split('\n') : [], knownSkills ?? []),
    [skillsKey, knownSkills],
  );
  const now = useMinuteClock();
  const { savedIds } = useSavedBounties();
  const { search, domain, status, stage, sponsor, minReward, maxReward, savedOnly } = query;
  const filters = useMemo(
    () => ({ search, domain, skills, status, stage, sponsor, minReward, maxReward, savedOnly }),
    [search, domain, skills, status, stage, sponsor, minReward, maxReward, savedOnly],
  );
  const context = useMemo(() => ({ now, savedIds }), [now, savedIds]);
  // The list answers a change in the same frame; the options' counts and the feed links follow in a
  // deferred render React can interrupt, so counting every facet never delays a keystroke or a sort
  // (the counts do not depend on the order). Once the deferred render catches up, its one pass gives
  // both the list and the counts.
  const deferredFilters = useDeferredValue(filters);
  const deferredSorted = useDeferredValue(sorted);
  const counted = useMemo(
    () => filterWithFacets(deferredSorted, deferredFilters, context),
    [deferredSorted, deferredFilters, context],
  );
  const caughtUp = deferredFilters === filters && deferredSorted === sorted;
  const results = useMemo(
    () => (caughtUp ? counted.results : filterIndexed(sorted, filters, context)),
    [caughtUp, counted, filters, sorted, context],
  );
  const facets = counted.facets;
  const page = useMemo(() => paginate(results, query.pages), [results, query.pages]);
  const showingAll = showingAllText(page, list?.bounties.length ?? 0);

  let body;
  if (bountiesQuery.isPending) body = <LoadingCards />;
  else if (bountiesQuery.isError) body = <ListError message={bountiesQuery.error.message} />;
  else if (page.total === 0 && query.savedOnly) body = <SavedEmpty onShowAll={reset} />;
  else if (page.total === 0) body = <ListEmpty onReset={reset} />;
  else
    body = (
      <>
        <CardGrid aria-label="Bounties">
          {/* Keyed by position: a filter change replaces the cards' contents, and updating the same
            elements costs a fraction of removing and creating them (the cards keep no state). */}
          {page.visible.map((bounty, position) => (
            <li key={position}>
              <BountyCard bounty={bounty} />
            </li>
          ))}
        </CardGrid>
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
      <FeedLinks filters={deferredFilters} />
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
