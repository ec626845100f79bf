// No lost input (issue 34, docs/decisions.md "Input before hydration"): every route of the route table
// opened with every script held back 3 s, as a slow phone meets them. Before hydration each control is
// a link, a form's own submit button, a form field, a native disclosure, or marked `data-replay` (its
// click is replayed once the page hydrates); the test then acts on the route's controls before
// hydration and checks each effect afterwards. A route added to the table needs its plan here: the
// first test fails until it has one.
import type { BrowserContext, Page } from 'playwright-core';
import { ROUTES, type RouteId } from '@side-quest/data/routes';
import { launchBrowser, startSite, waitForInteractive, type RunningSite } from '@side-quest/build/e2e';
import { holdScripts, isInteractive } from '@side-quest/build/script-hold';
import { startTestSmtpServer, type TestSmtpServer } from '../src/testing/testSmtpServer';
import { DEMO_BOUNTIES, DEMO_MAIL_DOMAIN } from '../src/lifecycle/demoData';
import { grantStaff, readdressDemoAccount, signInByCode } from './people';

type TestBrowser = BrowserContext & { cleanup: () => Promise<void> };

/** What the plans open: real ids and slugs of the running site, and people signed in. */
interface Fixtures {
  origin: string;
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

interface RoutePlan {
  /** The page the plan opens first (a path on the site). */
  path: (fixtures: Fixtures) => string;
  /** Whose browser opens it. */
  as: 'visitor' | 'owner' | 'winner';
  /**
   * Acts on the route's controls on `page` (opened with its scripts held, not yet hydrated), then
   * checks what each did once the page has hydrated. `open` opens another page of the site likewise.
   */
  act: (page: Page, fixtures: Fixtures, open: (path: string) => Promise<Page>) => Promise<void>;
}

const CARD = '[data-testid="bounty-card"]';

/** A UTC date and time `days` from now, as a datetime-local field takes it. */
const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 16);

/** The page has not hydrated yet: what the test just did happened before hydration. */
async function beforeHydration(page: Page) {
  expect(await isInteractive(page)).toBe(false);
}

/** Follows a native navigation (a link, a form) to a page whose scripts are held too. */
async function arrives(page: Page, url: RegExp | string) {
  await page.waitForURL(url, { waitUntil: 'domcontentloaded' });
  await beforeHydration(page);
}

/**
 * Every control on the page that could not work before hydration: a button that is not its form's
 * submit button (nor marked data-replay), a control disabled until the script enables it, a link
 * without an address, a field hydration would not hand back (no id, in no form), or an element made
 * interactive by script alone.
 */
async function controlsNeedingHydration(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const label = (element: Element) =>
      `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '')
        .trim()
        .replace(/\s+/g, ' ')
        .slice(0, 40)}"`;
    const problems: string[] = [];
    const interactive =
      'a, button, input, select, textarea, summary, [onclick], [tabindex], [role="button"], ' +
      '[role="link"], [role="tab"], [role="checkbox"], [role="switch"], [role="menuitem"]';
    for (const element of document.querySelectorAll(interactive)) {
      if (element.hasAttribute('data-replay')) continue;
      if (element instanceof HTMLAnchorElement) {
        if (!element.getAttribute('href')) problems.push(`${label(element)}: a link without an address`);
        continue;
      }
      const isButton =
        element instanceof HTMLButtonElement ||
        (element instanceof HTMLInputElement &&
          ['submit', 'image', 'button', 'reset'].includes(element.type));
      if (isButton) {
        const button = element as HTMLButtonElement | HTMLInputElement;
        if (button.disabled) problems.push(`${label(button)}: disabled until the page's script runs`);
        else if (button.type !== 'submit' || !button.form)
          problems.push(`${label(button)}: a ${button.type} button that needs the page's script`);
        continue;
      }
      if (
        element instanceof HTMLInputElement ||
        element instanceof HTMLSelectElement ||
        element instanceof HTMLTextAreaElement
      ) {
        if (element.type === 'hidden') continue;
        if (element.disabled) problems.push(`${label(element)}: disabled until the page's script runs`);
        else if (!element.id && !(element.name && element.form))
          problems.push(`${label(element)}: a field whose input hydration would not hand back`);
        continue;
      }
      if (element.tagName === 'SUMMARY' || element.getAttribute('tabindex') === '-1') continue;
      problems.push(`${label(element)}: made interactive by script alone`);
    }
    return problems;
  });
}

