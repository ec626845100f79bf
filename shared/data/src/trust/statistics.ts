/**
 * The few statistics the trust record and the pay figures are made of. Both work on a copy, ignore
 * values that are not finite numbers, and answer null for no values at all: a page shows "no data",
 * never a made-up zero.
 */

function sorted(values: readonly number[]): number[] {
  return values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
}

/** The middle value; with an even count, the mean of the two middle ones. */
export function median(values: readonly number[]): number | null {
  const list = sorted(values);
  if (list.length === 0) return null;
  const middle = Math.floor(list.length / 2);
  return list.length % 2 === 1 ? list[middle]! : (list[middle - 1]! + list[middle]!) / 2;
}

/**
 * The p-th percentile (0–100) by linear interpolation between the closest ranks (the method
 * spreadsheets call PERCENTILE.INC): the 50th is the median, the 0th the least, the 100th the most.
 */
export function percentile(values: readonly number[], p: number): number | null {
  const list = sorted(values);
  if (list.length === 0 || !(p >= 0 && p <= 100)) return null;
  const rank = (p / 100) * (list.length - 1);
  const below = Math.floor(rank);
  const above = Math.ceil(rank);
  return list[below]! + (list[above]! - list[below]!) * (rank - below);
}
