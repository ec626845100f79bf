import { formatNumberEnUs, formatUtcDate } from '@side-quest/data';
import { parseDeadline } from '@side-quest/data/bounty-query';

/** Display rules shared by the list, detail and featured views (mfe-bounties/README.md, "Display rules"). */

export const UNTITLED_BOUNTY = 'Untitled Bounty';
export const UNKNOWN_PLATFORM = 'Unknown Platform';
export const NO_DESCRIPTION = 'No description available.';
export const NO_DEADLINE = 'No deadline';

/** '$' plus a locale-formatted number, or null when there is no reward to show (0 or missing). */
export function formatReward(amount: number | null | undefined): string | null {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0) return null;
  return `$${formatNumberEnUs(amount, 2)}`;
}

/** A deadline as shown on cards: a date when it is one, the source's own text otherwise. */
export function formatDeadline(deadline: string | null | undefined): string {
  const text = (deadline ?? '').trim();
  if (!text) return NO_DEADLINE;
  const time = parseDeadline(text);
  return time === null ? text : formatUtcDate(time, 'short');
}

/** POSTED_DATE: the creation date, or 'Unknown' when it could not be converted. */
export function formatPostedDate(createdAt: string | null | undefined): string {
  if (!createdAt) return 'Unknown';
  const time = Date.parse(createdAt);
  return Number.isNaN(time) ? 'Unknown' : formatUtcDate(time, 'short');
}
