import type { HostedSummary } from '../lifecycle/hostedView';
import type { Bounty, BountyList } from './types';

type Raw = Record<string, unknown>;

/** Strings as given; finite numbers as text (a title stored as 2024 is still a title); anything else empty. */
const text = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : '';

/** USD amount: a number, or text like "$1,200" / "1200.50"; missing, negative or unreadable is 0. */
function reward(value: unknown): number {
  const amount =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value.replace(/[$,\s]|USD/gi, ''))
        : NaN;
  return Number.isFinite(amount) && amount > 0 ? amount : 0;
}

/**
 * Skill tags as a clean list: an array (non-text entries dropped) or comma-separated text; each tag
 * trimmed with inner whitespace collapsed, empties and exact repeats dropped. Spelling variants that
 * differ in case (React, react) are kept: the sections compare tags case-insensitively where it matters.
 */
function tags(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  const seen = new Set<string>();
  const result: string[] = [];
  for (const entry of list) {
    const tag = text(entry).replace(/\s+/g, ' ').trim();
    if (tag && !seen.has(tag)) {
      seen.add(tag);
      result.push(tag);
    }
  }
  return result;
}

/**
 * A Date from an ISO string, epoch milliseconds, a Date, a Firestore Timestamp (toDate()), or its
 * serialised forms ({seconds, nanoseconds} from the client SDK, {_seconds, _nanoseconds} from the
 * Admin SDK); null when missing or unconvertible.
 */
function toDate(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  let date: Date | null = null;
  try {
    if (value instanceof Date) date = value;
    else if (typeof value === 'string') date = new Date(value.trim());
    else if (typeof value === 'number') date = new Date(value);
    else if (typeof value === 'object') {
      const candidate = value as {
        toDate?: () => unknown;
        seconds?: unknown;
        nanoseconds?: unknown;
        _seconds?: unknown;
        _nanoseconds?: unknown;
      };
      const seconds = candidate.seconds ?? candidate._seconds;
      const nanos = candidate.nanoseconds ?? candidate._nanoseconds;
      if (typeof candidate.toDate === 'function') {
        const converted = candidate.toDate();
        date = converted instanceof Date ? converted : null;
      } else if (typeof seconds === 'number') {
        date = new Date(seconds * 1000 + (typeof nanos === 'number' ? Math.floor(nanos / 1e6) : 0));
      }
    }
  } catch {
    return null;
  }
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

const isoDate = (value: unknown): string | null => toDate(value)?.toISOString() ?? null;

/** A deadline is display text or a date string; one stored as a timestamp becomes YYYY-MM-DD. */
function deadline(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (value !== null && typeof value === 'object') return toDate(value)?.toISOString().slice(0, 10) ?? '';
  return '';
}

/** An apply link the page may open: absolute http(s) only (never javascript: or data:). */
function externalUrl(value: unknown): string {
  const url = text(value).trim();
  return /^https?:\/\/[^\s]+$/i.test(url) ? url : '';
}

/** An image the page may show: http(s), a path on this site, or a Storage gs:// path (resolved later). */
function imageUrl(value: unknown): string {
  const url = text(value).trim();
  return /^(https?:\/\/|gs:\/\/|\/(?!\/))[^\s]*$/i.test(url) ? url : '';
}

/**
 * Turns whatever a source returned into a well-formed Bounty; bad fields become their empty value and
 * nothing here throws, so one malformed document can never break a page. `id` (the document id)
 * wins over an id field inside the document.
 */
/**
 * Longest text each field keeps. A document with a 100 KB title or tag would otherwise reach every card
 * and chip of the site; no real bounty comes near these limits.
 */
export const FIELD_LIMITS = {
  item_title: 300,
  platform_name: 200,
  summary_description: 2000,
  full_bounty_description: 50_000,
  learnings: 10_000,
  deadline: 100,
  bounty_area: 100,
  skillTag: 60,
  skillTags: 30,
} as const;

/** Cuts text to a limit without splitting a surrogate pair. */
export function limitText(value: string, limit: number): string {
  if (value.length <= limit) return value;
  const cut = value.slice(0, limit);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

export function normalizeBounty(input: unknown, id?: string): Bounty {
  const raw: Raw = input && typeof input === 'object' && !Array.isArray(input) ? (input as Raw) : {};
  return {
    id: text(id ?? raw.id),
    item_title: limitText(text(raw.item_title).trim(), FIELD_LIMITS.item_title),
    platform_name: limitText(text(raw.platform_name).trim(), FIELD_LIMITS.platform_name),
    summary_description: limitText(text(raw.summary_description).trim(), FIELD_LIMITS.summary_description),
    full_bounty_description: limitText(
      text(raw.full_bounty_description).trim(),
      FIELD_LIMITS.full_bounty_description,
    ),
    learnings: limitText(text(raw.learnings).trim(), FIELD_LIMITS.learnings),
    reward_amount: reward(raw.reward_amount),
    deadline: limitText(deadline(raw.deadline), FIELD_LIMITS.deadline),
    bounty_area: limitText(text(raw.bounty_area).trim(), FIELD_LIMITS.bounty_area),
    skill_tags: tags(raw.skill_tags)
      .slice(0, FIELD_LIMITS.skillTags)
      .map((tag) => limitText(tag, FIELD_LIMITS.skillTag)),
    image_url: imageUrl(raw.image_url),
    item_url: externalUrl(raw.item_url),
    created_at: isoDate(raw.created_at),
    is_high_value_bounty: raw.is_high_value_bounty === true || raw.is_high_value_bounty === 'true',
    ...hostedPart(raw.hosted),
  };
}

/**
 * A hosted bounty's lifecycle part comes from this server only (never from the imported source): it is
 * kept when it has the shape the server writes, and dropped otherwise.
 */
function hostedPart(value: unknown): { hosted?: HostedSummary } {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const hosted = value as Partial<HostedSummary>;
  const shaped =
    typeof hosted.state === 'string' &&
    typeof hosted.submissionDeadline === 'string' &&
    Array.isArray(hosted.prizes) &&
    Array.isArray(hosted.criteria) &&
    Array.isArray(hosted.winners) &&
    typeof hosted.sponsor === 'object' &&
    hosted.sponsor !== null;
  return shaped ? { hosted: hosted as HostedSummary } : {};
}

/** The list plus its distinct bounty_area values and skill tags, each sorted for the dropdowns. */
export function deriveBountyList(bounties: Bounty[]): BountyList {
  const domains = [...new Set(bounties.map((bounty) => bounty.bounty_area).filter(Boolean))].sort((a, b) =>
    a.localeCompare(b),
  );
  const skills = [...new Set(bounties.flatMap((bounty) => bounty.skill_tags))].sort((a, b) =>
    a.localeCompare(b),
  );
  return { bounties, domains, skills };
}
