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
  return matchRoute(pathname) !== null;
}

/** Which remote module renders a route (the landing embeds FeaturedBounties); shell-owned routes are absent. */
export const ROUTE_SECTIONS: Partial<Record<keyof typeof SITE_ROUTES, { remote: string; module: string }>> = {
  landing: { remote: 'bounties', module: './FeaturedBounties' },
  bounties: { remote: 'bounties', module: './BountiesPage' },
  bountyDetail: { remote: 'bounties', module: './BountyDetailPage' },
  compass: { remote: 'compass', module: './CompassPage' },
  stories: { remote: 'stories', module: './StoriesPage' },
  allStories: { remote: 'stories', module: './AllStoriesPage' },
  storyDetail: { remote: 'stories', module: './StoryDetailPage' },
  forClients: { remote: 'clients', module: './ForClientsPage' },
};

function matches(pattern: string, path: string): boolean {
  const expected = pattern.split('/');
  const actual = path.split('/');
  return (
    expected.length === actual.length &&
    expected.every((part, index) =>
      part.startsWith(':') ? (actual[index] ?? '').length > 0 : part === actual[index],
    )
  );
}

/** The route key a pathname belongs to; literal routes win over parameterised ones (/blog/all). */
export function matchRoute(pathname: string): keyof typeof SITE_ROUTES | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const entries = Object.entries(SITE_ROUTES) as [keyof typeof SITE_ROUTES, string][];
  const literal = entries.find(([, pattern]) => !pattern.includes(':') && pattern === path);
  if (literal) return literal[0];
  const parameterised = entries.find(([, pattern]) => pattern.includes(':') && matches(pattern, path));
  return parameterised ? parameterised[0] : null;
}