/** Starts the page from nothing saved in this browser (read when it hydrates). */
async function noneSaved(page: Page) {
  await page.evaluate(() => window.localStorage.clear());
}

async function savedCount(page: Page, count: number) {
  await page
    .getByTestId('saved-link')
    .filter({ hasText: `Saved ${count}` })
    .waitFor({ timeout: 5000 });
}

const clipboardText = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** Opens a shell dialog from its opener before hydration, then closes it before hydration too. */
async function dialogOpensAndClosesBeforeHydration(
  page: Page,
  opener: string,
  dialog: { title: string; param: string },
) {
  await page.getByRole('button', { name: opener, exact: true }).first().click();
  await arrives(page, new RegExp(`[?&]dialog=${dialog.param}(&|$)`));
  const open = page.getByRole('dialog', { name: dialog.title });
  await open.waitFor();
  await open.getByRole('button', { name: 'Close' }).click();
  await open.waitFor({ state: 'hidden' });
  await beforeHydration(page);
  await waitForInteractive(page);
  // Closed before hydration, it stays closed, and takes its parameter out of the address bar.
  await page.waitForURL((url) => !url.searchParams.has('dialog'));
  expect(await page.getByRole('dialog', { name: dialog.title }).count()).toBe(0);
}

const PLANS: Record<RouteId | 'notFound', RoutePlan> = {
  landing: {
    path: () => '/',
    as: 'visitor',
    async act(page, _fixtures, open) {
      await noneSaved(page);
      const save = page.locator(CARD).first().getByRole('button', { name: 'Save bounty' });
      await save.click();
      await beforeHydration(page);
      await waitForInteractive(page);
      await page.waitForFunction(
        () =>
          document
            .querySelector(`[data-testid="bounty-card"] [aria-label="Save bounty"]`)
            ?.getAttribute('aria-pressed') === 'true',
      );
      await savedCount(page, 1);
      // POST CHALLENGE opens its dialog (the server renders it with its native form).
      await dialogOpensAndClosesBeforeHydration(await open('/'), 'POST CHALLENGE', {
        title: 'POST_CHALLENGE',
        param: 'contact',
      });
    },
  },
  bounties: {
    path: () => '/bounties',
    as: 'visitor',
    async act(page, { origin }, open) {
      await noneSaved(page);
      await page.locator(CARD).first().getByRole('button', { name: 'Save bounty' }).click();
      await page.getByRole('button', { name: 'Copy feed link' }).click();
      await beforeHydration(page);
      await waitForInteractive(page);
      await savedCount(page, 1);
      expect(
        await page
          .locator(CARD)
          .first()
          .getByRole('button', { name: 'Save bounty' })
          .getAttribute('aria-pressed'),
      ).toBe('true');
      await page.getByText('Feed link copied').waitFor({ timeout: 5000 });
      expect(await clipboardText(page)).toBe(`${origin}/feeds/bounties.xml`);

      // A sort button submits the list's GET form.
      const sorted = await open('/bounties');
      await sorted.getByRole('button', { name: /^Title/ }).click();
      await arrives(sorted, /[?&]sort=title/);
      await sorted.locator(CARD).first().waitFor();

      // POST_BOUNTY opens CREATE_NEW_BOUNTY, whose native form posts the draft: refused, then sent.
      const posting = await open('/bounties?q=parser');
      await posting.getByRole('button', { name: 'POST_BOUNTY' }).click();
      await arrives(posting, /\/bounties\?q=parser&dialog=create-bounty$/);
      const dialog = posting.getByRole('dialog', { name: 'CREATE_NEW_BOUNTY' });
      await dialog.getByLabel('Title').fill('Speed up the parser');
      await dialog.getByLabel('Company').fill('Early Birds');
      await dialog.getByLabel('Description').fill('Make the parser twice as fast without new dependencies.');
      await dialog.getByLabel('Bounty amount (USD)').fill('-5');
      await dialog.getByLabel('Deadline (days)').fill('14');
      await dialog.getByLabel('Domain').selectOption('AI/ML');
      const [refused] = await Promise.all([
        posting.waitForResponse((answer) => answer.url().endsWith('/api/bounty-submissions')),
        dialog.getByRole('button', { name: 'SUBMIT_BOUNTY' }).click(),
      ]);
      expect(refused.status()).toBe(422);
      await posting.waitForLoadState('domcontentloaded');
      await beforeHydration(posting);
      const again = posting.getByRole('dialog', { name: 'CREATE_NEW_BOUNTY' });
      await again.getByText('Bounty amount must be at least 0.').waitFor();
      expect(await again.getByLabel('Title').inputValue()).toBe('Speed up the parser');
      expect(await again.getByLabel('Domain').inputValue()).toBe('AI/ML');
      await again.getByLabel('Bounty amount (USD)').fill('1500');
      await again.getByRole('button', { name: 'SUBMIT_BOUNTY' }).click();
      await arrives(posting, `${origin}/bounties?q=parser&draft=ok`);
      await posting.getByText('Bounty submitted. Your bounty was received and is pending review.').waitFor();
      expect(await posting.getByRole('dialog', { name: 'CREATE_NEW_BOUNTY' }).count()).toBe(0);
    },
  },
  bountyDetail: {
    path: ({ bountyId }) => `/bounty/${encodeURIComponent(bountyId)}`,
    as: 'visitor',
    async act(page, { origin, bountyId }) {
      await noneSaved(page);
      await page.getByRole('button', { name: 'Save bounty' }).first().click();
      await page.getByRole('button', { name: 'Share' }).click();
      await beforeHydration(page);
      await waitForInteractive(page);
      await savedCount(page, 1);
      expect(
        await page.getByRole('button', { name: 'Save bounty' }).first().getAttribute('aria-pressed'),
      ).toBe('true');
      // This browser has no share sheet: the link is copied.
      await page.getByText('Link copied').waitFor({ timeout: 5000 });
      expect(await clipboardText(page)).toBe(`${origin}/bounty/${encodeURIComponent(bountyId)}`);
    },
  },
  compass: {
    path: () => '/compass',
    as: 'visitor',
    async act(page) {
      await page.locator('main a[href^="/bounties?skill="]').first().click();
      await arrives(page, /\/bounties\?skill=/);
      await page.locator(CARD).first().waitFor();
    },
  },
  stories: {
    path: () => '/blog',
    as: 'visitor',
    async act(page) {
      await page
        .getByRole('link', { name: /^Read Full Story/ })
        .first()
        .click();
      await arrives(page, /\/blog\/[a-z0-9-]+$/);
      await page.locator('main h1').waitFor();
    },
  },
  allStories: {
    path: () => '/blog/all',
    as: 'visitor',
    async act(page) {
      await page
        .getByRole('link', { name: /^Read Full Story/ })
        .last()
        .click();
      await arrives(page, /\/blog\/[a-z0-9-]+$/);
      await page.locator('main h1').waitFor();
    },
  },
  storyDetail: {
    path: ({ storySlug }) => `/blog/${storySlug}`,
    as: 'visitor',
    async act(page, { origin }) {
      await page.getByRole('link', { name: 'Back to Stories' }).click();
      await arrives(page, `${origin}/blog`);
    },
  },
  bountyLeaderboard: {
    // The demo's revealed board: its link back to the bounty's terms works before hydration.
    path: ({ scoredBountyId }) => `/bounty/${encodeURIComponent(scoredBountyId)}/leaderboard`,
    as: 'visitor',
    async act(page, { origin, scoredBountyId }) {
      await page.getByRole('link', { name: 'The bounty’s terms and prizes' }).click();
      await arrives(page, `${origin}/bounty/${encodeURIComponent(scoredBountyId)}`);
      await page.locator('main h1').waitFor();
    },
  },
  sponsorProfile: {
    // A demo sponsor's record: a figure's bounties open natively, and each links to its bounty.
    path: () => '/sponsors/northwind-freight',
    as: 'visitor',
    async act(page, { origin }) {
      const figure = page.getByTestId('figure-money');
      await figure.getByText(/^Counted from/).click();
      await figure.getByRole('link').first().click();
      await arrives(page, new RegExp(`^${origin}/bounty/`));
      await page.locator('main h1').waitFor();
    },
  },
  talentDirectory: {
    // The directory's filter is a plain GET form: chosen and sent before hydration, it lands filtered.
    path: () => '/talent',
    as: 'visitor',
    async act(page, { origin }) {
      await page.getByRole('combobox', { name: 'Proven skill' }).selectOption('Python');
      await page.getByRole('button', { name: 'Filter' }).click();
      await beforeHydration(page);
      // A native GET sends the form's every field, the empty open-to-work one too.
      await arrives(page, new RegExp(`^${origin}/talent\\?skill=Python&work=$`));
      await page.getByRole('link', { name: 'Tomáš Novák' }).waitFor();
    },
  },
  talentProfile: {
    // A demo winner's public profile: a proven skill's link leads to the list filtered by it.
    path: () => '/talent/tomas-novak',
    as: 'visitor',
    async act(page, { origin }) {
      await page.getByRole('link', { name: /^Python ?: bounties asking for it$/ }).click();
      await arrives(page, `${origin}/bounties?skill=Python`);
      await page.locator(CARD).first().waitFor();
    },
  },
  forClients: {
    path: () => '/for-clients',
    as: 'visitor',
    async act(page) {
      const bottleneck = page.getByRole('radio', { name: /^Technical Bottleneck/ });
      const hiring = page.getByRole('radio', { name: /^Hiring Confidence/ });
      await bottleneck.click();
      await page.getByLabel('Work email').fill('early@example.com');
      expect(await bottleneck.isChecked()).toBe(true);
      await beforeHydration(page);
      await waitForInteractive(page);
      // The form took the choice over: typing in the other option's input selects that one.
      expect(await bottleneck.isChecked()).toBe(true);
      expect(await page.getByLabel('Work email').inputValue()).toBe('early@example.com');
      await page.getByLabel('Your challenge (Hiring Confidence)').fill('Senior hires we cannot judge');
      expect(await hiring.isChecked()).toBe(true);
      expect(await bottleneck.isChecked()).toBe(false);
    },
  },
  about: {
    path: () => '/about',
    as: 'visitor',
    async act(page) {
      await dialogOpensAndClosesBeforeHydration(page, 'Create Account', {
        title: 'CREATE_ACCOUNT',
        param: 'signup',
      });
    },
  },
  signIn: {
    path: () => '/sign-in?next=%2Faccount',
    as: 'visitor',
    async act(page, { origin }) {
      await signInByCode(page, smtp, 'early.sign-in@example.com');
      await arrives(page, `${origin}/account`);
      await page.getByText('Signed in as early.sign-in@example.com').waitFor();
    },
  },
  account: {
    path: () => '/account',
    as: 'owner',
    async act(page, { origin }) {
      // Adding a passkey needs JavaScript: the click before hydration is replayed after it.
      const authenticator = await page.context().newCDPSession(page);
      await authenticator.send('WebAuthn.enable');
      await authenticator.send('WebAuthn.addVirtualAuthenticator', {
        options: {
          protocol: 'ctap2',
          transport: 'internal',
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
        },
      });
      await page.getByLabel('Passkey name').fill('Early laptop');
      await page.getByRole('button', { name: 'Add a passkey' }).click();
      await beforeHydration(page);
      await page.waitForURL(`${origin}/account?done=passkey-added`, { timeout: 20000 });
      await page.getByText('Early laptop').waitFor();
    },
  },
  accountAlerts: {
    path: () => '/account/alerts?skill=Rust',
    as: 'owner',
    async act(page, { origin }) {
      // The search from /bounties, kept as an alert before the page's script runs.
      await page.getByLabel('Alert name').fill('Early Rust');
      await page.getByRole('button', { name: 'Save alert' }).click();
      await arrives(page, `${origin}/account/alerts?done=created`);
      await page.getByRole('heading', { name: 'Early Rust' }).waitFor();
    },
  },
  accountInterviewRequests: {
    // The demo winner holds Tallow Health's open request (the demo history's).
    path: () => '/account/interview-requests',
    as: 'winner',
    async act(page, { origin }) {
      await page.getByRole('button', { name: 'Accept: share my name and e-mail' }).click();
      await arrives(page, `${origin}/account/interview-requests?done=accepted`);
      await page.getByText('Reach them:').first().waitFor();
    },
  },
  sponsorTeams: {
    path: () => '/sponsor',
    as: 'owner',
    async act(page, { origin }) {
      await page.getByLabel('Organisation name').fill('Night Owls');
      await page.getByLabel('Address on Side Quest').fill('night-owls');
      await page.getByLabel('Website').fill('https://night-owls.example');
      await page.getByRole('button', { name: 'Create organisation' }).click();
      await arrives(page, `${origin}/sponsor/night-owls?done=created`);
      expect(await page.locator('main h1').textContent()).toBe('Night Owls');
    },
  },
  sponsorTeam: {
    path: ({ teamSlug }) => `/sponsor/${teamSlug}`,
    as: 'owner',
    async act(page, { origin, teamSlug }) {
      await page.getByLabel('E-mail address').fill('new.teammate@example.com');
      await page.getByLabel('Role', { exact: true }).selectOption('member');
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await arrives(page, `${origin}/sponsor/${teamSlug}?done=invited`);
      await page.getByText('new.teammate@example.com').first().waitFor();
    },
  },
  postBounty: {
    path: ({ teamSlug }) => `/sponsor/${teamSlug}/post`,
    as: 'owner',
    async act(page) {
      const description =
        'Build an index of every owl sighting, searchable by place and by hour of the night.';
      await page.getByLabel('Title').fill('Owl');
      await page.getByLabel('Description (markdown)').fill(description);
      await page.getByLabel('Acceptance criteria, one per line').fill('Every sighting is found');
      await page.getByLabel('Prize 1', { exact: true }).fill('500');
      await page.getByLabel('Submission deadline (UTC)').fill(inDays(30));
      const [answer] = await Promise.all([
        page.waitForResponse((response) => response.request().method() === 'POST'),
        page.getByRole('button', { name: 'Save draft' }).click(),
      ]);
      // The server's own check refuses the short title: the page again, with what was typed.
      expect(answer.status()).toBe(422);
      await page.waitForLoadState('domcontentloaded');
      await beforeHydration(page);
      await page.getByText('Give the bounty a title of at least 5 characters.').waitFor();
      expect(await page.getByLabel('Description (markdown)').inputValue()).toBe(description);
    },
  },
  bountyConsole: {
    path: ({ consolePath }) => consolePath,
    as: 'owner',
    async act(page, { origin, consolePath }) {
      await page.getByRole('button', { name: 'Publish bounty' }).click();
      await arrives(page, `${origin}${consolePath}?done=published`);
      await page.getByText('The bounty is published.').waitFor();
    },
  },
  submitSolution: {
    path: ({ openBountyId }) => `/submit/${encodeURIComponent(openBountyId)}`,
    as: 'winner',
    async act(page, { origin }) {
      await page.getByLabel('Repository link').fill('https://example.com/early-birds-index');
      await page
        .getByLabel('Write-up (markdown)')
        .fill('An index of every sighting by place and hour, with a search page and the data behind it.');
      for (const answer of await page.locator('textarea[name="answers"]').all())
        await answer.fill('Searching by place and hour finds every sighting of the sample data.');
      await page.getByRole('button', { name: 'Submit solution' }).click();
      await arrives(page, `${origin}/account/submissions?done=submitted`);
      await page.getByText('Your solution is submitted.', { exact: false }).waitFor();
    },
  },
  mySubmissions: {
    path: () => '/account/submissions',
    as: 'winner',
    async act(page, { origin }) {
      await page.getByRole('button', { name: /^Send me / }).click();
      await arrives(page, `${origin}/account/submissions?done=notifications`);
      await page.getByText('Your e-mail choice is saved.').waitFor();
    },
  },
  paymentAnswer: {
    path: ({ paymentPath }) => paymentPath,
    as: 'winner',
    async act(page, { origin, paymentPath }) {
      await page.getByRole('button', { name: 'Received', exact: true }).click();
      await arrives(page, `${origin}${paymentPath}?done=received`);
      await page.getByText('Thank you: the payment counts as confirmed.').waitFor();
    },
  },
  teamInterviewRequests: {
    // After submitSolution: the winner's submission to the team's open bounty is the evidence.
    path: ({ teamSlug }) => `/sponsor/${teamSlug}/interview-requests`,
    as: 'owner',
    async act(_page, { origin, teamSlug, openBountyId }, open) {
      const consolePage = await open(`/sponsor/${teamSlug}/bounties/${encodeURIComponent(openBountyId)}`);
      await consolePage
        .getByRole('link', { name: /^Request an interview with / })
        .first()
        .click();
      await arrives(consolePage, /\/interview-requests\?submission=/);
      await consolePage.getByLabel('Role title').fill('Night-shift data engineer');
      await consolePage
        .getByLabel(/^Message/)
        .fill('Your index of **early birds** is what we need. Shall we talk?');
      await consolePage.getByRole('button', { name: 'Send interview request' }).click();
      await arrives(consolePage, `${origin}/sponsor/${teamSlug}/interview-requests?done=sent`);
      await consolePage.getByText('Interview request sent.', { exact: false }).waitFor();
    },
  },
  notFound: {
    path: () => '/no-such-page',
    as: 'visitor',
    async act(page, { origin }) {
      await page.getByRole('link', { name: 'Go Back Home' }).click();
      await arrives(page, `${origin}/`);
    },
  },
};

