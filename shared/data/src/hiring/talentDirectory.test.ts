import {
  TALENT_PAGE_SIZE,
  directoryQueryOf,
  directorySearch,
  parseDirectoryQuery,
  selectDirectory,
  type DirectoryCandidate,
} from './talentDirectory';
import type { WorkKind } from './openToWork';

const candidate = (overrides: Partial<DirectoryCandidate> & { handle: string }): DirectoryCandidate => ({
  name: overrides.handle,
  bountiesWon: 0,
  provenSkills: [],
  openToWork: null,
  ...overrides,
});

const open = (audience: 'everyone' | 'verified-sponsors', kinds: WorkKind[] = ['freelance']) => ({
  kinds: [...kinds],
  remote: true,
  countries: [],
  availableFrom: null,
  audience,
});

const people = [
  candidate({ handle: 'ada', name: 'Ada', bountiesWon: 1, provenSkills: ['Rust'] }),
  candidate({
    handle: 'bo',
    name: 'Bo',
    bountiesWon: 3,
    provenSkills: ['Python', 'rust'],
    openToWork: open('verified-sponsors'),
  }),
  candidate({
    handle: 'cy',
    name: 'Cy',
    bountiesWon: 3,
    provenSkills: ['Go'],
    openToWork: open('everyone', ['full-time']),
  }),
];
const query = (overrides = {}) => ({ skill: '', work: '' as const, page: 1, ...overrides });

describe('selectDirectory', () => {
  it('sorts by proven wins, then name, and lists every proven skill once', () => {
    const page = selectDirectory(people, query(), 'public');
    expect(page.data.map((row) => row.handle)).toEqual(['bo', 'cy', 'ada']);
    expect(page.skills).toEqual(['Go', 'Python', 'Rust']);
    expect(page).toMatchObject({ page: 1, pageSize: TALENT_PAGE_SIZE, total: 3, pages: 1 });
  });

  it('filters by a proven skill, whatever its case', () => {
    expect(selectDirectory(people, query({ skill: 'RUST' }), 'public').data.map((r) => r.handle)).toEqual([
      'bo',
      'ada',
    ]);
  });

  it('never shows the public an availability meant for verified sponsors, nor filters by it', () => {
    const everyone = selectDirectory(people, query(), 'public');
    expect(everyone.data.find((row) => row.handle === 'bo')?.openToWork).toBeNull();
    expect(selectDirectory(people, query({ work: 'any' }), 'public').data.map((r) => r.handle)).toEqual([
      'cy',
    ]);
    expect(
      selectDirectory(people, query({ work: 'any' }), 'verified-sponsor').data.map((r) => r.handle),
    ).toEqual(['bo', 'cy']);
    expect(
      selectDirectory(people, query({ work: 'freelance' }), 'verified-sponsor').data.map((r) => r.handle),
    ).toEqual(['bo']);
    expect(JSON.stringify(selectDirectory(people, query(), 'public'))).not.toContain('verified-sponsors');
  });

  it('pages by 20', () => {
    const many = Array.from({ length: 45 }, (_, index) =>
      candidate({ handle: `p${String(index).padStart(2, '0')}`, bountiesWon: 45 - index }),
    );
    const third = selectDirectory(many, query({ page: 3 }), 'public');
    expect(third.data.map((row) => row.handle)).toEqual(['p40', 'p41', 'p42', 'p43', 'p44']);
    expect(third).toMatchObject({ total: 45, pages: 3 });
    expect(selectDirectory(many, query({ page: 4 }), 'public').data).toEqual([]);
    expect(selectDirectory([], query(), 'public').pages).toBe(1);
  });
});

describe('the query string', () => {
  it('reads skill, work and page, and refuses what names nothing', () => {
    expect(parseDirectoryQuery(new URLSearchParams('skill=%20Rust%20&work=freelance&page=2'))).toEqual({
      ok: true,
      query: { skill: 'Rust', work: 'freelance', page: 2 },
    });
    expect(parseDirectoryQuery(new URLSearchParams(''))).toEqual({
      ok: true,
      query: { skill: '', work: '', page: 1 },
    });
    for (const bad of [
      'page=0',
      'page=1.5',
      'page=abc',
      'page=-1',
      'page=10001',
      'work=intern',
      `skill=${'x'.repeat(61)}`,
    ])
      expect(parseDirectoryQuery(new URLSearchParams(bad)).ok).toBe(false);
    expect(directoryQueryOf('?page=abc')).toEqual({
      query: { skill: '', work: '', page: 1 },
      problem: 'page must be a whole number from 1 to 10000.',
    });
  });

  it('writes only what differs from the defaults', () => {
    expect(directorySearch({ skill: '', work: '', page: 1 })).toBe('');
    expect(directorySearch({ skill: 'C++', work: 'any', page: 2 })).toBe('?skill=C%2B%2B&work=any&page=2');
  });
});
