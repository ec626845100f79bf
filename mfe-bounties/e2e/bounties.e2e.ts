import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { launchBrowser, startSite, waitForInteractive, type RunningSite } from '@side-quest/build/e2e';
import { closingTime } from '@side-quest/data/bounty-query';

type Browser = Awaited<ReturnType<typeof launchBrowser>>;

interface ApiBounty {
  id: string;
  item_title: string;
  platform_name: string;
  summary_description: string;
  skill_tags: string[];
  bounty_area: string;
  reward_amount: number;
  item_url: string;
}

const CARD = '[data-testid="bounty-card"]';

/**
 * Opens the list and waits until it is interactive. The server's HTML already shows the heading and
 * the cards; the controls apply at once only after hydration (before it they submit GET forms, with an
 * APPLY button that hydration removes), so a test that acted on the first paint would race it.
 */
async function openList(page: Page, url: string) {
  await page.goto(url);
  await page.getByRole('heading', { level: 1, name: 'BOUNTIES_MARKETPLACE' }).waitFor({ timeout: 15000 });
  await waitForResults(page);
  await page.getByRole('button', { name: 'APPLY' }).waitFor({ state: 'detached', timeout: 15000 });
}

/** Cards or the empty state, whichever the filters give. */
async function waitForResults(page: Page) {
  await page.locator(CARD).or(page.getByText('No bounties found')).first().waitFor({ timeout: 15000 });
}

const cardTitles = (page: Page) => page.locator(`${CARD} h2`).allTextContents();
const pathAndQuery = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};
/**
 * Waits until the status line (the polite line that announces the number of matching bounties) announces `expected` bounties. The URL changes first; the router renders
 * the new view in a transition and the list (with this line) follows in a deferred render
 * (BountiesPage), so the line names the previous filters for a moment after `waitForURL` returns.
 */
async function waitForFoundCount(page: Page, expected: number) {
  const announced = new RegExp(`^${expected} bount(y|ies) found$`);
  await page.locator('[role="status"]', { hasText: announced }).waitFor({ state: 'attached', timeout: 5000 });
}

/** Waits until a control shows `value`: after Back the router renders the restored view in a transition. */
async function waitForControlValue(page: Page, selector: string, value: string) {
  await page.waitForFunction(
    ([controlSelector, expectedValue]) =>
      (document.querySelector(controlSelector) as HTMLInputElement | null)?.value === expectedValue,
    [selector, value] as const,
    { timeout: 5000 },
  );
}
const SEARCH_BOX = 'input[type="search"][name="q"]';
const DOMAIN_SELECT = 'select[name="domain"]';

