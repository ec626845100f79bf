import type { QueryClient, UseQueryResult } from '@side-quest/data/query';
import { useRenderTime, type BountyList } from '@side-quest/data';
import { prefetchDerivedFromBountyList, useDerivedFromBountyList } from '@side-quest/data/bounty-queries';
import { computeCompassStats, type CompassStats } from '../stats/compassStats';

export const COMPASS_STATS_KEY = ['compass-stats'] as const;

const statsAt = (time: number) => (list: BountyList) => computeCompassStats(list.bounties, new Date(time));

/** The compass statistics, computed at the render's time from the shared list (or by the server). */
export function useCompassStats(): UseQueryResult<CompassStats> {
  return useDerivedFromBountyList(COMPASS_STATS_KEY, statsAt(useRenderTime()));
}

/** Server rendering: the statistics alone go into the page, not the list they come from. */
export function prefetchCompassStats(queryClient: QueryClient, renderTime: number): Promise<void> {
  return prefetchDerivedFromBountyList(queryClient, COMPASS_STATS_KEY, statsAt(renderTime));
}
