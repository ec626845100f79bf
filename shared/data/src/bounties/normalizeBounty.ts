import type { Bounty, BountyList } from './types';

type Raw = Record<string, unknown>;

const text = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : '';

function reward(value: unknown): number {
  const amount =
    typeof value === 'number'
      ? value
      : typeof value === 'string'
        ? Number(value.replace(/[$,\s]/g, ''))
        : NaN;
  return Number.isFinite(amount) && amount > 0 ? amount : 0;
}

function tags(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return list
    .filter((tag): tag is string => typeof tag === 'string')
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/** Accepts an ISO string, epoch millis, a Firestore Timestamp or {seconds}; null when unconvertible. */
function isoDate(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  let date: Date | null = null;
  if (value instanceof Date) date = value;
  else if (typeof value === 'string' || typeof value === 'number') date = new Date(value);
  else if (typeof value === 'object') {
    const candidate = value as { toDate?: () => Date; seconds?: unknown; _seconds?: unknown };
    if (typeof candidate.toDate === 'function') date = candidate.toDate();
    else if (typeof candidate.seconds === 'number') date = new Date(candidate.seconds * 1000);
    else if (typeof candidate._seconds === 'number') date = new Date(candidate._seconds * 1000);
  }
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : null;
}

/** Turns whatever a source returned into a well-formed Bounty; bad fields become their empty value. */
export function normalizeBounty(input: unknown, id?: string): Bounty {
  const raw: Raw = input && typeof input === 'object' ? (input as Raw) : {};
  return {
    id: text(id ?? raw.id),
    item_title: text(raw.item_title),
    platform_name: text(raw.platform_name),
    summary_description: text(raw.summary_description),
    full_bounty_description: text(raw.full_bounty_description),
    learnings: text(raw.learnings),
    reward_amount: reward(raw.reward_amount),
    deadline: text(raw.deadline),
    bounty_area: text(raw.bounty_area).trim(),
    skill_tags: tags(raw.skill_tags),
    image_url: text(raw.image_url),
    item_url: text(raw.item_url),
    created_at: isoDate(raw.created_at),
    is_high_value_bounty: raw.is_high_value_bounty === true || raw.is_high_value_bounty === 'true',
  };
}

/** The list plus its distinct domains and skills (SPEC §7), each sorted for the dropdowns. */
export function deriveBountyList(bounties: Bounty[]): BountyList {
  const domains = [...new Set(bounties.map((bounty) => bounty.bounty_area).filter(Boolean))].sort((a, b) =>
    a.localeCompare(b),
  );
  const skills = [...new Set(bounties.flatMap((bounty) => bounty.skill_tags))].sort((a, b) =>
    a.localeCompare(b),
  );
  return { bounties, domains, skills };
}