describe('bounties section in the composed site', () => {
  let site: RunningSite;
  let browser: Browser;
  let bounties: ApiBounty[];

  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser();
    const response = await fetch(`${site.baseUrl}/api/bounties`);
    bounties = (await response.json()) as ApiBounty[];
    expect(bounties.length).toBeGreaterThan(20);
  });
  afterAll(async () => {
    await browser?.cleanup();
    await site?.stop();
  });

  it('lists bounties by reward with search, domain, skills, sort, paging and reset', async () => {
    const page = await browser.newPage();
    await openList(page, `${site.baseUrl}/bounties`);
    expect(await page.locator(CARD).count()).toBe(10);
    const byReward = [...bounties].sort((a, b) => b.reward_amount - a.reward_amount);
    expect((await cardTitles(page))[0]).toBe(byReward[0]?.item_title);
    await waitForFoundCount(page, bounties.length);

    // Search: case-insensitive on the company name.
    const company = bounties[0]!.platform_name;
    await page.getByRole('searchbox', { name: 'Search' }).fill(company.toUpperCase());
    await page.waitForURL((url) => url.searchParams.get('q') === company.toUpperCase(), { timeout: 5000 });
    const bySearch = bounties.filter((bounty) =>
      [bounty.item_title, bounty.summary_description, bounty.platform_name].some((text) =>
        text.toLowerCase().includes(company.toLowerCase()),
      ),
    );
    await waitForFoundCount(page, bySearch.length);
    await page.getByRole('button', { name: 'Reset All' }).click();
    await page.waitForURL((url) => url.search === '', { timeout: 5000 });
    await waitForControlValue(page, SEARCH_BOX, '');

    // Domain, exact match.
    await page.getByRole('combobox', { name: 'Domain' }).selectOption('AI/ML');
    await page.waitForURL((url) => url.searchParams.get('domain') === 'AI/ML', { timeout: 5000 });
    await waitForFoundCount(page, bounties.filter((bounty) => bounty.bounty_area === 'AI/ML').length);

    // A skill chip, added with ADD and removed again.
    const skill = bounties[0]!.skill_tags[0]!;
    await page.getByRole('combobox', { name: 'Skill' }).selectOption(skill);
    await page.getByRole('button', { name: 'ADD' }).click();
    await page.getByRole('button', { name: `Remove skill ${skill}` }).waitFor({ timeout: 5000 });
    const withSkill = bounties.filter(
      (bounty) =>
        bounty.bounty_area === 'AI/ML' &&
        bounty.skill_tags.some((tag) => tag.toLowerCase() === skill.toLowerCase()),
    );
    await waitForFoundCount(page, withSkill.length);
    await page.getByRole('button', { name: `Remove skill ${skill}` }).click();
    await page.getByRole('button', { name: 'Reset All' }).click();
    await page.waitForURL((url) => url.search === '', { timeout: 5000 });

    // Sort: Title starts ascending, a second click toggles.
    await page.getByRole('button', { name: /^Title/ }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'title', { timeout: 5000 });
    // The cards follow the pressed sort in a deferred render (BountiesPage): wait for the sorted ten.
    await page.waitForFunction(
      (selector) => {
        const shown = [...document.querySelectorAll(selector)].map((title) => title.textContent ?? '');
        const ascending = [...shown].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
        return shown.length === 10 && shown.every((title, index) => title === ascending[index]);
      },
      `${CARD} h2`,
      { timeout: 5000 },
    );
    await page.getByRole('button', { name: /^Title/ }).click();
    await page.waitForURL((url) => url.searchParams.get('dir') === 'desc', { timeout: 5000 });
    expect(await page.getByRole('button', { name: /^Title/ }).getAttribute('aria-pressed')).toBe('true');

    // Paging: 10 more per click until all are shown.
    await page.getByRole('button', { name: 'Reset All' }).click();
    const clicks = Math.ceil(bounties.length / 10) - 1;
    for (let click = 1; click <= clicks; click += 1) {
      await page.getByRole('button', { name: 'LOAD_MORE_BOUNTIES' }).click();
      await page.waitForFunction(
        ([selector, count]) => document.querySelectorAll(selector as string).length === count,
        [CARD, Math.min(bounties.length, (click + 1) * 10)] as const,
        { timeout: 5000 },
      );
    }
    expect(await page.getByRole('button', { name: 'LOAD_MORE_BOUNTIES' }).count()).toBe(0);
    expect(
      await page.getByText(`Showing all ${bounties.length} of ${bounties.length} bounties.`).isVisible(),
    ).toBe(true);
    expect(new URL(page.url()).searchParams.get('pages')).toBe(String(clicks + 1));

    // Empty result and Reset Filters.
    await page.getByRole('searchbox', { name: 'Search' }).fill('zzzz-no-such-bounty');
    await page.getByRole('heading', { name: 'No bounties found' }).waitFor({ timeout: 5000 });
    await page.getByRole('button', { name: 'Reset Filters' }).click();
    await page.waitForFunction((selector) => document.querySelectorAll(selector).length === 10, CARD, {
      timeout: 5000,
    });
    await page.close();
  });

  it('keeps the view in the URL: shared links, reload, Back and Forward', async () => {
    const page = await browser.newPage();
    const skill = bounties.find((bounty) => bounty.skill_tags.length > 0)!.skill_tags[0]!;
    const expected = bounties.filter((bounty) =>
      bounty.skill_tags.some((tag) => tag.toLowerCase() === skill.toLowerCase()),
    ).length;

    // A link from another section, in lower case, opens pre-filtered.
    await openList(page, `${site.baseUrl}/bounties?skill=${encodeURIComponent(skill.toLowerCase())}`);
    expect(await page.getByRole('button', { name: `Remove skill ${skill}` }).isVisible()).toBe(true);
    await waitForFoundCount(page, expected);

    await page.getByRole('combobox', { name: 'Domain' }).selectOption('Software');
    await page.waitForURL((url) => url.searchParams.get('domain') === 'Software', { timeout: 5000 });
    const filtered = bounties.filter(
      (bounty) =>
        bounty.bounty_area === 'Software' &&
        bounty.skill_tags.some((tag) => tag.toLowerCase() === skill.toLowerCase()),
    ).length;
    await waitForFoundCount(page, filtered);
    // Reload, Back and Forward here load pages from the server: each is used once it has hydrated.
    await page.reload();
    await waitForResults(page);
    await waitForInteractive(page);
    await waitForControlValue(page, DOMAIN_SELECT, 'Software');
    await waitForFoundCount(page, filtered);

    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('domain') === null, { timeout: 5000 });
    await waitForInteractive(page);
    await waitForControlValue(page, DOMAIN_SELECT, '');
    await waitForFoundCount(page, expected);
    await page.goForward();
    await page.waitForURL((url) => url.searchParams.get('domain') === 'Software', { timeout: 5000 });
    await waitForInteractive(page);
    await waitForControlValue(page, DOMAIN_SELECT, 'Software');

    // Back restores the search box text too.
    await page.getByRole('searchbox', { name: 'Search' }).fill('a');
    await page.waitForURL((url) => url.searchParams.get('q') === 'a', { timeout: 5000 });
    await page.getByRole('button', { name: /^Deadline/ }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'deadline', { timeout: 5000 });
    await page.getByRole('button', { name: 'Reset All' }).click();
    await page.waitForURL((url) => url.search === '', { timeout: 5000 });
    await waitForControlValue(page, SEARCH_BOX, '');
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('q') === 'a', { timeout: 5000 });
    await waitForControlValue(page, SEARCH_BOX, 'a');
    await page.close();
  });

  it('opens a bounty: details, apply link, structured data, similar bounties, and back', async () => {
    const page = await browser.newPage();
    await openList(page, `${site.baseUrl}/bounties`);
    const first = page.locator(CARD).first();
    const title = (await first.locator('h2').textContent()) ?? '';
    await first.getByRole('link', { name: 'Details →' }).click();
    await page.waitForURL(/\/bounty\//, { timeout: 5000 });
    await page.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 15000 });
    const bounty = bounties.find((item) => item.item_title === title)!;
    expect(pathAndQuery(page)).toBe(`/bounty/${bounty.id}`);
    expect(await page.title()).toBe(`${title} | Side Quest`);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(
      bounty.summary_description.slice(0, 160),
    );
    const apply = page.getByRole('link', { name: /APPLY_NOW/ });
    expect(await apply.getAttribute('href')).toBe(bounty.item_url);
    expect(await apply.getAttribute('target')).toBe('_blank');
    expect(await apply.getAttribute('rel')).toBe('noopener noreferrer');
    for (const heading of ['DESCRIPTION', 'BOUNTY_DETAILS']) {
      expect(await page.getByRole('heading', { name: heading }).isVisible()).toBe(true);
    }
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
    );
    expect(jsonLd).toMatchObject({
      '@type': 'JobPosting',
      title,
      employmentType: 'CONTRACTOR',
      jobLocationType: 'TELECOMMUTE',
      hiringOrganization: { name: bounty.platform_name },
      baseSalary: { currency: 'USD', value: { value: bounty.reward_amount } },
    });
    const similar = page.locator('[data-testid="similar-bounty"]');
    expect(await similar.count()).toBeGreaterThan(0);
    expect(await similar.count()).toBeLessThanOrEqual(3);

    await page.getByRole('link', { name: /BACK_TO_BOUNTIES/ }).click();
    await page.getByRole('heading', { level: 1, name: 'BOUNTIES_MARKETPLACE' }).waitFor({ timeout: 5000 });

    await page.goto(`${site.baseUrl}/bounty/no-such-bounty`);
    await page.getByRole('heading', { level: 1, name: 'BOUNTY_NOT_FOUND' }).waitFor({ timeout: 15000 });
    expect(
      await page.getByText("The bounty you're looking for does not exist or has been removed.").isVisible(),
    ).toBe(true);
    await page.getByRole('link', { name: 'RETURN_TO_BOUNTIES' }).click();
    await page.waitForURL((url) => url.pathname === '/bounties', { timeout: 5000 });
    await page.close();
  });

  it('posts a bounty: validation, toast, and a pending row in the server database', async () => {
    const page = await browser.newPage();
    await openList(page, `${site.baseUrl}/bounties`);
    await page.getByRole('button', { name: 'POST_BOUNTY' }).click();
    const dialog = page.getByRole('dialog', { name: 'CREATE_NEW_BOUNTY' });
    await dialog.waitFor({ timeout: 5000 });
    await dialog.getByRole('button', { name: 'SUBMIT_BOUNTY' }).click();
    expect(await dialog.getByText('Title is required.').isVisible()).toBe(true);
    expect(await dialog.getByLabel('Title').getAttribute('aria-invalid')).toBe('true');

    const title = `E2E bounty ${Date.now()}`;
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Company').fill('Test Harness Ltd');
    await dialog.getByLabel('Description').fill('Prove the round trip works.');
    await dialog.getByLabel('Bounty amount (USD)').fill('2500');
    await dialog.getByLabel('Deadline (days)').fill('30');
    await dialog.getByLabel('Domain').selectOption('Engineering');
    await dialog.getByRole('button', { name: 'SUBMIT_BOUNTY' }).click();
    await page.getByText('Bounty submitted').waitFor({ timeout: 5000 });
    expect(await dialog.isVisible()).toBe(false);

    const db = new Database(path.join(site.dataDir, 'bounty-submissions.db'), { readonly: true });
    try {
      const rows = db.prepare('SELECT * FROM bounty_submissions WHERE title = ?').all(title);
      expect(rows).toEqual([
        expect.objectContaining({
          company: 'Test Harness Ltd',
          description: 'Prove the round trip works.',
          bounty_amount: 2500,
          deadline_days: 30,
          domain: 'Engineering',
          status: 'pending',
        }),
      ]);
    } finally {
      db.close();
    }
    // The form is clear when it opens again, and the submission is not published.
    await page.getByRole('button', { name: 'POST_BOUNTY' }).click();
    expect(await dialog.getByLabel('Title').inputValue()).toBe('');
    const list = (await (await fetch(`${site.baseUrl}/api/bounties`)).json()) as ApiBounty[];
    expect(list.some((bounty) => bounty.item_title === title)).toBe(false);
    await page.close();
  });

  it('has no serious accessibility problems in the list controls and the dialog with errors', async () => {
    const page = await browser.newPage();
    await openList(page, `${site.baseUrl}/bounties?skill=Python`);
    await page.getByRole('button', { name: 'POST_BOUNTY' }).click();
    const dialog = page.getByRole('dialog', { name: 'CREATE_NEW_BOUNTY' });
    await dialog.getByRole('button', { name: 'SUBMIT_BOUNTY' }).click();
    await dialog.getByText('Title is required.').waitFor({ timeout: 5000 });
    const { violations } = await new AxeBuilder({ page }).include('main').analyze();
    const serious = violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      }));
    expect(serious).toEqual([]);
    await page.close();
  });

  it('fits a 390 px phone without horizontal scrolling', async () => {
    const phone = await launchBrowser({ viewport: { width: 390, height: 844 } });
    try {
      const page = await phone.newPage();
      for (const route of ['/bounties?skill=Python', `/bounty/${bounties[0]!.id}`, '/']) {
        await page.goto(site.baseUrl + route);
        await page.locator('main h1').first().waitFor({ timeout: 15000 });
        await page.waitForLoadState('networkidle');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect({ route, overflow }).toEqual({ route, overflow: 0 });
      }
    } finally {
      await phone.cleanup();
    }
  });

  it('shows the 3 highest rewards on the landing page', async () => {
    const page = await browser.newPage();
    await page.goto(site.baseUrl);
    const featured = page.locator(`section ${CARD}`);
    await featured.first().waitFor({ timeout: 15000 });
    const top = [...bounties].sort((a, b) => b.reward_amount - a.reward_amount).slice(0, 3);
    expect(await featured.locator('h3').allTextContents()).toEqual(top.map((bounty) => bounty.item_title));
    await page.getByRole('link', { name: 'VIEW_ALL_BOUNTIES' }).click();
    await page.getByRole('heading', { level: 1, name: 'BOUNTIES_MARKETPLACE' }).waitFor({ timeout: 15000 });
    await page.close();
  });
});

