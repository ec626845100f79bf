import { makeBounty } from '../testing/bountyFixtures';
import {
  DEFAULT_LIST_QUERY,
  NO_FILTERS,
  filterIndexed,
  filterWithFacets,
  indexBounties,
  skillCount,
  addSkill,
  filterBounties,
  nextSort,
  paginate,
  removeSkill,
  showingAllText,
  sortBounties,
  sortByCreated,
  sortIndexed,
} from './bountyQuery';
import { hostedBounty } from '../trust/testHosted';

const noFilters = NO_FILTERS;
/** Before every deadline in the fixtures but 'c' (2026-03-01). */
const context = { now: Date.UTC(2026, 4, 1) };

const bounties = [
  makeBounty({
    id: 'a',
    item_title: 'Rust parser',
    platform_name: 'Ferris Inc',
    summary_description: 'Write a fast PARSER',
    bounty_area: 'Software',
    skill_tags: ['Rust', 'Parsing'],
    reward_amount: 500,
    deadline: '2026-06-01',
  }),
  makeBounty({
    id: 'b',
    item_title: 'Vision model',
    platform_name: 'Deep Co',
    summary_description: 'Train a classifier',
    bounty_area: 'AI/ML',
    skill_tags: ['PyTorch'],
    reward_amount: 2000,
    deadline: '',
  }),
  makeBounty({
    id: 'c',
    item_title: 'bridge design',
    platform_name: 'Steel Works',
    summary_description: 'Load calculations',
    bounty_area: 'Engineering',
    skill_tags: ['CAD', 'rust'],
    reward_amount: 0,
    deadline: '2026-03-01',
  }),
  makeBounty({
    id: 'd',
    item_title: 'Another thing',
    platform_name: 'Acme',
    summary_description: 'Misc',
    bounty_area: 'AI/ML Research',
    skill_tags: [],
    reward_amount: 2000,
    deadline: 'Rolling',
  }),
];
const ids = (list: { id: string }[]) => list.map((bounty) => bounty.id);

