import type { AreaStat } from './areaStats';
import type { SkillStat } from './skillStats';

/** Value Compass limits (mfe-compass/README.md, "Rankings"). */
export const TOP_SKILLS_LIMIT = 6;
export const TRENDING_AREAS_LIMIT = 4;
export const HIGHEST_PAYING_LIMIT = 4;
/** Only skills asked for by at least this many distinct bounties rank by pay. */
export const HIGHEST_PAYING_MIN_BOUNTIES = 2;

/** Last tie-break everywhere: the name, by code point, so the order never depends on the locale. */
const byName = (a: { name: string }, b: { name: string }): number =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0;

/**
 * Most In-Demand Skills: the top 6 by count (mentions). Ties: more distinct bounties first, then more
 * recent mentions, then the name A→Z.
 */
export function rankTopSkills(skills: readonly SkillStat[], limit = TOP_SKILLS_LIMIT): SkillStat[] {
  return [...skills]
    .sort(
      (a, b) =>
        b.count - a.count || b.bountyCount - a.bountyCount || b.recentCount - a.recentCount || byName(a, b),
    )
    .slice(0, limit);
}

/**
 * Trending Areas: the top 4 by recentCount among areas with at least 1 recent bounty. Ties: more
 * bounties overall first, then the name A→Z.
 */
export function rankTrendingAreas(areas: readonly AreaStat[], limit = TRENDING_AREAS_LIMIT): AreaStat[] {
  return areas
    .filter((area) => area.recentCount >= 1)
    .sort((a, b) => b.recentCount - a.recentCount || b.count - a.count || byName(a, b))
    .slice(0, limit);
}

/** The exact average reward in dollars; ranking uses it, not the rounded avgPay, so 1.4K beats 1.1K. */
const averageReward = (skill: SkillStat): number => skill.totalReward / skill.bountyCount;

/**
 * Highest Paying Skills: the top 4 by average reward among skills on at least 2 distinct bounties.
 * Skills whose bounties carry no reward at all are left out: they are not payment data. Ties: more
 * distinct bounties first (the average is better founded), then the name A→Z.
 */
export function rankHighestPayingSkills(
  skills: readonly SkillStat[],
  limit = HIGHEST_PAYING_LIMIT,
): SkillStat[] {
  return skills
    .filter((skill) => skill.bountyCount >= HIGHEST_PAYING_MIN_BOUNTIES && skill.totalReward > 0)
    .sort((a, b) => averageReward(b) - averageReward(a) || b.bountyCount - a.bountyCount || byName(a, b))
    .slice(0, limit);
}
