import { useQuery, type QueryClient, type UseQueryResult } from '@side-quest/data/query';
import type { Bounty, BountyList } from './types';
import { loadBounty, loadBountyList } from './bountySourceOnDemand';

/** Query keys of the bounty data; the landing, bounty list and compass share BOUNTY_LIST_KEY. */
export const BOUNTY_LIST_KEY = ['bounties'] as const;
export const bountyKey = (id: string) => ['bounty', id] as const;

/**
 * The high-value bounties ordered by title (shared/README.md, "Bounty data"), with the domains and
 * skills derived from them. One request per page load: every section reading it shares the one cached
 * result.
 */
export function useBounties(): UseQueryResult<BountyList> {
  return useQuery({ queryKey: BOUNTY_LIST_KEY, queryFn: loadBountyList });
}

/** The list from the cache, or loaded into it (one shared load for whatever is derived from it). */
export function ensureBountyList(queryClient: QueryClient): Promise<BountyList> {
  return queryClient.ensureQueryData({ queryKey: BOUNTY_LIST_KEY, queryFn: loadBountyList });
}

/** One bounty by id; resolves to null when it does not exist. */
export function useBounty(id: string): UseQueryResult<Bounty | null> {
  return useQuery({ queryKey: bountyKey(id), queryFn: () => loadBounty(id), enabled: id.length > 0 });
}

/** Loads one bounty into a QueryClient (server rendering); null when there is no such bounty. */
export function prefetchBounty(queryClient: QueryClient, id: string): Promise<Bounty | null> {
  return queryClient.fetchQuery({ queryKey: bountyKey(id), queryFn: () => loadBounty(id) });
}
