import { isKnownRoute, matchRoute } from './routes';

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
});
