import type { Bounty } from '@side-quest/data';
import { computeAreaStats, type AreaStat } from './areaStats';
import { createdTimes } from './recency';
import { rankHighestPayingSkills, rankTopSkills, rankTrendingAreas } from './rankings';
import { computeSkillStats, type SkillStat } from './skillStats';

/** Everything the Value Compass page shows, computed from the one loaded bounty list. */
export interface CompassStats {
  topSkills: SkillStat[];
  trendingAreas: AreaStat[];
  highestPayingSkills: SkillStat[];
}

export function computeCompassStats(bounties: readonly Bounty[], now: Date): CompassStats {
  const times = createdTimes(bounties, now);
  const skills = computeSkillStats(bounties, now, times);
  return {
    topSkills: rankTopSkills(skills),
    trendingAreas: rankTrendingAreas(computeAreaStats(bounties, now, times)),
    highestPayingSkills: rankHighestPayingSkills(skills),
  };
}
