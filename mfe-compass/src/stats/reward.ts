import type { Bounty } from '@side-quest/data';

/** A missing, negative or non-numeric reward counts as 0 (mfe-compass/README.md, "Skill statistics"). */
export function rewardOf(bounty: Bounty): number {
  const amount = bounty.reward_amount;
  return typeof amount === 'number' && Number.isFinite(amount) && amount > 0 ? amount : 0;
}

/** Average reward in thousands of dollars, rounded to a whole number (shown as 'NK avg'). */
export function averagePayInThousands(totalReward: number, bounties: number): number {
  return bounties > 0 ? Math.round(totalReward / bounties / 1000) : 0;
}
