import {
  SORT_FIELDS,
  URL_KEYS,
  addSkill,
  initialDirection,
  parseRewardBound,
  parseSponsorFilter,
  parseStage,
  parseStatus,
  MAX_REWARD_BOUND,
  type BountyFilters,
  type SortDirection,
  type SortField,
} from '@side-quest/data/bounty-query';
import { PUBLIC_STAGES } from '@side-quest/data/lifecycle';
import { decodeCursor, queryKey, type CursorPosition } from './cursor';

/**
 * The query string of GET /api/v1/bounties, read strictly: the list's parameters with the list's own
 * parse helpers, but where the web list ignores a value it cannot use, the API answers 400 naming the
 * parameter, so a client's mistake is never silently a different result.
 */

export const API_DEFAULT_LIMIT = 20;
export const API_MAX_LIMIT = 100;
export const MAX_SEARCH_LENGTH = 200;
export const MAX_SKILL_LENGTH = 100;
export const MAX_SKILLS = 20;

export const API_KEYS = {
  search: URL_KEYS.search,
  domain: URL_KEYS.domain,
  skill: URL_KEYS.skill,
  status: URL_KEYS.status,
  stage: URL_KEYS.stage,
  sponsor: URL_KEYS.sponsor,
  minReward: URL_KEYS.minReward,
  maxReward: URL_KEYS.maxReward,
  sort: URL_KEYS.sort,
  direction: URL_KEYS.direction,
  limit: 'limit',
  cursor: 'cursor',
} as const;

const KNOWN: ReadonlySet<string> = new Set(Object.values(API_KEYS));

export interface ApiQuery {
  filters: BountyFilters;
  sortField: SortField;
  sortDirection: SortDirection;
  limit: number;
  /** Where this page starts; null for the first page. */
  cursor: CursorPosition | null;
  /** Names the filters and sort, so a cursor is only ever used with the query it came from. */
  key: string;
}

export type ApiQueryResult =
  { ok: true; value: ApiQuery } | { ok: false; parameter: string; message: string };

const fail = (parameter: string, message: string): ApiQueryResult => ({ ok: false, parameter, message });

/** A parameter name as it may be quoted back: short, and printable. */
const quoted = (name: string) => JSON.stringify(name.length > 40 ? `${name.slice(0, 40)}…` : name);

export function parseApiQuery(params: URLSearchParams): ApiQueryResult {
  for (const name of new Set(params.keys())) {
    if (!KNOWN.has(name)) {
      return fail(name, `Unknown parameter ${quoted(name)}. Known: ${[...KNOWN].join(', ')}.`);
    }
    if (name !== API_KEYS.skill && params.getAll(name).length > 1) {
      return fail(name, `The parameter "${name}" may be given only once.`);
    }
  }
  const value = (name: string) => params.get(name);

  const search = value(API_KEYS.search) ?? '';
  if (search.length > MAX_SEARCH_LENGTH) {
    return fail(API_KEYS.search, `q must be at most ${MAX_SEARCH_LENGTH} characters.`);
  }
  const domain = value(API_KEYS.domain) ?? '';
  if (domain.length > MAX_SEARCH_LENGTH) {
    return fail(API_KEYS.domain, `domain must be at most ${MAX_SEARCH_LENGTH} characters.`);
  }

  const rawSkills = params.getAll(API_KEYS.skill);
  if (rawSkills.length > MAX_SKILLS)
    return fail(API_KEYS.skill, `skill may be given at most ${MAX_SKILLS} times.`);
  let skills: string[] = [];
  for (const skill of rawSkills) {
    if (!skill.trim() || skill.length > MAX_SKILL_LENGTH) {
      return fail(API_KEYS.skill, `Each skill must be 1 to ${MAX_SKILL_LENGTH} characters.`);
    }
    skills = addSkill(skills, skill);
  }

  const statusParam = value(API_KEYS.status);
  const status = statusParam === null ? '' : parseStatus(statusParam);
  if (statusParam !== null && !status) return fail(API_KEYS.status, 'status must be "open" or "closed".');
  const stageParam = value(API_KEYS.stage);
  const stage = stageParam === null ? '' : parseStage(stageParam);
  if (stageParam !== null && !stage)
    return fail(API_KEYS.stage, `stage must be one of ${PUBLIC_STAGES.map((id) => `"${id}"`).join(', ')}.`);

  const sponsorParam = value(API_KEYS.sponsor);
  const sponsor = sponsorParam === null ? '' : parseSponsorFilter(sponsorParam);
  if (sponsorParam !== null && !sponsor) return fail(API_KEYS.sponsor, 'sponsor must be "verified".');

  const bound = (name: string): number | null | 'invalid' => {
    const text = value(name);
    if (text === null) return null;
    return parseRewardBound(text) ?? 'invalid';
  };
  const minReward = bound(API_KEYS.minReward);
  if (minReward === 'invalid') {
    return fail(API_KEYS.minReward, `min must be a whole number of dollars from 0 to ${MAX_REWARD_BOUND}.`);
  }
  const maxReward = bound(API_KEYS.maxReward);
  if (maxReward === 'invalid') {
    return fail(API_KEYS.maxReward, `max must be a whole number of dollars from 0 to ${MAX_REWARD_BOUND}.`);
  }
  if (minReward !== null && maxReward !== null && maxReward < minReward) {
    return fail(API_KEYS.maxReward, 'max must not be below min.');
  }

  const sortParam = value(API_KEYS.sort);
  if (sortParam !== null && !SORT_FIELDS.includes(sortParam as SortField)) {
    return fail(API_KEYS.sort, `sort must be one of ${SORT_FIELDS.join(', ')}.`);
  }
  // The list's default order: reward, highest first.
  const sortField: SortField = (sortParam as SortField | null) ?? 'reward';
  const directionParam = value(API_KEYS.direction);
  if (directionParam !== null && directionParam !== 'asc' && directionParam !== 'desc') {
    return fail(API_KEYS.direction, 'dir must be "asc" or "desc".');
  }
  const sortDirection: SortDirection = directionParam ?? initialDirection(sortField);

  const limitParam = value(API_KEYS.limit);
  let limit = API_DEFAULT_LIMIT;
  if (limitParam !== null) {
    limit = /^\d{1,3}$/.test(limitParam) ? Number(limitParam) : 0;
    if (limit < 1 || limit > API_MAX_LIMIT) {
      return fail(API_KEYS.limit, `limit must be a whole number from 1 to ${API_MAX_LIMIT}.`);
    }
  }

  const filters: BountyFilters = {
    search,
    domain,
    skills,
    status,
    stage,
    sponsor,
    minReward,
    maxReward,
    savedOnly: false,
  };
  // Skills compare case-insensitively, so the key does too; the search is matched lowercased and trimmed.
  const key = queryKey(
    JSON.stringify([
      search.trim().toLowerCase(),
      domain,
      skills.map((skill) => skill.trim().toLowerCase()).sort(),
      status,
      stage,
      sponsor,
      minReward,
      maxReward,
      sortField,
      sortDirection,
    ]),
  );

  const cursorParam = value(API_KEYS.cursor);
  let cursor: CursorPosition | null = null;
  if (cursorParam !== null) {
    cursor = decodeCursor(cursorParam);
    if (!cursor) return fail(API_KEYS.cursor, 'cursor is not one this API gave out; start again without it.');
    if (cursor.query !== key) {
      return fail(
        API_KEYS.cursor,
        'cursor belongs to other filters or another sort; start again without it.',
      );
    }
  }

  return { ok: true, value: { filters, sortField, sortDirection, limit, cursor, key } };
}