describe('filtering', () => {
  it('matches the search case-insensitively on title, summary and company', () => {
    expect(ids(filterBounties(bounties, { ...noFilters, search: 'rust' }, context))).toEqual(['a']);
    expect(ids(filterBounties(bounties, { ...noFilters, search: 'parser' }, context))).toEqual(['a']);
    expect(ids(filterBounties(bounties, { ...noFilters, search: 'DEEP co' }, context))).toEqual(['b']);
    expect(ids(filterBounties(bounties, { ...noFilters, search: '  steel ' }, context))).toEqual(['c']);
    expect(ids(filterBounties(bounties, { ...noFilters, search: 'zzz' }, context))).toEqual([]);
  });

  it('does not search other fields such as the area or the skills', () => {
    expect(ids(filterBounties(bounties, { ...noFilters, search: 'engineering' }, context))).toEqual([]);
    expect(ids(filterBounties(bounties, { ...noFilters, search: 'pytorch' }, context))).toEqual([]);
  });

  it('matches a bounty having any of the selected skills, case-insensitively', () => {
    expect(ids(filterBounties(bounties, { ...noFilters, skills: ['Rust'] }, context))).toEqual(['a', 'c']);
    expect(ids(filterBounties(bounties, { ...noFilters, skills: ['PYTORCH', 'CAD'] }, context))).toEqual([
      'b',
      'c',
    ]);
  });

  it('matches the domain exactly', () => {
    expect(ids(filterBounties(bounties, { ...noFilters, domain: 'AI/ML' }, context))).toEqual(['b']);
    expect(ids(filterBounties(bounties, { ...noFilters, domain: 'ai/ml' }, context))).toEqual([]);
  });

  it('combines all filters', () => {
    expect(
      ids(
        filterBounties(
          bounties,
          { ...noFilters, search: 'a', domain: 'Engineering', skills: ['rust'] },
          context,
        ),
      ),
    ).toEqual(['c']);
    expect(ids(filterBounties(bounties, noFilters, context))).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('status, reward and saved filters', () => {
  it('keeps only open or only closed bounties at the given moment; no deadline counts as open', () => {
    expect(ids(filterBounties(bounties, { ...noFilters, status: 'open' }, context))).toEqual(['a', 'b', 'd']);
    expect(ids(filterBounties(bounties, { ...noFilters, status: 'closed' }, context))).toEqual(['c']);
    const later = { now: Date.UTC(2026, 5, 2) };
    expect(ids(filterBounties(bounties, { ...noFilters, status: 'closed' }, later))).toEqual(['a', 'c']);
  });

  it('keeps rewards within inclusive bounds', () => {
    expect(ids(filterBounties(bounties, { ...noFilters, minReward: 500 }, context))).toEqual(['a', 'b', 'd']);
    expect(ids(filterBounties(bounties, { ...noFilters, maxReward: 500 }, context))).toEqual(['a', 'c']);
    expect(ids(filterBounties(bounties, { ...noFilters, minReward: 501, maxReward: 2000 }, context))).toEqual(
      ['b', 'd'],
    );
  });

  it('keeps only saved bounties when asked, and none when nothing is saved', () => {
    const savedIds = new Set(['c', 'b']);
    expect(
      ids(filterBounties(bounties, { ...noFilters, savedOnly: true }, { ...context, savedIds })),
    ).toEqual(['b', 'c']);
    expect(ids(filterBounties(bounties, { ...noFilters, savedOnly: true }, context))).toEqual([]);
  });
});

describe('facet counts', () => {
  const entries = indexBounties(bounties);

  it('counts each domain and skill over all bounties when nothing is chosen', () => {
    const counts = filterWithFacets(entries, noFilters, context).facets;
    expect(Object.fromEntries(counts.domains)).toEqual({
      Software: 1,
      'AI/ML': 1,
      Engineering: 1,
      'AI/ML Research': 1,
    });
    // 'Rust' and 'rust' are one skill.
    expect(skillCount(counts, 'Rust')).toBe(2);
    expect(skillCount(counts, 'cad')).toBe(1);
    expect(skillCount(counts, 'Go')).toBe(0);
  });

  it('counts a facet under the other filters but not its own', () => {
    const counts = filterWithFacets(
      entries,
      { ...noFilters, domain: 'Software', skills: ['CAD'], status: 'open' },
      context,
    ).facets;
    // Domains under skills=CAD and open: only 'c' has CAD, and it is closed.
    expect(Object.fromEntries(counts.domains)).toEqual({});
    // Skills under domain=Software and open: 'a' (Rust, Parsing).
    expect(skillCount(counts, 'rust')).toBe(1);
    expect(skillCount(counts, 'Parsing')).toBe(1);
    expect(skillCount(counts, 'PyTorch')).toBe(0);
  });
});

describe('filterWithFacets', () => {
  it('gives the same list as filterIndexed, and a domain count equal to that domain’s list length', () => {
    const entries = indexBounties(bounties);
    const cases = [
      noFilters,
      { ...noFilters, domain: 'Software' },
      { ...noFilters, skills: ['rust'], status: 'open' as const },
      { ...noFilters, search: 'a', minReward: 100, maxReward: 2000 },
    ];
    for (const filters of cases) {
      const { results, facets } = filterWithFacets(entries, filters, context);
      expect(results).toEqual(filterIndexed(entries, filters, context));
      for (const [domain, count] of facets.domains) {
        expect(filterIndexed(entries, { ...filters, domain }, context)).toHaveLength(count);
      }
    }
  });
});

describe('sorting', () => {
  it('sorts by reward, keeping the source order for equal rewards', () => {
    expect(ids(sortBounties(bounties, 'reward', 'desc'))).toEqual(['b', 'd', 'a', 'c']);
    expect(ids(sortBounties(bounties, 'reward', 'asc'))).toEqual(['c', 'a', 'b', 'd']);
  });

  it('sorts by title case-insensitively', () => {
    expect(ids(sortBounties(bounties, 'title', 'asc'))).toEqual(['d', 'c', 'a', 'b']);
    expect(ids(sortBounties(bounties, 'title', 'desc'))).toEqual(['b', 'a', 'c', 'd']);
  });

  it('puts bounties without a deadline date last in either direction', () => {
    expect(ids(sortBounties(bounties, 'deadline', 'asc'))).toEqual(['c', 'a', 'b', 'd']);
    expect(ids(sortBounties(bounties, 'deadline', 'desc'))).toEqual(['a', 'c', 'b', 'd']);
  });

  it('does not change its input', () => {
    const copy = [...bounties];
    sortBounties(bounties, 'title', 'asc');
    expect(bounties).toEqual(copy);
  });

  it('toggles the active field and starts new fields in their own direction', () => {
    expect(DEFAULT_LIST_QUERY).toMatchObject({ sortField: 'reward', sortDirection: 'desc' });
    expect(nextSort({ sortField: 'reward', sortDirection: 'desc' }, 'reward')).toEqual({
      sortField: 'reward',
      sortDirection: 'asc',
    });
    expect(nextSort({ sortField: 'reward', sortDirection: 'desc' }, 'title')).toEqual({
      sortField: 'title',
      sortDirection: 'asc',
    });
    expect(nextSort({ sortField: 'title', sortDirection: 'asc' }, 'deadline')).toEqual({
      sortField: 'deadline',
      sortDirection: 'asc',
    });
    expect(nextSort({ sortField: 'deadline', sortDirection: 'desc' }, 'reward')).toEqual({
      sortField: 'reward',
      sortDirection: 'desc',
    });
    expect(nextSort({ sortField: 'title', sortDirection: 'asc' }, 'title').sortDirection).toBe('desc');
  });
});

describe('skill selection', () => {
  it('adds a skill only when non-empty and not already selected', () => {
    expect(addSkill([], 'Rust')).toEqual(['Rust']);
    expect(addSkill(['Rust'], 'rust')).toEqual(['Rust']);
    expect(addSkill(['Rust'], '   ')).toEqual(['Rust']);
    expect(addSkill(['Rust'], ' Go ')).toEqual(['Rust', 'Go']);
    expect(removeSkill(['Rust', 'Go'], 'rust')).toEqual(['Go']);
  });
});

describe('paging', () => {
  const items = Array.from({ length: 25 }, (_, index) => index);

  it('shows 10 per page and says when more remain', () => {
    expect(paginate(items, 1)).toEqual({ visible: items.slice(0, 10), hasMore: true, total: 25 });
    expect(paginate(items, 2).visible).toHaveLength(20);
    expect(paginate(items, 3)).toEqual({ visible: items, hasMore: false, total: 25 });
    expect(paginate(items, 0).visible).toHaveLength(10);
    expect(paginate(items.slice(0, 10), 1).hasMore).toBe(false);
  });

  it("says 'Showing all N of M bounties.' only when more than 10 results are all shown", () => {
    expect(showingAllText(paginate(items, 2), 40)).toBeNull();
    expect(showingAllText(paginate(items, 3), 40)).toBe('Showing all 25 of 40 bounties.');
    expect(showingAllText(paginate(items.slice(0, 10), 1), 40)).toBeNull();
    expect(showingAllText(paginate(items.slice(0, 11), 2), 11)).toBe('Showing all 11 of 11 bounties.');
  });
});

describe('sorting by creation time', () => {
  const dated = [
    makeBounty({ id: 'old', created_at: '2026-01-01T00:00:00.000Z' }),
    makeBounty({ id: 'undated', created_at: null }),
    makeBounty({ id: 'new', created_at: '2026-03-01T12:00:00.000Z' }),
    makeBounty({ id: 'garbled', created_at: 'not a date' }),
    makeBounty({ id: 'new-too', created_at: '2026-03-01T12:00:00.000Z' }),
    makeBounty({ id: 'middle', created_at: '2026-02-01T00:00:00.000Z' }),
  ];
  const order = (direction: 'asc' | 'desc') =>
    sortByCreated(indexBounties(dated), direction).map((entry) => entry.bounty.id);

  it('puts the newest first with desc, keeping the source order for equal times', () => {
    expect(order('desc')).toEqual(['new', 'new-too', 'middle', 'old', 'undated', 'garbled']);
  });

  it('puts the oldest first with asc, and bounties without a readable date last either way', () => {
    expect(order('asc')).toEqual(['old', 'middle', 'new', 'new-too', 'undated', 'garbled']);
  });
});

describe('the sponsor record in the list: "Verified sponsors" and "Pays fastest"', () => {
  const withSponsor = (id: string, verified: boolean, medianDaysToPay: number | null) => {
    const bounty = hostedBounty(id, { sponsor: `sponsor-${id}` });
    const { hosted } = bounty;
    return {
      ...bounty,
      hosted: {
        ...hosted!,
        sponsor: {
          ...hosted!.sponsor,
          verifiedAt: verified ? '2026-01-01T00:00:00Z' : null,
          record: { winners: 2, winnersPaid: 2, medianDaysToPay, overdue: [], hasHistory: true },
        },
      },
    };
  };
  const list = [
    makeBounty({ id: 'imported' }),
    withSponsor('slow', true, 20),
    withSponsor('unverified', false, 1),
    withSponsor('new', true, null),
    withSponsor('fast', true, 3),
  ];

  it('keeps only bounties hosted by a verified sponsor', () => {
    const ids = filterBounties(list, { ...noFilters, sponsor: 'verified' }, context).map(
      (bounty) => bounty.id,
    );
    expect(ids).toEqual(['slow', 'new', 'fast']);
  });

  it('orders by the median days to pay, quickest first; bounties without one last either way', () => {
    const order = (direction: 'asc' | 'desc') =>
      sortIndexed(indexBounties(list), 'pays', direction).map((entry) => entry.bounty.id);
    expect(order('asc')).toEqual(['unverified', 'fast', 'slow', 'imported', 'new']);
    expect(order('desc')).toEqual(['slow', 'fast', 'unverified', 'imported', 'new']);
  });
});
