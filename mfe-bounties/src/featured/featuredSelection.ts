import type { Bounty } from '@side-quest/data';

/** How many bounties the landing page features. */
export const FEATURED_BOUNTY_COUNT = 3;

/** The highest rewards first; equal rewards keep the list's title order. */
export function featuredBounties(bounties: readonly Bounty[], count = FEATURED_BOUNTY_COUNT): Bounty[] {
  return [...bounties].sort((a, b) => b.reward_amount - a.reward_amount).slice(0, count);
}
