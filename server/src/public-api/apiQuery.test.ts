import { API_DEFAULT_LIMIT, parseApiQuery, type ApiQuery } from './apiQuery';
import { encodeCursor } from './cursor';

const parse = (query: string) => parseApiQuery(new URLSearchParams(query));
const ok = (query: string): ApiQuery => {
  const result = parse(query);
  if (!result.ok) throw new Error(result.message);
  return result.value;
};

describe('parseApiQuery', () => {
  it("defaults to no filters, the list's order (reward, highest first) and 20 a page", () => {
    expect(ok('')).toMatchObject({
      filters: {
        search: '',
        domain: '',
        skills: [],
        status: '',
        minReward: null,
        maxReward: null,
        savedOnly: false,
      },
      sortField: 'reward',
      sortDirection: 'desc',
      limit: API_DEFAULT_LIMIT,
      cursor: null,
    });
  });

  it("reads every parameter as the list does, a sort field starting in the list's direction", () => {
    expect(
      ok(
        'q=parser&domain=AI%2FML&skill=Rust&skill=rust&skill=Go&status=open&min=500&max=5000&sort=title&limit=100',
      ),
    ).toMatchObject({
      filters: {
        search: 'parser',
        domain: 'AI/ML',
        skills: ['Rust', 'Go'],
        status: 'open',
        minReward: 500,
        maxReward: 5000,
      },
      sortField: 'title',
      sortDirection: 'asc',
      limit: 100,
    });
    expect(ok('sort=deadline&dir=desc')).toMatchObject({ sortField: 'deadline', sortDirection: 'desc' });
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=1.5', 'limit'],
    ['limit=', 'limit'],
    ['status=maybe', 'status'],
    ['status=', 'status'],
    ['min=-3', 'min'],
    ['min=1e3', 'min'],
    ['max=12.50', 'max'],
    ['max=2000000000', 'max'],
    ['min=500&max=100', 'max'],
    ['sort=evil', 'sort'],
    ['dir=up', 'dir'],
    ['cursor=garbage', 'cursor'],
    ['cursor=', 'cursor'],
    ['skill=', 'skill'],
    [`skill=${'x'.repeat(101)}`, 'skill'],
    [Array.from({ length: 21 }, (_, index) => `skill=s${index}`).join('&'), 'skill'],
    [`q=${'x'.repeat(201)}`, 'q'],
    ['status=open&status=closed', 'status'],
    ['pages=2', 'pages'],
    ['saved=1', 'saved'],
  ])('refuses %s, naming %s', (query, parameter) => {
    const result = parse(query);
    expect(result).toEqual({ ok: false, parameter, message: expect.stringContaining(parameter) });
  });

  it('takes a cursor made for the same filters and sort, however the skills are spelled', () => {
    const first = ok('skill=Rust&skill=Go&sort=title');
    const cursor = encodeCursor({ query: first.key, after: 'b7', offset: 20 });
    expect(ok(`skill=go&skill=RUST&sort=title&cursor=${cursor}`).cursor).toEqual({
      query: first.key,
      after: 'b7',
      offset: 20,
    });
    // The page size may change between pages.
    expect(ok(`skill=Go&skill=Rust&sort=title&limit=5&cursor=${cursor}`).cursor).not.toBeNull();
  });

  it('refuses a cursor made for other filters or another order', () => {
    const cursor = encodeCursor({ query: ok('skill=Rust').key, after: 'b7', offset: 20 });
    for (const other of [
      'skill=Go',
      'skill=Rust&sort=title',
      'skill=Rust&dir=asc',
      'skill=Rust&status=open',
    ]) {
      expect(parse(`${other}&cursor=${cursor}`)).toMatchObject({ ok: false, parameter: 'cursor' });
    }
  });
});
