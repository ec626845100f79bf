import { DEFAULT_LIST_QUERY, NO_FILTERS, type ListQuery } from './bountyQuery';
import { describeFilters, feedUrl } from './feeds';
import { parseListQuery } from './listUrlState';

describe('feedUrl', () => {
  it('is the bare feed path for the unfiltered list', () => {
    expect(feedUrl(DEFAULT_LIST_QUERY, 'rss')).toBe('/feeds/bounties.xml');
    expect(feedUrl(DEFAULT_LIST_QUERY, 'json')).toBe('/feeds/bounties.json');
  });

  it("carries every filter of the list, encoded as the list's own URL does", () => {
    const query = parseListQuery(
      new URLSearchParams('q=fast parser&domain=AI/ML&skill=Rust&skill=C%2B%2B&status=open&min=500&max=5000'),
    );
    expect(feedUrl(query, 'rss')).toBe(
      '/feeds/bounties.xml?q=fast+parser&domain=AI%2FML&skill=Rust&skill=C%2B%2B&status=open&min=500&max=5000',
    );
  });

  it('leaves out saved, paging and sort, which a feed reader cannot or need not apply', () => {
    const query: ListQuery = {
      ...DEFAULT_LIST_QUERY,
      skills: ['Go'],
      savedOnly: true,
      pages: 4,
      sortField: 'title',
      sortDirection: 'desc',
    };
    expect(feedUrl(query, 'json')).toBe('/feeds/bounties.json?skill=Go');
  });

  it('round-trips through the list parser to the same filters', () => {
    const query: ListQuery = {
      ...DEFAULT_LIST_QUERY,
      search: '& = ? # %',
      domain: 'R&D',
      skills: ['C#', 'Node.js'],
      status: 'closed',
      minReward: 0,
      maxReward: null,
    };
    const url = new URL(feedUrl(query, 'rss'), 'http://site.invalid');
    expect(url.pathname).toBe('/feeds/bounties.xml');
    expect(parseListQuery(url.searchParams)).toEqual({
      ...query,
      sortField: 'reward',
      sortDirection: 'desc',
    });
  });
});

describe('describeFilters', () => {
  it('says nothing for no filters', () => {
    expect(describeFilters(NO_FILTERS)).toBe('');
    expect(describeFilters({ ...NO_FILTERS, search: '   ' })).toBe('');
  });

  it('names every active filter in order', () => {
    expect(
      describeFilters({
        ...NO_FILTERS,
        search: ' parser ',
        domain: 'AI/ML',
        skills: ['Rust', 'Go'],
        status: 'open',
        minReward: 500,
        maxReward: 5000,
      }),
    ).toBe('matching "parser", in AI/ML, with Rust or Go, open, $500 to $5,000');
  });

  it('words a single reward bound', () => {
    expect(describeFilters({ ...NO_FILTERS, minReward: 1500 })).toBe('at least $1,500');
    expect(describeFilters({ ...NO_FILTERS, maxReward: 0 })).toBe('at most $0');
    expect(describeFilters({ ...NO_FILTERS, status: 'closed' })).toBe('closed');
  });
});
