import type { Bounty } from '@side-quest/data/bounties';
import { filterBounties } from '@side-quest/data/bounty-query';
import { ALERT_LIMITS, alertFilters, type AlertFrequency } from '@side-quest/data/alerts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The period a digest belongs to at `now`: the UTC day (`2026-11-28`) for a daily alert, the UTC week
 * starting Monday (`week-2026-11-23`, its Monday) for a weekly one. An alert gets at most one digest a
 * period (claimed in the database).
 */
export function periodOf(frequency: AlertFrequency, now: number): string {
  const day = new Date(now).toISOString().slice(0, 10);
  if (frequency === 'daily') return day;
  const midnight = Date.parse(`${day}T00:00:00.000Z`);
  // getUTCDay: Sunday 0 … Saturday 6; days since Monday: (day + 6) % 7.
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return `week-${new Date(midnight - sinceMonday * DAY_MS).toISOString().slice(0, 10)}`;
}

export interface DigestContent {
  /** The newest first, at most ALERT_LIMITS.digestMax. */
  bounties: Bounty[];
  /** How many matched in all (the rest are behind the link to the list). */
  total: number;
}

/**
 * The bounties for an alert's digest: those first published (first seen in the public list: approved,
 * or imported) after `since` and at most `until`, that match the alert's filters by the list's own
 * filter code (@side-quest/data/bounty-query's filterBounties) at `until`. Newest first.
 */
export function digestFor(
  query: string,
  bounties: readonly Bounty[],
  firstSeen: ReadonlyMap<string, string>,
  since: string,
  until: number,
): DigestContent {
  const sinceTime = Date.parse(since);
  const fresh = bounties.filter((bounty) => {
    const seen = firstSeen.get(bounty.id);
    if (!seen) return false;
    const time = Date.parse(seen);
    return time > sinceTime && time <= until;
  });
  const matching = filterBounties(fresh, alertFilters(new URLSearchParams(query)), { now: until });
  const newest = [...matching].sort(
    (a, b) =>
      Date.parse(firstSeen.get(b.id) as string) - Date.parse(firstSeen.get(a.id) as string) ||
      a.item_title.localeCompare(b.item_title, 'en'),
  );
  return { bounties: newest.slice(0, ALERT_LIMITS.digestMax), total: newest.length };
}
