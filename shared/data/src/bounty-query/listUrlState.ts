import {
  DEFAULT_LIST_QUERY,
  SORT_FIELDS,
  addSkill,
  initialDirection,
  type ListQuery,
  type SortDirection,
  type SortField,
  type SponsorFilter,
} from './bountyQuery';
import type { BountyStatus } from './deadline';
import { PUBLIC_STAGES, type Stage } from '../lifecycle/stages';

/**
 * The list's state in the query string, so a filtered view can be shared, reloaded and navigated with
 * Back/Forward: ?q=search&domain=AI%2FML&skill=Rust&skill=Go&status=open&stage=paid&sponsor=verified&min=500&max=5000&saved=1
 * &sort=title&dir=desc&pages=2. The feeds and the public API read the same parameters.
 * Defaults are left out, so /bounties is the default view and /bounties?skill=Rust is pre-filtered.
 */
export const URL_KEYS = {
  search: 'q',
  domain: 'domain',
  skill: 'skill',
  status: 'status',
  stage: 'stage',
  sponsor: 'sponsor',
  minReward: 'min',
  maxReward: 'max',
  saved: 'saved',
  sort: 'sort',
  direction: 'dir',
  pages: 'pages',
} as const;

/** A bound on ?pages= so a hand-edited URL cannot ask for an absurd number of cards. */
export const MAX_PAGES = 1000;

/** The largest reward bound a URL may set (a bound beyond any reward, not an error). */
export const MAX_REWARD_BOUND = 1_000_000_000;

/** A reward bound: whole dollars, 0 to MAX_REWARD_BOUND; anything else is ignored (null). */
export function parseRewardBound(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value.trim())) return null;
  const amount = Number(value.trim());
  return amount <= MAX_REWARD_BOUND ? amount : null;
}

/** open or closed; anything else means all. */
export function parseStatus(value: string | null): BountyStatus | '' {
  return value === 'open' || value === 'closed' ? value : '';
}

/** 'verified'; anything else means all sponsors. */
export function parseSponsorFilter(value: string | null): SponsorFilter {
  return value === 'verified' ? value : '';
}

/** A public lifecycle stage; anything else (Pending approval included) means all. */
export function parseStage(value: string | null): Stage | '' {
  return PUBLIC_STAGES.find((stage) => stage === value) ?? '';
}

export function parseListQuery(params: URLSearchParams): ListQuery {
  const sortParam = params.get(URL_KEYS.sort);
  const sortField: SortField = SORT_FIELDS.includes(sortParam as SortField)
    ? (sortParam as SortField)
    : DEFAULT_LIST_QUERY.sortField;
  const directionParam = params.get(URL_KEYS.direction);
  const sortDirection: SortDirection =
    directionParam === 'asc' || directionParam === 'desc' ? directionParam : initialDirection(sortField);
  const pagesParam = Number(params.get(URL_KEYS.pages));
  const pages = Number.isInteger(pagesParam) && pagesParam >= 1 ? Math.min(pagesParam, MAX_PAGES) : 1;
  const skills = params.getAll(URL_KEYS.skill).reduce<string[]>((list, skill) => addSkill(list, skill), []);
  const minReward = parseRewardBound(params.get(URL_KEYS.minReward));
  const maxParam = parseRewardBound(params.get(URL_KEYS.maxReward));
  // A maximum below the minimum cannot be meant: the minimum applies, the maximum is ignored.
  const maxReward = maxParam !== null && minReward !== null && maxParam < minReward ? null : maxParam;
  return {
    search: params.get(URL_KEYS.search) ?? '',
    domain: params.get(URL_KEYS.domain) ?? '',
    skills,
    status: parseStatus(params.get(URL_KEYS.status)),
    stage: parseStage(params.get(URL_KEYS.stage)),
    sponsor: parseSponsorFilter(params.get(URL_KEYS.sponsor)),
    minReward,
    maxReward,
    savedOnly: params.get(URL_KEYS.saved) === '1',
    sortField,
    sortDirection,
    pages,
  };
}

export function serializeListQuery(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.search) params.set(URL_KEYS.search, query.search);
  if (query.domain) params.set(URL_KEYS.domain, query.domain);
  query.skills.forEach((skill) => params.append(URL_KEYS.skill, skill));
  if (query.status) params.set(URL_KEYS.status, query.status);
  if (query.stage) params.set(URL_KEYS.stage, query.stage);
  if (query.sponsor) params.set(URL_KEYS.sponsor, query.sponsor);
  if (query.minReward !== null) params.set(URL_KEYS.minReward, String(query.minReward));
  if (query.maxReward !== null) params.set(URL_KEYS.maxReward, String(query.maxReward));
  if (query.savedOnly) params.set(URL_KEYS.saved, '1');
  if (query.sortField !== DEFAULT_LIST_QUERY.sortField) params.set(URL_KEYS.sort, query.sortField);
  if (query.sortDirection !== initialDirection(query.sortField))
    params.set(URL_KEYS.direction, query.sortDirection);
  if (query.pages > 1) params.set(URL_KEYS.pages, String(query.pages));
  return params;
}

/**
 * The query string of a state as form fields, in the same order: a GET form to /bounties holding them
 * navigates to the very URL the list writes for that state (the controls' buttons without JavaScript).
 */
export function listQueryFields(query: ListQuery): Array<[string, string]> {
  return [...serializeListQuery(query)];
}

/**
 * Skills from a URL are matched case-insensitively, and shown in the dataset's own spelling when it has
 * the skill (so /bounties?skill=rust shows the chip "Rust").
 */
export function canonicalSkills(selected: readonly string[], known: readonly string[]): string[] {
  const byKey = new Map(known.map((skill) => [skill.toLowerCase(), skill]));
  return selected.map((skill) => byKey.get(skill.toLowerCase()) ?? skill);
}
