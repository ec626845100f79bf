// Browser-test helpers for opening every route of the route table (not a test file: *.e2e.ts are): the
// composed site with the lifecycle's demo history, real ids and slugs of it, and the people who open
// each route (a visitor, the owner of a verified organisation, a demo winner), signed in.
import type { BrowserContext } from 'playwright-core';
import type { RouteId } from '@side-quest/data/routes';
import { launchBrowser, startSite, type RunningSite } from '@side-quest/build/e2e';
import { startTestSmtpServer, type TestSmtpServer } from '../src/testing/testSmtpServer';
import { DEMO_BOUNTIES, DEMO_MAIL_DOMAIN } from '../src/lifecycle/demoData';
import { grantStaff, readdressDemoAccount, signInByCode } from './people';

export type TestBrowser = BrowserContext & { cleanup: () => Promise<void> };

/** What the visits open: real ids and slugs of the running site, and people signed in. */
export interface RouteFixtures {
  /** The site with a host name, not an IP: passkeys need one (their relying party id). */
  origin: string;
  site: RunningSite;
  /** The SMTP server the site mails sign-in codes to. */
  smtp: TestSmtpServer;
  /** A seeded bounty of the marketplace. */
  bountyId: string;
  storySlug: string;
  /** A visitor's browser, and one signed in as the owner of the organisation `teamSlug`. */
  visitor: TestBrowser;
  owner: TestBrowser;
  teamSlug: string;
  /** The console of a draft bounty of `teamSlug` (verified: it publishes at once). */
  consolePath: string;
  /** A demo talent, signed in: a winner whose prize payment was recorded and is not answered yet. */
  winner: TestBrowser;
  paymentPath: string;
  /** An open bounty of `teamSlug` the winner may submit to. */
  openBountyId: string;
  /** The demo's closed scored bounty: its leaderboard is revealed. */
  scoredBountyId: string;
}

/** The page a test opens for a route, and whose browser opens it. */
export interface RouteVisit {
  path: (fixtures: RouteFixtures) => string;
  as: 'visitor' | 'owner' | 'winner';
}

/** One visit per route of the route table, and the not-found page. */
export const ROUTE_VISITS: Record<RouteId | 'notFound', RouteVisit> = {
  landing: { path: () => '/', as: 'visitor' },
  bounties: { path: () => '/bounties', as: 'visitor' },
  bountyDetail: { path: ({ bountyId }) => `/bounty/${encodeURIComponent(bountyId)}`, as: 'visitor' },
  compass: { path: () => '/compass', as: 'visitor' },
  stories: { path: () => '/blog', as: 'visitor' },
  allStories: { path: () => '/blog/all', as: 'visitor' },
  storyDetail: { path: ({ storySlug }) => `/blog/${storySlug}`, as: 'visitor' },
  // The demo's revealed board.
  bountyLeaderboard: {
    path: ({ scoredBountyId }) => `/bounty/${encodeURIComponent(scoredBountyId)}/leaderboard`,
    as: 'visitor',
  },
  // A demo sponsor's record.
  sponsorProfile: { path: () => '/sponsors/northwind-freight', as: 'visitor' },
  talentDirectory: { path: () => '/talent', as: 'visitor' },
  // A demo winner's public profile.
  talentProfile: { path: () => '/talent/tomas-novak', as: 'visitor' },
  forClients: { path: () => '/for-clients', as: 'visitor' },
  about: { path: () => '/about', as: 'visitor' },
  signIn: { path: () => '/sign-in?next=%2Faccount', as: 'visitor' },
  account: { path: () => '/account', as: 'owner' },
  // The search from /bounties, to be kept as an alert.
  accountAlerts: { path: () => '/account/alerts?skill=Rust', as: 'owner' },
  // The demo winner holds Tallow Health's open request (the demo history's).
  accountInterviewRequests: { path: () => '/account/interview-requests', as: 'winner' },
  sponsorTeams: { path: () => '/sponsor', as: 'owner' },
  sponsorTeam: { path: ({ teamSlug }) => `/sponsor/${teamSlug}`, as: 'owner' },
  postBounty: { path: ({ teamSlug }) => `/sponsor/${teamSlug}/post`, as: 'owner' },
  bountyConsole: { path: ({ consolePath }) => consolePath, as: 'owner' },
  submitSolution: { path: ({ openBountyId }) => `/submit/${encodeURIComponent(openBountyId)}`, as: 'winner' },
  mySubmissions: { path: () => '/account/submissions', as: 'winner' },
  paymentAnswer: { path: ({ paymentPath }) => paymentPath, as: 'winner' },
  teamInterviewRequests: { path: ({ teamSlug }) => `/sponsor/${teamSlug}/interview-requests`, as: 'owner' },
  notFound: { path: () => '/no-such-page', as: 'visitor' },
};

/** A UTC date and time `days` from now, as a datetime-local field takes it. */
export const inDays = (days: number) =>
  new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 16);

/**
 * For a test file: before its tests, starts an SMTP server and the site with the demo history and
 * prepares what every route's visit needs (an organisation verified by staff with an open bounty and a
 * draft, a demo winner with a recorded prize payment, each person signed in in a browser of their own,
 * launched with `browserOptions`); after them, stops all it started. The handle's fields are set once
 * the tests run.
 */
