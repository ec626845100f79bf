import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { Bounty, BountyList } from './types';
import { loadBounty, loadBountyList } from './bountySource';

/** Query keys of the bounty data; the landing, bounty list and compass share BOUNTY_LIST_KEY. */
export const BOUNTY_LIST_KEY = ['bounties'] as const;
export const bountyKey = (id: string) => ['bounty', id] as const;

/**
 * The high-value bounties ordered by title (SPEC §7 list), with the domains and skills derived from
 * them. One request per page load: every section reading it shares the one cached result.
 */
export function useBounties(): UseQueryResult<BountyList> {
  return useQuery({ queryKey: BOUNTY_LIST_KEY, queryFn: loadBountyList });
}

/** One bounty by id; resolves to null when it does not exist. */
export function useBounty(id: string): UseQueryResult<Bounty | null> {
  return useQuery({ queryKey: bountyKey(id), queryFn: () => loadBounty(id), enabled: id.length > 0 });
}