let smtp: TestSmtpServer;
let site: RunningSite;
const fixtures = {} as Fixtures;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  // With the lifecycle's demo history: a winner with a prize payment to answer.
  site = await startSite({ env: { SMTP_URL: smtp.url, SEED_DEMO: '1' } });
  // A host name, not an IP: passkeys need one (their relying party id).
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
  fixtures.visitor = await launchBrowser();
  fixtures.owner = await launchBrowser();
  for (const browser of [fixtures.visitor, fixtures.owner]) {
    await browser.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: fixtures.origin });
    // As on most desktops: no share sheet, so Share copies the link.
    await browser.addInitScript(() => Reflect.deleteProperty(Navigator.prototype, 'share'));
  }
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
  fixtures.winner = await launchBrowser();
  const winner = await fixtures.winner.newPage();
  await winner.goto(`${fixtures.origin}/sign-in?next=%2Faccount%2Fsubmissions`);
  await signInByCode(winner, smtp, winnerAddress);
  await winner.waitForURL(`${fixtures.origin}/account/submissions`);
  fixtures.paymentPath = (await winner
    .locator('main a[href^="/account/payments/"]')
    .first()
    .getAttribute('href'))!;
  await winner.close();
});

afterAll(async () => {
  await fixtures.visitor?.cleanup();
  await fixtures.owner?.cleanup();
  await fixtures.winner?.cleanup();
  await site?.stop();
  await smtp?.close();
});

it('has a plan for every route of the route table', () => {
  expect(ROUTES.map((route) => route.id).filter((id) => !(id in PLANS))).toEqual([]);
});

describe.each(Object.entries(PLANS) as Array<[RouteId | 'notFound', RoutePlan]>)(
  '%s, every script held back 3 s',
  (_id, plan) => {
    it('has only controls that work before hydration, and what was done before it takes effect', async () => {
      const browser = fixtures[plan.as];
      const pages: Page[] = [];
      const open = async (path: string) => {
        const page = await browser.newPage();
        pages.push(page);
        await holdScripts(page);
        await page.goto(`${fixtures.origin}${path}`, { waitUntil: 'domcontentloaded' });
        await beforeHydration(page);
        return page;
      };
      try {
        const page = await open(plan.path(fixtures));
        expect(await controlsNeedingHydration(page)).toEqual([]);
        await plan.act(page, fixtures, open);
      } finally {
        for (const page of pages) await page.close();
      }
    });
  },
);
