import { useQuery, useQueryClient, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import {
  BOUNTY_LIST_KEY,
  ensureBountyList,
  loadBountyList,
  type Bounty,
  type BountyList,
} from '@side-quest/data';
import { featuredBounties } from './featuredSelection';

export const FEATURED_BOUNTIES_KEY = ['featured-bounties'] as const;

/**
 * The landing's featured bounties as a query of their own: picked from the shared list in the browser
 * (at once when it is cached), while a server-rendered landing carries just these few bounties, not the
 * whole list.
 */
export function useFeaturedBounties(): UseQueryResult<Bounty[]> {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: FEATURED_BOUNTIES_KEY,
    queryFn: async () => featuredBounties((await ensureBountyList(queryClient)).bounties),
    initialData: () => {
      const list = queryClient.getQueryData<BountyList>(BOUNTY_LIST_KEY);
      return list ? featuredBounties(list.bounties) : undefined;
    },
  });
}

/** Server rendering: the featured bounties alone go into the page. */
export async function prefetchFeaturedBounties(queryClient: QueryClient): Promise<void> {
  await queryClient.fetchQuery({
    queryKey: FEATURED_BOUNTIES_KEY,
    queryFn: async () => featuredBounties((await loadBountyList()).bounties),
  });
}