export function setUpRouteFixtures(browserOptions?: Parameters<typeof launchBrowser>[0]): RouteFixtures {
  const fixtures = {} as RouteFixtures;
  beforeAll(() => prepare(fixtures, browserOptions));
  afterAll(async () => {
    await fixtures.visitor?.cleanup();
    await fixtures.owner?.cleanup();
    await fixtures.winner?.cleanup();
    await fixtures.site?.stop();
    await fixtures.smtp?.close();
  });
  return fixtures;
}

async function prepare(fixtures: RouteFixtures, browserOptions?: Parameters<typeof launchBrowser>[0]) {
  fixtures.smtp = await startTestSmtpServer();
  // With the lifecycle's demo history: a winner with a prize payment to answer.
  fixtures.site = await startSite({ env: { SMTP_URL: fixtures.smtp.url, SEED_DEMO: '1' } });
  const { site, smtp } = fixtures;
  fixtures.origin = `http://localhost:${site.port}`;
  const bounties = (await (await fetch(`${site.baseUrl}/api/bounties`)).json()) as Array<{
    id: string;
    item_title: string;
    skill_tags: string[];
  }>;
  fixtures.bountyId = bounties[0]!.id;
  fixtures.scoredBountyId = bounties.find(
    (bounty) => bounty.item_title === 'Estimate stop-to-stop times on rural routes',
  )!.id;
  fixtures.storySlug = 'deepseek-ai-sidequest';
  fixtures.visitor = await launchBrowser(browserOptions);
  fixtures.owner = await launchBrowser(browserOptions);
  // The owner of an organisation, signed in (their browser keeps the session).
  const page = await fixtures.owner.newPage();
  await page.goto(`${fixtures.origin}/sign-in?next=%2Fsponsor`);
  await signInByCode(page, smtp, 'owner@early-birds.example.com');
  await page.waitForURL(`${fixtures.origin}/sponsor`);
  fixtures.teamSlug = 'early-birds';
  await page.getByLabel('Organisation name').fill('Early Birds');
  await page.getByLabel('Address on Side Quest').fill(fixtures.teamSlug);
  await page.getByLabel('Website').fill('https://early-birds.example.com');
  await page.getByRole('button', { name: 'Create organisation' }).click();
  await page.waitForURL(`${fixtures.origin}/sponsor/${fixtures.teamSlug}?done=created`);
  await page.close();

  // The organisation verified by staff, so it publishes at once: an open bounty of it, and a draft
  // (its console publishes it).
  grantStaff(site.dataDir, 'owner@early-birds.example.com');
  const staff = await fixtures.owner.newPage();
  await staff.goto(`${fixtures.origin}/staff`);
  await staff.getByRole('button', { name: 'Verify Early Birds' }).click();
  await staff.waitForURL(`${fixtures.origin}/staff?done=verified`);
  await staff.close();
  const post = async (title: string, intent: 'publish' | 'draft') => {
    const posted = await fixtures.owner.request.post(`${fixtures.origin}/sponsor/${fixtures.teamSlug}/post`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: fixtures.origin },
      data: new URLSearchParams([
        ['title', title],
        [
          'description',
          'Build an index of every early bird sighting, searchable by place and by hour of the day.',
        ],
        ['domain', 'Software'],
        ['skills', bounties.flatMap((bounty) => bounty.skill_tags)[0]!],
        ['criteria', 'Every sighting is found by place and by hour'],
        ['prizes', '500'],
        ['submissionDeadline', inDays(30)],
        ['judgingDays', '14'],
        ['paymentDueDays', '14'],
        ...['wise', 'bank-sepa', 'paypal', 'usdc'].map((method) => ['payoutMethods', method]),
        ['unclaimed', 'returned'],
        ['intent', intent],
      ]).toString(),
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(303);
    return new URL(posted.headers().location!, fixtures.origin).pathname;
  };
  fixtures.openBountyId = (await post('Index the early birds', 'publish')).split('/').pop()!;
  fixtures.consolePath = await post('Count the early birds', 'draft');

  // A demo winner (the site seeds the lifecycle's demo history): a recorded prize payment not answered
  // yet.
  const [unanswered] = DEMO_BOUNTIES.flatMap((bounty) =>
    (bounty.payments ?? [])
      .filter((payment) => !payment.answer)
      .map((payment) => bounty.submissions[bounty.announced!.winners[payment.slot]!]!.talent),
  );
  // Demo people have .invalid addresses, which are never mailed: this one gets a real one to sign in with.
  const winnerAddress = `${unanswered}@winner.example.com`;
  readdressDemoAccount(site.dataDir, `${unanswered}@${DEMO_MAIL_DOMAIN}`, winnerAddress);
  fixtures.winner = await launchBrowser(browserOptions);
  const winner = await fixtures.winner.newPage();
  await winner.goto(`${fixtures.origin}/sign-in?next=%2Faccount%2Fsubmissions`);
  await signInByCode(winner, smtp, winnerAddress);
  await winner.waitForURL(`${fixtures.origin}/account/submissions`);
  fixtures.paymentPath = (await winner
    .locator('main a[href^="/account/payments/"]')
    .first()
    .getAttribute('href'))!;
  await winner.close();
}
