import { matchPath } from 'react-router-dom';
import { REMOTES } from './remotes.mjs';

/** The federation name of a remote, e.g. 'bounties'. */
export type RemoteName = (typeof REMOTES)[number]['name'];

/** A remote's exposed page component that renders a route. */
export interface RouteSection {
  remote: RemoteName;
  module: `./${string}`;
  /**
   * A section below the fold: the id of the page's element around it. Its code is neither preloaded
   * nor waited for before the page hydrates; the server's HTML of it stays (links work) and hydrates
   * once that element nears the viewport or is touched (docs/decisions.md, "Input before hydration").
   */
  hydrateNear?: string;
}

/** A page's title and description (routeHeads.ts holds each route's). */
export interface RouteHead {
  /** The page's own title (the product suffix is added); absent means the site's default title. */
  title?: string;
  description: string;
}

export interface SiteRoute {
  /** Path pattern; `:name` matches one non-empty segment. */
  path: string;
  /** The remote module that renders the page (the landing embeds FeaturedBounties); shell pages have none. */
  section?: RouteSection;
  /** Label in the header navigation; the table's order is the header's order. */
  navLabel?: string;
  /** A page about the person signed in (or signing in): never in the sitemap, `noindex`. */
  personal?: true;
}

/**
 * The site's route table (the product's screens). The shell's routes and header navigation, the server's
 * status codes and preloads, server rendering and the sitemap are all derived from it.
 */
export const ROUTE_TABLE = {
  landing: {
    path: '/',
    section: { remote: 'bounties', module: './FeaturedBounties', hydrateNear: 'featured-bounties' },
  },
  bounties: {
    path: '/bounties',
    section: { remote: 'bounties', module: './BountiesPage' },
    navLabel: 'Bounties',
  },
  bountyDetail: {
    path: '/bounty/:id',
    section: { remote: 'bounties', module: './BountyDetailPage' },
  },
  bountyLeaderboard: {
    path: '/bounty/:id/leaderboard',
    section: { remote: 'bounties', module: './LeaderboardPage' },
  },
  compass: {
    path: '/compass',
    section: { remote: 'compass', module: './CompassPage' },
    navLabel: 'Compass',
  },
  stories: {
    path: '/blog',
    section: { remote: 'stories', module: './StoriesPage' },
    navLabel: 'Stories',
  },
  allStories: {
    path: '/blog/all',
    section: { remote: 'stories', module: './AllStoriesPage' },
  },
  storyDetail: {
    path: '/blog/:slug',
    section: { remote: 'stories', module: './StoryDetailPage' },
  },
  sponsorProfile: {
    path: '/sponsors/:slug',
    section: { remote: 'bounties', module: './SponsorPage' },
  },
  talentDirectory: {
    path: '/talent',
    section: { remote: 'stories', module: './TalentDirectoryPage' },
  },
  talentProfile: {
    path: '/talent/:handle',
    section: { remote: 'stories', module: './TalentProfilePage' },
  },
  forClients: {
    path: '/for-clients',
    section: { remote: 'clients', module: './ForClientsPage' },
    navLabel: 'For Clients',
  },
  about: {
    path: '/about',
    navLabel: 'About',
  },
  signIn: {
    path: '/sign-in',
    personal: true,
  },
  account: {
    path: '/account',
    personal: true,
  },
  accountAlerts: {
    path: '/account/alerts',
    personal: true,
  },
  accountInterviewRequests: {
    path: '/account/interview-requests',
    personal: true,
  },
  sponsorTeams: {
    path: '/sponsor',
    section: { remote: 'clients', module: './SponsorTeamsPage' },
    personal: true,
  },
  sponsorTeam: {
    path: '/sponsor/:slug',
    section: { remote: 'clients', module: './SponsorTeamPage' },
    personal: true,
  },
  postBounty: {
    path: '/sponsor/:slug/post',
    section: { remote: 'clients', module: './PostBountyPage' },
    personal: true,
  },
  bountyConsole: {
    path: '/sponsor/:slug/bounties/:id',
    section: { remote: 'clients', module: './BountyConsolePage' },
    personal: true,
  },
  teamInterviewRequests: {
    path: '/sponsor/:slug/interview-requests',
    section: { remote: 'clients', module: './InterviewRequestsPage' },
    personal: true,
  },
  submitSolution: {
    path: '/submit/:id',
    section: { remote: 'bounties', module: './SubmitSolutionPage' },
    personal: true,
  },
  mySubmissions: {
    path: '/account/submissions',
    section: { remote: 'bounties', module: './MySubmissionsPage' },
    personal: true,
  },
  paymentAnswer: {
    path: '/account/payments/:id/:slot',
    section: { remote: 'bounties', module: './PaymentAnswerPage' },
    personal: true,
  },
} as const satisfies Record<string, SiteRoute>;

export type RouteId = keyof typeof ROUTE_TABLE;

/** Head of the not-found page, which answers every path the table does not know. */
export const NOT_FOUND_HEAD: RouteHead = {
  title: 'Page Not Found',
  description: 'This page does not exist on Side Quest. Head back home to find paid, real-world challenges.',
};

const ROUTE_IDS = Object.keys(ROUTE_TABLE) as RouteId[];

/** Every route with its id, in table order. */
export const ROUTES: ReadonlyArray<SiteRoute & { id: RouteId }> = ROUTE_IDS.map((id) => ({
  id,
  ...ROUTE_TABLE[id],
}));

/** Path pattern of each route, for links: `SITE_ROUTES.bounties` is '/bounties'. */
export const SITE_ROUTES = Object.fromEntries(ROUTES.map((route) => [route.id, route.path])) as {
  [Id in RouteId]: (typeof ROUTE_TABLE)[Id]['path'];
};

/** The header's links, in its order. */
export const NAV_ROUTES = ROUTES.filter((route): route is SiteRoute & { id: RouteId; navLabel: string } =>
  Boolean(route.navLabel),
);

/** A route's section as the Module Federation id the runtime loads, e.g. 'bounties/BountiesPage'. */
export function sectionId(section: RouteSection): string {
  return `${section.remote}/${section.module.replace(/^\.\//, '')}`;
}

function matchesPath(pattern: string, pathname: string) {
  return matchPath({ path: pattern, caseSensitive: true, end: true }, pathname);
}

export interface RouteMatch {
  id: RouteId;
  route: SiteRoute;
  /** Path parameters, still URL-encoded as they appear in the path (React Router turns %2F into /). */
  params: Record<string, string>;
}

/**
 * The route a pathname belongs to; literal routes win over parameterised ones (/blog/all). React
 * Router's matchPath does the matching, case-sensitive (the site's paths are lower case, and /BOUNTIES
 * is not a page), a trailing slash allowed.
 */
export function findRoute(pathname: string): RouteMatch | null {
  const literal = ROUTES.find((route) => !route.path.includes(':') && matchesPath(route.path, pathname));
  if (literal) return { id: literal.id, route: literal, params: {} };
  for (const route of ROUTES) {
    if (!route.path.includes(':')) continue;
    const match = matchesPath(route.path, pathname);
    if (match) return { id: route.id, route, params: match.params as Record<string, string> };
  }
  return null;
}

/** The route id a pathname belongs to, or null for the not-found page. */
export function matchRoute(pathname: string): RouteId | null {
  return findRoute(pathname)?.id ?? null;
}

/** True when a pathname matches one of the routes above. */
export function isKnownRoute(pathname: string): boolean {
  return findRoute(pathname) !== null;
}
