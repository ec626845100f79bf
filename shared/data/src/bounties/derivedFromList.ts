import { useQuery, useQueryClient, type QueryClient, type UseQueryResult } from '@side-quest/data/query';
import type { BountyList } from './types';
import { loadBountyList } from './bountySourceOnDemand';
import { BOUNTY_LIST_KEY, ensureBountyList } from './useBounties';

/**
 * Something a page computes from the bounty list (compass statistics, featured or similar bounties),
 * as a query of its own. In the browser it is derived from the shared list (at once when the list is
 * cached, otherwise after the one shared load); a server-rendered page carries just the result, a few
 * KB, instead of the whole list, and the browser does not compute it again.
 */
export function useDerivedFromBountyList<T>(
  queryKey: readonly unknown[],
  derive: (list: BountyList) => T,
): UseQueryResult<T> {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey,
    queryFn: async () => derive(await ensureBountyList(queryClient)),
    initialData: () => {
      const list = queryClient.getQueryData<BountyList>(BOUNTY_LIST_KEY);
      return list ? derive(list) : undefined;
    },
  });
}

/** Server rendering: the derived result alone goes into the page, not the list it comes from. */
export async function prefetchDerivedFromBountyList<T>(
  queryClient: QueryClient,
  queryKey: readonly unknown[],
  derive: (list: BountyList) => T,
): Promise<void> {
  await queryClient.fetchQuery({ queryKey, queryFn: async () => derive(await loadBountyList()) });
}
