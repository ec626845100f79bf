import type { Bounty } from '../bounties/types';
import { closingTime, parseDeadline, statusAt, type BountyStatus } from './deadline';
import { stageOf, type Stage } from '../lifecycle/stages';
import { payingSpeed } from '../trust/sponsorRecord';

/**
 * The list's filters, sort and paging (mfe-bounties/README.md, "List") and the pure functions that
 * apply them: the bounty list in the browser, and the feeds and the public API on the server.
 */

export const PAGE_SIZE = 10;

/** `pays`: by the sponsor's median days to pay ("Pays fastest"); bounties without one last. */
export type SortField = 'title' | 'reward' | 'deadline' | 'pays';
export type SortDirection = 'asc' | 'desc';
export const SORT_FIELDS: readonly SortField[] = ['title', 'reward', 'deadline', 'pays'];

export type SponsorFilter = 'verified' | '';

export interface BountyFilters {
  search: string;
  /** Exact bounty_area, or '' for All Domains. */
  domain: string;
  skills: string[];
  /** '' for all (the default), else only open or only closed bounties. */
  status: BountyStatus | '';
  /** '' for all (the default), else only bounties hosted on Side Quest in this lifecycle stage. */
  stage: Stage | '';
  /** '' for all (the default), or 'verified': only bounties hosted by a sponsor Side Quest verified. */
  sponsor: SponsorFilter;
  /** Whole dollars, inclusive; null for no bound. */
  minReward: number | null;
  maxReward: number | null;
  /** Only the bounties the visitor saved (the saved ids are passed to the filter). */
  savedOnly: boolean;
}

/** Which bounties the visitor saved, and the current time: what filtering needs besides the query. */
export interface FilterContext {
  now: number;
  savedIds?: ReadonlySet<string>;
}

export interface ListQuery extends BountyFilters {
  sortField: SortField;
  sortDirection: SortDirection;
  /** How many pages of PAGE_SIZE are shown. */
  pages: number;
}

/** The direction a field starts in when it becomes the sort field: reward descending, others ascending. */
export function initialDirection(field: SortField): SortDirection {
  return field === 'reward' ? 'desc' : 'asc';
}

export const NO_FILTERS: BountyFilters = {
  search: '',
  domain: '',
  skills: [],
  status: '',
  stage: '',
  sponsor: '',
  minReward: null,
  maxReward: null,
  savedOnly: false,
};

export const DEFAULT_LIST_QUERY: ListQuery = {
  ...NO_FILTERS,
  sortField: 'reward',
  sortDirection: initialDirection('reward'),
  pages: 1,
};

/** The query after a change: any change other than paging starts again from the first page. */
export function applyListChanges(query: ListQuery, changes: Partial<ListQuery>): ListQuery {
  return { ...query, pages: 1, ...changes };
}

/** Clicking the active field toggles its direction; a new field starts in its initial direction. */
export function nextSort(
  current: Pick<ListQuery, 'sortField' | 'sortDirection'>,
  field: SortField,
): Pick<ListQuery, 'sortField' | 'sortDirection'> {
  if (current.sortField === field) {
    return { sortField: field, sortDirection: current.sortDirection === 'asc' ? 'desc' : 'asc' };
  }
  return { sortField: field, sortDirection: initialDirection(field) };
}

const skillKey = (skill: string) => skill.trim().toLowerCase();

/** Adds a skill when it is non-empty and not already selected (compared case-insensitively). */
export function addSkill(selected: readonly string[], skill: string): string[] {
  const trimmed = skill.trim();
  if (!trimmed || selected.some((existing) => skillKey(existing) === skillKey(trimmed))) return [...selected];
  return [...selected, trimmed];
}

export function removeSkill(selected: readonly string[], skill: string): string[] {
  return selected.filter((existing) => skillKey(existing) !== skillKey(skill));
}

/**
 * A bounty with what filtering and sorting need computed once per loaded list, so a keystroke in the
 * search box costs one substring test per bounty and no re-sort.
 */
