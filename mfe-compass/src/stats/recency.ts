/** "Recent" means created within the last 1 month (mfe-compass/README.md, "Recency"). */
export const RECENT_MONTHS = 1;

/**
 * The start of the "recent" window: the same instant one calendar month before `now`, in UTC (so the
 * result does not depend on the visitor's or the test machine's time zone). When the previous month is
 * shorter, the day is clamped to its last day: 31 March goes back to 28/29 February, not to 3 March as
 * `Date#setUTCMonth` alone would.
 */
export function recentWindowStart(now: Date, months: number = RECENT_MONTHS): number {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() - months;
  const lastDayOfTarget = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(
    year,
    month,
    Math.min(now.getUTCDate(), lastDayOfTarget),
    now.getUTCHours(),
    now.getUTCMinutes(),
    now.getUTCSeconds(),
    now.getUTCMilliseconds(),
  );
}

/**
 * When a bounty was created, in epoch milliseconds. A missing or unreadable `created_at` counts as
 * `now`, so such a bounty is recent and is the latest sighting of its skills and area.
 */
export function createdTime(createdAt: string | null | undefined, nowMs: number): number {
  if (!createdAt) return nowMs;
  const time = Date.parse(createdAt);
  return Number.isNaN(time) ? nowMs : time;
}

/**
 * Every bounty's creation time, parsed once: the skill and area statistics both need them, and
 * parsing 10,000 dates is the largest single cost of the compass (see bench/stats.bench.ts).
 */
export function createdTimes(bounties: readonly { created_at: string | null }[], now: Date): Float64Array {
  const nowMs = now.getTime();
  const times = new Float64Array(bounties.length);
  for (let index = 0; index < bounties.length; index += 1) {
    times[index] = createdTime(bounties[index]!.created_at, nowMs);
  }
  return times;
}
