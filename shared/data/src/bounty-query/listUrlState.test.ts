import { DEFAULT_LIST_QUERY } from './bountyQuery';
import { canonicalSkills, parseListQuery, serializeListQuery } from './listUrlState';

describe('list state in the URL', () => {
  it('reads the default view from an empty query string and writes nothing for it', () => {
    expect(parseListQuery(new URLSearchParams(''))).toEqual(DEFAULT_LIST_QUERY);
    expect(serializeListQuery(DEFAULT_LIST_QUERY).toString()).toBe('');
  });

  it('round-trips every field', () => {
    const query = {
      search: 'fast parser',
      domain: 'AI/ML',
      skills: ['Rust', 'C++'],
      status: 'open' as const,
      stage: 'paid' as const,
      sponsor: 'verified' as const,
      minReward: 500,
      maxReward: 5000,
      savedOnly: true,
      sortField: 'deadline' as const,
      sortDirection: 'desc' as const,
      pages: 3,
    };
    const text = serializeListQuery(query).toString();
    expect(text).toBe(
      'q=fast+parser&domain=AI%2FML&skill=Rust&skill=C%2B%2B&status=open&stage=paid&sponsor=verified&min=500&max=5000&saved=1&sort=deadline&dir=desc&pages=3',
    );
    expect(parseListQuery(new URLSearchParams(text))).toEqual(query);
  });

  it('opens pre-filtered from a link such as ?skill=Rust', () => {
    expect(parseListQuery(new URLSearchParams('skill=Rust'))).toEqual({
      ...DEFAULT_LIST_QUERY,
      skills: ['Rust'],
    });
  });

  it('starts a sort field in its own direction when the URL names no direction', () => {
    expect(parseListQuery(new URLSearchParams('sort=title'))).toMatchObject({
      sortField: 'title',
      sortDirection: 'asc',
    });
    expect(parseListQuery(new URLSearchParams('dir=asc'))).toMatchObject({
      sortField: 'reward',
      sortDirection: 'asc',
    });
  });

  it('ignores invalid values and duplicate skills', () => {
    expect(parseListQuery(new URLSearchParams('sort=evil&dir=up&pages=-2&skill=&skill=Go&skill=go'))).toEqual(
      {
        ...DEFAULT_LIST_QUERY,
        skills: ['Go'],
      },
    );
    expect(parseListQuery(new URLSearchParams('pages=2.5')).pages).toBe(1);
    expect(parseListQuery(new URLSearchParams('pages=99999999')).pages).toBe(1000);
  });

  it('ignores a status, reward bound or saved flag it cannot read, and a maximum below the minimum', () => {
    expect(parseListQuery(new URLSearchParams('status=pending&min=-5&max=1e3&saved=yes'))).toEqual(
      DEFAULT_LIST_QUERY,
    );
    expect(parseListQuery(new URLSearchParams('min=1.5&max=abc'))).toMatchObject({
      minReward: null,
      maxReward: null,
    });
    expect(parseListQuery(new URLSearchParams('min=2000&max=500'))).toMatchObject({
      minReward: 2000,
      maxReward: null,
    });
    expect(parseListQuery(new URLSearchParams('status=closed&min=0&max=99999999999'))).toMatchObject({
      status: 'closed',
      minReward: 0,
      maxReward: null,
    });
  });

  it("shows URL skills in the dataset's spelling", () => {
    expect(canonicalSkills(['rust', 'unknown'], ['Go', 'Rust'])).toEqual(['Rust', 'unknown']);
  });
});