export interface IndexedBounty {
  bounty: Bounty;
  /** Title, summary and company, lowercased, separated so a search never spans two fields. */
  searchText: string;
  /** The bounty's skills, lowercased, each once. */
  skillKeys: string[];
  titleKey: string;
  deadlineTime: number | null;
  /** The moment it closes (closingTime), null without a dated deadline. */
  closesAt: number | null;
}

export function indexBounties(bounties: readonly Bounty[]): IndexedBounty[] {
  return bounties.map((bounty) => ({
    bounty,
    searchText: `${bounty.item_title}\n${bounty.summary_description}\n${bounty.platform_name}`.toLowerCase(),
    skillKeys: [...new Set(bounty.skill_tags.map(skillKey))],
    titleKey: bounty.item_title.trim().toLowerCase(),
    deadlineTime: parseDeadline(bounty.deadline),
    closesAt: closingTime(bounty.deadline),
  }));
}

type Comparator = (a: IndexedBounty, b: IndexedBounty) => number;

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Sorts a copy (stable, so equal keys keep the source's title order). A bounty without a deadline date,
 * or (Pays fastest) without a sponsor's median days to pay, sorts last in either direction.
 */
export function sortIndexed(
  entries: readonly IndexedBounty[],
  field: SortField,
  direction: SortDirection,
): IndexedBounty[] {
  const sign = direction === 'asc' ? 1 : -1;
  let compare: Comparator;
  if (field === 'title') compare = (a, b) => sign * compareText(a.titleKey, b.titleKey);
  else if (field === 'reward') compare = (a, b) => sign * (a.bounty.reward_amount - b.bounty.reward_amount);
  else if (field === 'pays')
    compare = (a, b) => {
      const first = payingSpeed(a.bounty.hosted?.sponsor.record ?? undefined);
      const second = payingSpeed(b.bounty.hosted?.sponsor.record ?? undefined);
      if (first === Infinity || second === Infinity)
        return (first === Infinity ? 1 : 0) - (second === Infinity ? 1 : 0);
      return sign * (first - second);
    };
  else
    compare = (a, b) => {
      if (a.deadlineTime === null || b.deadlineTime === null) {
        return (a.deadlineTime === null ? 1 : 0) - (b.deadlineTime === null ? 1 : 0);
      }
      return sign * (a.deadlineTime - b.deadlineTime);
    };
  return [...entries].sort(compare);
}

/** A creation time as milliseconds, or null when it is missing or not a date. */
function createdTime(bounty: Bounty): number | null {
  if (!bounty.created_at) return null;
  const time = Date.parse(bounty.created_at);
  return Number.isNaN(time) ? null : time;
}

/**
 * Sorts a copy by creation time (the feeds' order: newest first with 'desc'). Stable, so equal times
 * keep the source's title order; a bounty without a creation date sorts last in either direction.
 */
export function sortByCreated(entries: readonly IndexedBounty[], direction: SortDirection): IndexedBounty[] {
  const sign = direction === 'asc' ? 1 : -1;
  const keyed = entries.map((entry) => ({ entry, time: createdTime(entry.bounty) }));
  keyed.sort((a, b) => {
    if (a.time === null || b.time === null) return (a.time === null ? 1 : 0) - (b.time === null ? 1 : 0);
    return sign * (a.time - b.time);
  });
  return keyed.map(({ entry }) => entry);
}

/** Compiles the filters once into three tests per bounty: everything but domain and skills, domain, skills. */
function matcher(filters: BountyFilters, context: FilterContext) {
  const needle = filters.search.trim().toLowerCase();
  const wanted = new Set(filters.skills.map(skillKey));
  const { now, savedIds } = context;
  const { domain, status, stage, sponsor, minReward, maxReward, savedOnly } = filters;
  return {
    common(entry: IndexedBounty): boolean {
      if (needle && !entry.searchText.includes(needle)) return false;
      if (status && statusAt(entry.closesAt, now) !== status) return false;
      if (stage && !(entry.bounty.hosted && stageOf(entry.bounty.hosted, now) === stage)) return false;
      if (sponsor === 'verified' && !entry.bounty.hosted?.sponsor.verifiedAt) return false;
      if (minReward !== null && !(entry.bounty.reward_amount >= minReward)) return false;
      if (maxReward !== null && !(entry.bounty.reward_amount <= maxReward)) return false;
      if (savedOnly && !savedIds?.has(entry.bounty.id)) return false;
      return true;
    },
    domain: (entry: IndexedBounty) => !domain || entry.bounty.bounty_area === domain,
    skills: (entry: IndexedBounty) => wanted.size === 0 || entry.skillKeys.some((key) => wanted.has(key)),
  };
}

/**
 * Keeps the order of its input. Search: case-insensitive substring of title, summary or company.
 * Skills: any selected skill (case-insensitive). Domain: exact bounty_area. Status: open or closed at
 * `now`. Stage: a hosted bounty in that lifecycle stage at `now`. Sponsor: a hosted bounty whose sponsor
 * is verified. Reward: within the inclusive bounds.
 * Saved: among the saved ids.
 */
export function filterIndexed(
  entries: readonly IndexedBounty[],
  filters: BountyFilters,
  context: FilterContext,
): Bounty[] {
  const test = matcher(filters, context);
  const result: Bounty[] = [];
  for (const entry of entries) {
    if (test.common(entry) && test.domain(entry) && test.skills(entry)) result.push(entry.bounty);
  }
  return result;
}

export function filterBounties(
  bounties: readonly Bounty[],
  filters: BountyFilters,
  context: FilterContext,
): Bounty[] {
  return filterIndexed(indexBounties(bounties), filters, context);
}

export interface FacetCounts {
  /** Per bounty_area: the matches if that domain were chosen, under the other active filters. */
  domains: Map<string, number>;
  /** Per skill, lowercased: the matches if only that skill were chosen, under the other filters. */
  skills: Map<string, number>;
}

/**
 * The filtered list and how many bounties each domain and each skill option would show given
 * everything else the visitor chose (a facet never narrows its own counts, so the choice between its
 * options stays visible), in one pass over the list.
 */
export function filterWithFacets(
  entries: readonly IndexedBounty[],
  filters: BountyFilters,
  context: FilterContext,
): { results: Bounty[]; facets: FacetCounts } {
  const test = matcher(filters, context);
  const results: Bounty[] = [];
  const domains = new Map<string, number>();
  const skills = new Map<string, number>();
  for (const entry of entries) {
    if (!test.common(entry)) continue;
    const inDomain = test.domain(entry);
    const withSkills = test.skills(entry);
    if (withSkills) {
      const area = entry.bounty.bounty_area;
      domains.set(area, (domains.get(area) ?? 0) + 1);
    }
    if (inDomain) {
      for (const key of entry.skillKeys) skills.set(key, (skills.get(key) ?? 0) + 1);
      if (withSkills) results.push(entry.bounty);
    }
  }
  return { results, facets: { domains, skills } };
}

/** A skill's count in FacetCounts (compared case-insensitively, like the filter). */
export function skillCount(counts: FacetCounts, skill: string): number {
  return counts.skills.get(skillKey(skill)) ?? 0;
}

export function sortBounties(
  bounties: readonly Bounty[],
  field: SortField,
  direction: SortDirection,
): Bounty[] {
  return sortIndexed(indexBounties(bounties), field, direction).map((entry) => entry.bounty);
}

export interface Page<T> {
  visible: T[];
  hasMore: boolean;
  total: number;
}

/** The first `pages` pages of PAGE_SIZE (at least one). */
export function paginate<T>(items: readonly T[], pages: number): Page<T> {
  const count = Math.max(1, Math.floor(pages)) * PAGE_SIZE;
  return { visible: items.slice(0, count), hasMore: items.length > count, total: items.length };
}

/**
 * 'Showing all N of M bounties.' once more than one page of results exists and all are shown: N is the
 * number of matching bounties (all shown), M the number in the marketplace before filtering.
 */
export function showingAllText(page: Page<unknown>, marketplaceTotal: number): string | null {
  if (page.total <= PAGE_SIZE || page.hasMore) return null;
  return `Showing all ${page.total} of ${marketplaceTotal} bounties.`;
}
