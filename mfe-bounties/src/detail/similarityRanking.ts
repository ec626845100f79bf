import type { Bounty } from '@side-quest/data';

export const SIMILAR_BOUNTY_LIMIT = 3;

/**
 * Up to 3 other bounties sharing the bounty's area or at least one skill tag (tags compared
 * case-insensitively, empty areas never match), highest reward first.
 */
export function similarBounties(
  bounty: Bounty,
  all: readonly Bounty[],
  limit = SIMILAR_BOUNTY_LIMIT,
): Bounty[] {
  const area = bounty.bounty_area.trim();
  const tags = new Set(bounty.skill_tags.map((tag) => tag.toLowerCase()));
  return all
    .filter(
      (other) =>
        other.id !== bounty.id &&
        ((area !== '' && other.bounty_area.trim() === area) ||
          other.skill_tags.some((tag) => tags.has(tag.toLowerCase()))),
    )
    .sort((a, b) => b.reward_amount - a.reward_amount)
    .slice(0, limit);
}
