import { provenSkillList } from '../trust/talentProof';
import {
  WORK_KINDS,
  isWorkKind,
  visibleAvailability,
  type OpenToWork,
  type TalentViewer,
  type WorkKind,
} from './openToWork';

/*
 * The talent directory (issue 46 item 2): public profiles only, filtered by a proven skill and by being
 * open to work (as the viewer may see it), sorted by proven wins, in pages. One rule for /talent and for
 * GET /api/v1/talent; the server applies it, the page reads its query string with the same parser.
 */

export const TALENT_PAGE_SIZE = 20;
/** A skill name longer than this names no skill a bounty uses. */
export const DIRECTORY_SKILL_MAX = 60;
/** Pages past this are refused: a crawler walking page numbers has nothing to find there. */
export const DIRECTORY_PAGE_MAX = 10_000;

/** `work`: '' (anyone), 'any' (open to any work), or one kind of work. */
export type WorkFilter = '' | 'any' | WorkKind;

export interface TalentDirectoryQuery {
  skill: string;
  work: WorkFilter;
  page: number;
}

export const DEFAULT_DIRECTORY_QUERY: TalentDirectoryQuery = { skill: '', work: '', page: 1 };

export type DirectoryQueryResult = { ok: true; query: TalentDirectoryQuery } | { ok: false; message: string };

/** `?skill=Rust&work=freelance&page=2`; anything else is refused with what is wrong (a 400). */
export function parseDirectoryQuery(params: URLSearchParams): DirectoryQueryResult {
  const skill = (params.get('skill') ?? '').trim();
  if (skill.length > DIRECTORY_SKILL_MAX)
    return { ok: false, message: `A skill has at most ${DIRECTORY_SKILL_MAX} characters.` };
  const work = (params.get('work') ?? '').trim();
  if (work !== '' && work !== 'any' && !isWorkKind(work))
    return { ok: false, message: `work must be one of: any, ${WORK_KINDS.join(', ')}.` };
  const pageText = (params.get('page') ?? '').trim();
  const page = pageText === '' ? 1 : Number(pageText);
  if (!/^\d+$/.test(pageText || '1') || !Number.isSafeInteger(page) || page < 1 || page > DIRECTORY_PAGE_MAX)
    return { ok: false, message: `page must be a whole number from 1 to ${DIRECTORY_PAGE_MAX}.` };
  return { ok: true, query: { skill, work: work as WorkFilter, page } };
}

/** The page's reading of its URL: a query the API would refuse shows the whole first page instead. */
export function directoryQueryOf(search: string): { query: TalentDirectoryQuery; problem: string | null } {
  const parsed = parseDirectoryQuery(new URLSearchParams(search));
  return parsed.ok
    ? { query: parsed.query, problem: null }
    : { query: DEFAULT_DIRECTORY_QUERY, problem: parsed.message };
}

/** The query string of a directory query, defaults left out ('' for the first page of everyone). */
export function directorySearch(query: Partial<TalentDirectoryQuery>): string {
  const params = new URLSearchParams();
  if (query.skill) params.set('skill', query.skill);
  if (query.work) params.set('work', query.work);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A public profile as the directory weighs it. */
export interface DirectoryCandidate {
  handle: string;
  name: string;
  bountiesWon: number;
  provenSkills: string[];
  /** What the person is open to, whatever its audience (the rule decides who sees it); null when off. */
  openToWork: OpenToWork | null;
}

/** One row of the directory, as the viewer may see it. */
export interface TalentDirectoryEntry {
  handle: string;
  name: string;
  bountiesWon: number;
  provenSkills: string[];
  openToWork: OpenToWork | null;
}

export interface TalentDirectoryPage<Entry = TalentDirectoryEntry> {
  data: Entry[];
  page: number;
  pageSize: number;
  /** Profiles matching the filters, on every page. */
  total: number;
  /** How many pages the matches fill (at least 1). */
  pages: number;
  /** Every proven skill of the public profiles, alphabetically: the skill filter's choices. */
  skills: string[];
}

function matchesWork(availability: OpenToWork | null, work: WorkFilter): boolean {
  if (work === '') return true;
  if (!availability) return false;
  return work === 'any' || availability.kinds.includes(work);
}

/**
 * The directory for `viewer`: the availability each row shows is only what the viewer may see, and the
 * open-to-work filter sees nothing more; most proven wins first, then by name and handle.
 */
export function selectDirectory(
  candidates: readonly DirectoryCandidate[],
  query: TalentDirectoryQuery,
  viewer: TalentViewer,
): TalentDirectoryPage {
  const skill = query.skill.toLowerCase();
  const rows = candidates
    .map((candidate) => ({
      handle: candidate.handle,
      name: candidate.name,
      bountiesWon: candidate.bountiesWon,
      provenSkills: candidate.provenSkills,
      openToWork: visibleAvailability(candidate.openToWork, viewer),
    }))
    .filter(
      (row) =>
        (!skill || row.provenSkills.some((name) => name.toLowerCase() === skill)) &&
        matchesWork(row.openToWork, query.work),
    )
    .sort(
      (a, b) =>
        b.bountiesWon - a.bountiesWon ||
        a.name.localeCompare(b.name, 'en') ||
        a.handle.localeCompare(b.handle, 'en'),
    );
  const skills = provenSkillList(candidates.flatMap((candidate) => candidate.provenSkills)).sort((a, b) =>
    a.localeCompare(b, 'en'),
  );
  const start = (query.page - 1) * TALENT_PAGE_SIZE;
  return {
    data: rows.slice(start, start + TALENT_PAGE_SIZE),
    page: query.page,
    pageSize: TALENT_PAGE_SIZE,
    total: rows.length,
    pages: Math.max(1, Math.ceil(rows.length / TALENT_PAGE_SIZE)),
    skills,
  };
}