describe('finding the right bounty: status, reward, saved, feeds and sharing', () => {
  let site: RunningSite;
  let browser: Browser;
  let bounties: Array<ApiBounty & { deadline: string }>;

  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser();
    await browser.grantPermissions(['clipboard-read', 'clipboard-write']);
    bounties = (await (await fetch(`${site.baseUrl}/api/bounties`)).json()) as typeof bounties;
  });
  afterAll(async () => {
    await browser?.cleanup();
    await site?.stop();
  });

  const badges = (page: Page) =>
    page.locator(`${CARD} [data-testid="bounty-status"] span:first-child`).allTextContents();

  it('shows each bounty’s status and time left, and filters by status and reward in the URL', async () => {
    const now = Date.now();
    const closed = bounties.filter((bounty) => {
      const closesAt = closingTime(bounty.deadline);
      return closesAt !== null && closesAt <= now;
    });
    expect(closed.length).toBeGreaterThan(0);
    const page = await browser.newPage();
    // From a link, before any script runs: the server's HTML already filters.
    await openList(page, `${site.baseUrl}/bounties?status=closed&pages=10`);
    await waitForFoundCount(page, closed.length);
    expect(new Set(await badges(page))).toEqual(new Set(['CLOSED']));
    expect(await page.locator(`${CARD} time`).first().getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);

    await openList(page, `${site.baseUrl}/bounties`);
    await page.getByLabel('Status').selectOption('open');
    await page.waitForURL((url) => url.searchParams.get('status') === 'open', { timeout: 5000 });
    await waitForFoundCount(page, bounties.length - closed.length);
    expect(new Set(await badges(page))).toEqual(new Set(['OPEN']));
    await page.getByLabel('Min reward').selectOption('5000');
    await page.waitForURL((url) => url.searchParams.get('min') === '5000', { timeout: 5000 });
    const openRich = bounties.filter((bounty) => {
      const closesAt = closingTime(bounty.deadline);
      return bounty.reward_amount >= 5000 && (closesAt === null || closesAt > Date.now());
    });
    await waitForFoundCount(page, openRich.length);

    // The feed of exactly these filters, on the page and in its head. The feed links follow the list in
    // a deferred render (BountiesPage), so they may still name the previous filters for a moment.
    await page.waitForFunction(
      (expected) => {
        const link = [...document.querySelectorAll('a')].find((a) => a.textContent === 'Subscribe (RSS)');
        const alternate = document.head.querySelector('link[rel="alternate"][type="application/rss+xml"]');
        if (!link || !alternate) return false;
        const url = new URL(link.href);
        return (
          `${url.pathname}${url.search}` === expected &&
          alternate.getAttribute('href') === link.getAttribute('href')
        );
      },
      '/feeds/bounties.xml?status=open&min=5000',
      { timeout: 5000 },
    );
    const subscribe = await page.getByRole('link', { name: 'Subscribe (RSS)' }).getAttribute('href');
    const feed = new URL(subscribe ?? '');
    expect(`${feed.pathname}${feed.search}`).toBe('/feeds/bounties.xml?status=open&min=5000');
    expect(
      await page.locator('head link[rel="alternate"][type="application/rss+xml"]').getAttribute('href'),
    ).toBe(subscribe);
    await page.close();
  });

  it('keeps saved bounties across a reload, counts them in the header and lists them under Saved', async () => {
    const page = await browser.newPage();
    await openList(page, `${site.baseUrl}/bounties`);
    const header = page.getByRole('banner');
    await expect(header.getByTestId('saved-link').textContent()).resolves.toBe('Saved 0');
    const firstCard = page.locator(CARD).first();
    const title = await firstCard.locator('h2').textContent();
    const save = firstCard.getByRole('button', { name: 'Save bounty' });
    await save.click();
    expect(await save.getAttribute('aria-pressed')).toBe('true');
    await header.getByTestId('saved-link').filter({ hasText: 'Saved 1' }).waitFor({ timeout: 5000 });

    await page.reload();
    await header.getByTestId('saved-link').filter({ hasText: 'Saved 1' }).waitFor({ timeout: 15000 });
    await page.waitForFunction(
      () =>
        document
          .querySelector('[data-testid="bounty-card"] button[aria-label="Save bounty"]')
          ?.getAttribute('aria-pressed') === 'true',
      undefined,
      { timeout: 15000 },
    );
    await header.getByTestId('saved-link').click();
    await page.waitForURL((url) => url.searchParams.get('saved') === '1', { timeout: 5000 });
    await waitForFoundCount(page, 1);
    expect(await cardTitles(page)).toEqual([title]);
    // The saved and filtered states are as accessible as the default one.
    await page.getByLabel('Status').selectOption('open');
    await page.waitForURL((url) => url.searchParams.get('status') === 'open', { timeout: 5000 });
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(
      violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => violation.id),
    ).toEqual([]);
    await page.close();
  });

  it('copies a clean link with Share where the browser has no share sheet, and says so', async () => {
    const page = await browser.newPage();
    await page.addInitScript(() => {
      Reflect.deleteProperty(Navigator.prototype, 'share');
    });
    const bounty = bounties[0]!;
    await page.goto(`${site.baseUrl}/bounty/${encodeURIComponent(bounty.id)}?utm_source=newsletter`);
    // Share needs JavaScript: a click before hydration is replayed once the page has hydrated.
    await page.getByRole('button', { name: 'Share' }).click({ timeout: 15000 });
    await page.getByText('Link copied').waitFor({ timeout: 5000 });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${site.baseUrl}/bounty/${encodeURIComponent(bounty.id)}`,
    );
    await page.close();
  });
});
