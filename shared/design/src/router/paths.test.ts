import { bestMatch, createPath, isActivePath, matchPath, parsePath, resolveTo } from './paths';

describe('paths', () => {
  it('splits and joins a path', () => {
    expect(parsePath('/bounties?q=ai#top')).toEqual({ pathname: '/bounties', search: '?q=ai', hash: '#top' });
    expect(createPath({ pathname: '/bounties', search: 'q=ai', hash: '' })).toBe('/bounties?q=ai');
  });

  it('resolves an absolute, a search-only and a relative target', () => {
    expect(resolveTo('/about', '/blog/x')).toEqual({ pathname: '/about', search: '', hash: '' });
    expect(resolveTo({ search: '?page=2' }, '/bounties')).toEqual({
      pathname: '/bounties',
      search: '?page=2',
      hash: '',
    });
    expect(resolveTo('edit', '/bounty/1').pathname).toBe('/bounty/1/edit');
    expect(resolveTo('../all', '/blog/x').pathname).toBe('/blog/all');
  });
});

describe('matching routes', () => {
  it('reads params, decoded, case-insensitively and with a trailing slash', () => {
    expect(matchPath('/bounty/:id', '/Bounty/a%20b/')).toEqual({ id: 'a b' });
    expect(matchPath('/bounty/:id', '/bounty')).toBeNull();
    expect(matchPath('/bounty/:id', '/bounty/1/more')).toBeNull();
    expect(matchPath('*', '/no/such/page')).toEqual({ '*': 'no/such/page' });
  });

  it('prefers a static segment to a param and anything to the catch-all, whatever the order', () => {
    const patterns = ['/blog/:slug', '*', '/blog/all', '/'];
    expect(bestMatch(patterns, '/blog/all')?.index).toBe(2);
    expect(bestMatch(patterns, '/blog/a-story')).toEqual({ index: 0, params: { slug: 'a-story' } });
    expect(bestMatch(patterns, '/')?.index).toBe(3);
    expect(bestMatch(patterns, '/elsewhere')?.index).toBe(1);
    expect(bestMatch(['/a'], '/b')).toBeNull();
  });

  it('marks a nav link active on its page and below it, the root only on itself', () => {
    expect(isActivePath('/bounties', '/bounties')).toBe(true);
    expect(isActivePath('/bounties/saved', '/bounties')).toBe(true);
    expect(isActivePath('/bounties/saved', '/bounties', true)).toBe(false);
    expect(isActivePath('/bountiesx', '/bounties')).toBe(false);
    expect(isActivePath('/bounties', '/')).toBe(false);
  });
});
