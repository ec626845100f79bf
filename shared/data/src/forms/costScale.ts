/**
 * The for-clients estimated annual cost (mfe-clients/README.md, "Cost slider"): the slider's scale and
 * the formatted text a lead carries as `costImpact`. Shared because the server formats a slider
 * position itself when the browser posts the form without JavaScript.
 */
export const COST_MIN = 50_000;
export const COST_MAX = 10_000_000;
/** The slider's last position; positions run 0…100, 101 in all. */
export const COST_SLIDER_MAX_POSITION = 100;
export const DEFAULT_COST = 100_000;

const RATIO = COST_MAX / COST_MIN;

/** The dollar amount at a slider position, on a logarithmic scale from COST_MIN to COST_MAX. */
export function positionToCost(position: number): number {
  const clamped = Math.min(COST_SLIDER_MAX_POSITION, Math.max(0, Math.round(position)));
  if (clamped === COST_SLIDER_MAX_POSITION) return COST_MAX;
  return Math.round(COST_MIN * RATIO ** (clamped / COST_SLIDER_MAX_POSITION));
}

/** The nearest slider position for a dollar amount (the inverse of positionToCost). */
export function costToPosition(cost: number): number {
  const clamped = Math.min(COST_MAX, Math.max(COST_MIN, cost));
  return Math.round((Math.log(clamped / COST_MIN) / Math.log(RATIO)) * COST_SLIDER_MAX_POSITION);
}

/** Where the slider starts for both challenge types: the position nearest DEFAULT_COST. */
export const DEFAULT_COST_POSITION = costToPosition(DEFAULT_COST);

/**
 * The display format: '$10M+' from 10M, millions with one decimal from 1M ('$1.5M'), thousands
 * with no decimals from 1,000 ('$100K'), plain dollars below.
 */
export function formatCost(dollars: number): string {
  if (dollars >= 10_000_000) return '$10M+';
  if (dollars >= 1_000_000) return `$${(dollars / 1_000_000).toFixed(1)}M`;
  // 999,500 and up would round to '$1000K'; it reads better as the millions it nearly is.
  if (dollars >= 999_500) return '$1.0M';
  if (dollars >= 1_000) return `$${Math.round(dollars / 1_000)}K`;
  return `$${Math.round(dollars)}`;
}
