import type { AwardedBounty } from './skillPay';
import { percentile } from './statistics';

/** Below this many comparable bounties there is no suggestion: "not enough data". */
export const MIN_COMPARABLE_BOUNTIES = 5;

export interface RewardSuggestion {
  domain: string;
  skills: string[];
  /** How many comparable bounties the figures come from. */
  comparable: number;
  /** The 25th, 50th and 75th percentile of what they awarded (USD, whole dollars); null below 5. */
  p25: number | null;
  p50: number | null;
  p75: number | null;
}

/**
 * The bounties comparable to one being posted: the same area (compared case-insensitively) and, when
 * skills are chosen, at least one of them. Each counts with what it awarded in all (its winners' prizes).
 */
export function comparableAwards(
  bounties: readonly AwardedBounty[],
  domain: string,
  skills: readonly string[],
): number[] {
  const area = domain.trim().toLowerCase();
  const wanted = new Set(skills.map((skill) => skill.trim().toLowerCase()).filter(Boolean));
  return bounties
    .filter(
      (bounty) =>
        bounty.domain.trim().toLowerCase() === area &&
        (wanted.size === 0 || bounty.skills.some((skill) => wanted.has(skill.trim().toLowerCase()))),
    )
    .map((bounty) => bounty.prizes.reduce((sum, prize) => sum + prize, 0));
}

/** The suggested reward: the quartiles of what comparable bounties awarded, or none below 5 of them. */
export function suggestReward(
  bounties: readonly AwardedBounty[],
  domain: string,
  skills: readonly string[],
): RewardSuggestion {
  const awards = comparableAwards(bounties, domain, skills);
  const enough = awards.length >= MIN_COMPARABLE_BOUNTIES;
  const at = (p: number) => {
    const value = enough ? percentile(awards, p) : null;
    return value === null ? null : Math.round(value);
  };
  return { domain, skills: [...skills], comparable: awards.length, p25: at(25), p50: at(50), p75: at(75) };
}

/** The API's address of a suggestion (the post form asks it; the figures are the same). */
export function rewardSuggestionPath(domain: string, skills: readonly string[]): string {
  const query = new URLSearchParams({ domain });
  if (skills.length > 0) query.set('skills', skills.join(','));
  return `/api/v1/reward-suggestion?${query.toString()}`;
}

export const SKILL_PAY_PATH = '/api/v1/skills/pay';
