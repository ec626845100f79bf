import type { QueryClient, UseQueryResult } from '@side-quest/data/query';
import { type Bounty, type BountyList } from '@side-quest/data';
import { prefetchDerivedFromBountyList, useDerivedFromBountyList } from '@side-quest/data/bounty-queries';
import { featuredBounties } from './featuredSelection';

export const FEATURED_BOUNTIES_KEY = ['featured-bounties'] as const;

const pick = (list: BountyList) => featuredBounties(list.bounties);

/** The landing's featured bounties, picked from the shared list (or by the server). */
export function useFeaturedBounties(): UseQueryResult<Bounty[]> {
  return useDerivedFromBountyList(FEATURED_BOUNTIES_KEY, pick);
}

/** Server rendering: the featured bounties alone go into the page. */
export function prefetchFeaturedBounties(queryClient: QueryClient): Promise<void> {
  return prefetchDerivedFromBountyList(queryClient, FEATURED_BOUNTIES_KEY, pick);
}
