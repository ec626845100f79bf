import { isKnownRoute } from './routes';

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
