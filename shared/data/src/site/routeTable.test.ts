import { REMOTE_NAMES } from './remotes.mjs';
import {
  NAV_ROUTES,
  ROUTES,
  SITE_ROUTES,
  findRoute,
  isKnownRoute,
  matchRoute,
  sectionId,
} from './routeTable';

describe('isKnownRoute', () => {
  it.each([
    '/',
    '/bounties',
    '/bounty/abc',
    '/compass',
    '/blog',
    '/blog/all',
    '/blog/a-slug',
    '/about',
    '/for-clients',
    '/bounties/',
  ])('knows %s', (path) => expect(isKnownRoute(path)).toBe(true));
  it.each(['/nope', '/bounty', '/bounty/a/b', '/blog/a/b', '/about/team', '/BOUNTIES'])(
    'does not know %s',
    (path) => expect(isKnownRoute(path)).toBe(false),
  );
});

describe('matchRoute', () => {
  it('prefers the literal /blog/all over the story slug pattern', () => {
    expect(matchRoute('/blog/all')).toBe('allStories');
    expect(matchRoute('/blog/some-story')).toBe('storyDetail');
    expect(matchRoute('/')).toBe('landing');
    expect(matchRoute('/bounty/42/')).toBe('bountyDetail');
    expect(matchRoute('/elsewhere')).toBeNull();
  });

  it('returns the path parameters as they appear in the path', () => {
    expect(findRoute('/bounty/a%20b')).toMatchObject({ id: 'bountyDetail', params: { id: 'a%20b' } });
    expect(findRoute('/blog/how-to')?.params).toEqual({ slug: 'how-to' });
  });
});

describe('the route table', () => {
  it('lists the header navigation in the product order', () => {
    expect(NAV_ROUTES.map((route) => [route.navLabel, route.path])).toEqual([
      ['Bounties', '/bounties'],
      ['Compass', '/compass'],
      ['Stories', '/blog'],
      ['For Clients', '/for-clients'],
      ['About', '/about'],
    ]);
  });

  it('names only known remotes, and every remote renders at least one route', () => {
    const used = new Set(ROUTES.flatMap((route) => (route.section ? [route.section.remote] : [])));
    expect([...used].sort()).toEqual([...REMOTE_NAMES].sort());
  });

  it('gives every route a path for links', () => {
    expect(SITE_ROUTES.bounties).toBe('/bounties');
    expect(sectionId({ remote: 'bounties', module: './BountiesPage' })).toBe('bounties/BountiesPage');
  });
});
