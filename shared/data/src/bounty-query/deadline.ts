/**
 * A bounty's deadline as a moment: whether it is still open and how long is left (README "Status and
 * time left"). Pure functions of the deadline and a "now" the caller passes, so the server's render and
 * the browser's first render (both at the server's render time) agree.
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

// Only strings that look like dates count; Date.parse alone accepts text such as "Week 3".
const DATE_LIKE =
  /^\d{4}-\d{2}-\d{2}|^\d{1,2}\/\d{1,2}\/\d{2,4}$|^[A-Za-z]{3,9}\.? \d{1,2},? \d{4}$|^\d{1,2} [A-Za-z]{3,9}\.? \d{4}$/;
/** A deadline that names a time of day, not only a date. */
const HAS_TIME = /\d{1,2}:\d{2}/;

/** Milliseconds since the epoch of a deadline, or null when it is missing or not a date. */
export function parseDeadline(deadline: string | null | undefined): number | null {
  const text = (deadline ?? '').trim();
  if (!text || !DATE_LIKE.test(text)) return null;
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : time;
}

/**
 * The last moment a bounty takes solutions, or null when it has no date: a deadline with a time of
 * day closes at that moment; a date alone is open for the whole day, to its last millisecond (UTC, as
 * the cards show the date).
 */
export function closingTime(deadline: string | null | undefined): number | null {
  const time = parseDeadline(deadline);
  if (time === null) return null;
  return HAS_TIME.test((deadline ?? '').trim()) ? time : time + DAY_MS - 1;
}

export type BountyStatus = 'open' | 'closed';

/** Closed once the closing moment has passed; a bounty without a dated deadline stays open. */
export function statusAt(closesAt: number | null, now: number): BountyStatus {
  return closesAt !== null && closesAt <= now ? 'closed' : 'open';
}

/** The status badge's text. */
export const STATUS_LABEL: Record<BountyStatus, string> = { open: 'OPEN', closed: 'CLOSED' };

/**
 * What is left, as the badge's neighbour says it: 'N days left' (2 or more whole days), '1 day left',
 * 'Closes in N h' (under a day, whole hours, N ≥ 1), 'Closes within the hour', 'Closed' or 'No deadline'.
 */
export function timeLeftLabel(closesAt: number | null, now: number): string {
  if (closesAt === null) return 'No deadline';
  const left = closesAt - now;
  if (left <= 0) return 'Closed';
  if (left < HOUR_MS) return 'Closes within the hour';
  if (left < DAY_MS) return `Closes in ${Math.floor(left / HOUR_MS)} h`;
  const days = Math.floor(left / DAY_MS);
  return days === 1 ? '1 day left' : `${days} days left`;
}
