// No lost input (issue 34, docs/decisions.md "Input before hydration"): every route of the route table
// opened with every script held back 3 s, as a slow phone meets them. Before hydration each control is
// a link, a form's own submit button, a form field, a native disclosure, or marked `data-replay` (its
// click is replayed once the page hydrates); the test then acts on the route's controls before
// hydration and checks each effect afterwards. A route added to the table needs its plan here: the
// first test fails until it has one.
import type { Page } from 'playwright-core';
import { ROUTES, type RouteId } from '@side-quest/data/routes';
import { waitForInteractive } from '@side-quest/build/e2e';
import { holdScripts, isInteractive } from '@side-quest/build/script-hold';
import { signInByCode } from './people';
import { ROUTE_VISITS, inDays, setUpRouteFixtures, type RouteFixtures } from './routeVisits';

interface RoutePlan {
  /**
   * Acts on the route's controls on `page` (its visit's page, opened with its scripts held, not yet
   * hydrated), then checks what each did once the page has hydrated. `open` opens another page of the
   * site likewise.
   */
  act: (page: Page, fixtures: RouteFixtures, open: (path: string) => Promise<Page>) => Promise<void>;
}

const CARD = '[data-testid="bounty-card"]';

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
    async act(page) {
      await page.locator('main a[href^="/bounties?skill="]').first().click();
      await arrives(page, /\/bounties\?skill=/);
      await page.locator(CARD).first().waitFor();
    },
  },
  stories: {
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
    async act(page, { origin }) {
      await page.getByRole('link', { name: 'Back to Stories' }).click();
      await arrives(page, `${origin}/blog`);
    },
  },
  bountyLeaderboard: {
    // The demo's revealed board: its link back to the bounty's terms works before hydration.
    async act(page, { origin, scoredBountyId }) {
      await page.getByRole('link', { name: 'The bounty’s terms and prizes' }).click();
      await arrives(page, `${origin}/bounty/${encodeURIComponent(scoredBountyId)}`);
      await page.locator('main h1').waitFor();
    },
  },
  sponsorProfile: {
    // A demo sponsor's record: a figure's bounties open natively, and each links to its bounty.
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
    async act(page, { origin }) {
      await page.getByRole('link', { name: /^Python ?: bounties asking for it$/ }).click();
      await arrives(page, `${origin}/bounties?skill=Python`);
      await page.locator(CARD).first().waitFor();
    },
  },
  forClients: {
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
    async act(page) {
      await dialogOpensAndClosesBeforeHydration(page, 'Create Account', {
        title: 'CREATE_ACCOUNT',
        param: 'signup',
      });
    },
  },
  signIn: {
    async act(page, { origin, smtp }) {
      await signInByCode(page, smtp, 'early.sign-in@example.com');
      await arrives(page, `${origin}/account`);
      await page.getByText('Signed in as early.sign-in@example.com').waitFor();
    },
  },
  account: {
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
    async act(page, { origin }) {
      await page.getByRole('button', { name: 'Accept: share my name and e-mail' }).click();
      await arrives(page, `${origin}/account/interview-requests?done=accepted`);
      await page.getByText('Reach them:').first().waitFor();
    },
  },
  sponsorTeams: {
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
    async act(page, { origin, teamSlug }) {
      await page.getByLabel('E-mail address').fill('new.teammate@example.com');
      await page.getByLabel('Role', { exact: true }).selectOption('member');
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await arrives(page, `${origin}/sponsor/${teamSlug}?done=invited`);
      await page.getByText('new.teammate@example.com').first().waitFor();
    },
  },
  postBounty: {
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
    async act(page, { origin, consolePath }) {
      await page.getByRole('button', { name: 'Publish bounty' }).click();
      await arrives(page, `${origin}${consolePath}?done=published`);
      await page.getByText('The bounty is published.').waitFor();
    },
  },
  submitSolution: {
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
    async act(page, { origin }) {
      await page.getByRole('button', { name: /^Send me / }).click();
      await arrives(page, `${origin}/account/submissions?done=notifications`);
      await page.getByText('Your e-mail choice is saved.').waitFor();
    },
  },
  paymentAnswer: {
    async act(page, { origin, paymentPath }) {
      await page.getByRole('button', { name: 'Received', exact: true }).click();
      await arrives(page, `${origin}${paymentPath}?done=received`);
      await page.getByText('Thank you: the payment counts as confirmed.').waitFor();
    },
  },
  teamInterviewRequests: {
    // After submitSolution: the winner's submission to the team's open bounty is the evidence.
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
    async act(page, { origin }) {
      await page.getByRole('link', { name: 'Go Back Home' }).click();
      await arrives(page, `${origin}/`);
    },
  },
};

const fixtures = setUpRouteFixtures();

beforeAll(async () => {
  for (const browser of [fixtures.visitor, fixtures.owner]) {
    await browser.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: fixtures.origin });
    // As on most desktops: no share sheet, so Share copies the link.
    await browser.addInitScript(() => Reflect.deleteProperty(Navigator.prototype, 'share'));
  }
});

it('has a plan for every route of the route table', () => {
  expect(ROUTES.map((route) => route.id).filter((id) => !(id in PLANS))).toEqual([]);
});

describe.each(Object.entries(PLANS) as Array<[RouteId | 'notFound', RoutePlan]>)(
  '%s, every script held back 3 s',
  (id, plan) => {
    it('has only controls that work before hydration, and what was done before it takes effect', async () => {
      const visit = ROUTE_VISITS[id];
      const browser = fixtures[visit.as];
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
        const page = await open(visit.path(fixtures));
        expect(await controlsNeedingHydration(page)).toEqual([]);
        await plan.act(page, fixtures, open);
      } finally {
        for (const page of pages) await page.close();
      }
    });
  },
);
