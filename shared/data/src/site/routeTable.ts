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
  /** Head of the page before its data is known, and of pages whose head never changes. */
  head: RouteHead;
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
    head: {
      description:
        'Prove your skills by solving paid, real-world challenges posted by companies. Find a bounty, ship a solution, earn the reward and get hired.',
    },
  },
  bounties: {
    path: '/bounties',
    section: { remote: 'bounties', module: './BountiesPage' },
    navLabel: 'Bounties',
    head: {
      title: 'Bounties',
      description:
        'Browse paid, real-world challenges by skill, domain and reward, and prove your competence.',
    },
  },
  bountyDetail: {
    path: '/bounty/:id',
    section: { remote: 'bounties', module: './BountyDetailPage' },
    head: { title: 'Loading Bounty...', description: 'A paid, real-world challenge on Side Quest.' },
  },
  bountyLeaderboard: {
    path: '/bounty/:id/leaderboard',
    section: { remote: 'bounties', module: './LeaderboardPage' },
    head: {
      title: 'Leaderboard',
      description:
        "A scored bounty's leaderboard on Side Quest: entries scored against answers the sponsor keeps, the final board revealed at the deadline.",
    },
  },
  compass: {
    path: '/compass',
    section: { remote: 'compass', module: './CompassPage' },
    navLabel: 'Compass',
    head: {
      title: 'Value Compass',
      description:
        'Which skills companies pay for: the most in-demand skills, trending areas and highest paying skills across Side Quest bounties.',
    },
  },
  stories: {
    path: '/blog',
    section: { remote: 'stories', module: './StoriesPage' },
    navLabel: 'Stories',
    head: {
      title: 'Success Stories',
      description:
        'Real people, real bounties: how the Side Quest community turned paid real-world challenges into Proof of Competence.',
    },
  },
  allStories: {
    path: '/blog/all',
    section: { remote: 'stories', module: './AllStoriesPage' },
    head: {
      title: 'All Success Stories',
      description: 'Every success story from the Side Quest community, newest first.',
    },
  },
  storyDetail: {
    path: '/blog/:slug',
    section: { remote: 'stories', module: './StoryDetailPage' },
    head: { title: 'Loading Story...', description: 'A success story from the Side Quest community.' },
  },
  sponsorProfile: {
    path: '/sponsors/:slug',
    section: { remote: 'bounties', module: './SponsorPage' },
    head: {
      title: 'Sponsor record',
      description:
        "A sponsor's record on Side Quest: its bounties, and how fast it judged and paid its winners, from the data.",
    },
  },
  talentDirectory: {
    path: '/talent',
    section: { remote: 'stories', module: './TalentDirectoryPage' },
    head: {
      title: 'Talent directory',
      description:
        'People with proven skills on Side Quest: public profiles by the bounties they won, filtered by skill and by who is open to work.',
    },
  },
  talentProfile: {
    path: '/talent/:handle',
    section: { remote: 'stories', module: './TalentProfilePage' },
    head: {
      title: 'Talent profile',
      description:
        'Proof of Competence on Side Quest: the bounties a person won, with sponsor and prize, and the skills they prove.',
    },
  },
  forClients: {
    path: '/for-clients',
    section: { remote: 'clients', module: './ForClientsPage' },
    navLabel: 'For Clients',
    head: {
      title: 'For Clients',
      description:
        'Tell us your biggest growth blocker, hiring confidence or a technical bottleneck, and see how a bounty can solve it with proven talent.',
    },
  },
  about: {
    path: '/about',
    navLabel: 'About',
    head: {
      title: 'About',
      description:
        'Why Side Quest exists: paid, real-world challenges that let anyone prove competence, earn rewards and get hired, at a time when AI is reshaping skills.',
    },
  },
  signIn: {
    path: '/sign-in',
    personal: true,
    head: {
      title: 'Sign in',
      description:
        'Sign in to Side Quest or create your account with a code e-mailed to you, or with a passkey. No password.',
    },
  },
  account: {
    path: '/account',
    personal: true,
    head: {
      title: 'Your account',
      description: 'Your Side Quest profile, sign-in methods, sessions, sponsor organisations and data.',
    },
  },
  accountAlerts: {
    path: '/account/alerts',
    personal: true,
    head: {
      title: 'Bounty alerts',
      description:
        'Your saved searches on Side Quest: e-mail digests of new bounties like them, daily or weekly.',
    },
  },
  accountInterviewRequests: {
    path: '/account/interview-requests',
    personal: true,
    head: {
      title: 'Interview requests',
      description:
        'Interview requests from verified sponsors on Side Quest: accept, decline or block, and confirm a hire.',
    },
  },
  sponsorTeams: {
    path: '/sponsor',
    section: { remote: 'clients', module: './SponsorTeamsPage' },
    personal: true,
    head: {
      title: 'Your sponsor organisations',
      description: 'The sponsor organisations you belong to on Side Quest, and invitations to join one.',
    },
  },
  sponsorTeam: {
    path: '/sponsor/:slug',
    section: { remote: 'clients', module: './SponsorTeamPage' },
    personal: true,
    head: { title: 'Sponsor team', description: "A sponsor organisation's team on Side Quest." },
  },
  postBounty: {
    path: '/sponsor/:slug/post',
    section: { remote: 'clients', module: './PostBountyPage' },
    personal: true,
    head: {
      title: 'Post a bounty',
      description:
        'Post a bounty on Side Quest: the challenge, its acceptance criteria, prize slots and deadlines.',
    },
  },
  bountyConsole: {
    path: '/sponsor/:slug/bounties/:id',
    section: { remote: 'clients', module: './BountyConsolePage' },
    personal: true,
    head: {
      title: 'Bounty console',
      description: "A sponsor team's console for one bounty: submissions, reviews, winners and payments.",
    },
  },
  teamInterviewRequests: {
    path: '/sponsor/:slug/interview-requests',
    section: { remote: 'clients', module: './InterviewRequestsPage' },
    personal: true,
    head: {
      title: 'Interview requests',
      description:
        "A sponsor team's interview requests on Side Quest: send one on evidence, and record a hire.",
    },
  },
  submitSolution: {
    path: '/submit/:id',
    section: { remote: 'bounties', module: './SubmitSolutionPage' },
    personal: true,
    head: {
      title: 'Submit a solution',
      description: 'Submit your solution to a bounty hosted on Side Quest.',
    },
  },
  mySubmissions: {
    path: '/account/submissions',
    section: { remote: 'bounties', module: './MySubmissionsPage' },
    personal: true,
    head: {
      title: 'My submissions',
      description: 'Your submissions to Side Quest bounties, their state, your wins and payments.',
    },
  },
  paymentAnswer: {
    path: '/account/payments/:id/:slot',
    section: { remote: 'bounties', module: './PaymentAnswerPage' },
    personal: true,
    head: {
      title: 'Your prize payment',
      description: 'Confirm whether the prize the sponsor recorded reached you.',
    },
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
