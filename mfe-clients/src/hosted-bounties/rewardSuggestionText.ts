import { formatNumberEnUs } from '@side-quest/data';
import { MIN_COMPARABLE_BOUNTIES, type RewardSuggestion } from '@side-quest/data/trust';

const usd = (amount: number) => `$${formatNumberEnUs(amount, 0)}`;

/** What the post form says about a suggestion: the three figures, or "not enough data" and why. */
export function rewardSuggestionText(suggestion: RewardSuggestion): {
  figures: { label: string; value: string }[] | null;
  note: string;
} {
  const { comparable, p25, p50, p75 } = suggestion;
  const bounties = `${comparable} comparable ${comparable === 1 ? 'bounty' : 'bounties'}`;
  if (p25 === null || p50 === null || p75 === null)
    return {
      figures: null,
      note: `Not enough data: ${bounties} so far, and a suggestion needs at least ${MIN_COMPARABLE_BOUNTIES}.`,
    };
  return {
    figures: [
      { label: '25th percentile', value: usd(p25) },
      { label: 'Median', value: usd(p50) },
      { label: '75th percentile', value: usd(p75) },
    ],
    note: `What ${bounties} (same area, a shared skill) awarded in all.`,
  };
}
