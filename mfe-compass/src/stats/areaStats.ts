import type { Bounty } from '@side-quest/data';
import { createdTimes, recentWindowStart } from './recency';
import { averagePayInThousands, rewardOf } from './reward';

/** Area statistics (mfe-compass/README.md, "Area statistics"). */
export interface AreaStat {
  /** The bounty_area, trimmed. Areas compare exactly, as the bounty list's domain filter does. */
  name: string;
  /** Bounties in the area. */
  count: number;
  /** Bounties in the area created within the last month. */
  recentCount: number;
  /** Sum of their rewards, USD. */
  totalReward: number;
  /** Average reward per bounty in thousands of dollars, rounded. */
  avgPay: number;
  /** The latest `created_at` in the area (a missing date counts as now). */
  lastSeenDate: Date;
}

interface AreaAccumulator {
  name: string;
  count: number;
  recentCount: number;
  totalReward: number;
  lastSeen: number;
}

/** Statistics for every non-empty bounty_area in the list, in first-seen order. */
export function computeAreaStats(
  bounties: readonly Bounty[],
  now: Date,
  times: ArrayLike<number> = createdTimes(bounties, now),
): AreaStat[] {
  const recentFrom = recentWindowStart(now);
  const areas = new Map<string, AreaAccumulator>();

  for (let index = 0; index < bounties.length; index += 1) {
    const bounty = bounties[index]!;
    const name = typeof bounty.bounty_area === 'string' ? bounty.bounty_area.trim() : '';
    if (name === '') continue;
    const created = times[index]!;
    let area = areas.get(name);
    if (!area) {
      area = { name, count: 0, recentCount: 0, totalReward: 0, lastSeen: created };
      areas.set(name, area);
    }
    area.count += 1;
    if (created >= recentFrom) area.recentCount += 1;
    area.totalReward += rewardOf(bounty);
    if (created > area.lastSeen) area.lastSeen = created;
  }

  return [...areas.values()].map((area) => ({
    name: area.name,
    count: area.count,
    recentCount: area.recentCount,
    totalReward: area.totalReward,
    avgPay: averagePayInThousands(area.totalReward, area.count),
    lastSeenDate: new Date(area.lastSeen),
  }));
}
