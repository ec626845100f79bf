/**
 * The site's route table (SPEC §2), as path patterns. The shell routes with it and the server uses it to
 * answer unknown paths with HTTP 404, so the two can never disagree.
 */
export const SITE_ROUTES = {
  landing: '/',
  bounties: '/bounties',
  bountyDetail: '/bounty/:id',
  compass: '/compass',
  stories: '/blog',
  allStories: '/blog/all',
  storyDetail: '/blog/:slug',
  about: '/about',
  forClients: '/for-clients',
} as const;

/** True when a pathname matches one of the routes above (single `:param` segments only). */
export function isKnownRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return Object.values(SITE_ROUTES).some((pattern) => {
    const expected = pattern.split('/');
    const actual = path.split('/');
    if (expected.length !== actual.length) return false;
    return expected.every((part, index) =>
      part.startsWith(':') ? (actual[index] ?? '').length > 0 : part === actual[index],
    );
  });
}
