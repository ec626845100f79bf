import { useQuery, useQueryClient, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import {
  BOUNTY_LIST_KEY,
  ensureBountyList,
  loadBountyList,
  useRenderTime,
  type BountyList,
} from '@side-quest/data';
import { computeCompassStats, type CompassStats } from '../stats/compassStats';

export const COMPASS_STATS_KEY = ['compass-stats'] as const;

/**
 * The compass statistics as a query of their own. In the browser they are computed from the shared
 * bounty list (loaded once for landing, marketplace and compass); a server-rendered page carries the
 * computed statistics (a few KB) instead of the whole list, and the browser does not compute them again.
 */
export function useCompassStats(): UseQueryResult<CompassStats> {
  const queryClient = useQueryClient();
  const renderTime = useRenderTime();
  const compute = (list: BountyList) => computeCompassStats(list.bounties, new Date(renderTime));
  return useQuery({
    queryKey: COMPASS_STATS_KEY,
    queryFn: async () => compute(await ensureBountyList(queryClient)),
    // A list already in the cache (after the marketplace) gives the statistics at once, with no loading state.
    initialData: () => {
      const list = queryClient.getQueryData<BountyList>(BOUNTY_LIST_KEY);
      return list ? compute(list) : undefined;
    },
  });
}

/** Server rendering: the statistics alone go into the page, not the list they come from. */
export async function prefetchCompassStats(queryClient: QueryClient, renderTime: number): Promise<void> {
  await queryClient.fetchQuery({
    queryKey: COMPASS_STATS_KEY,
    queryFn: async () => computeCompassStats((await loadBountyList()).bounties, new Date(renderTime)),
  });
}
