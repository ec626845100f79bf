// Sponsor records in the real browser against the composed production build, on a fresh start's demo
// history (issue 33): each sponsor's page shows its record (a fast payer, a slow one with something
// overdue), a hosted card carries its sponsor's line, the list filters by verified sponsors and sorts by
// paying speed, the page works without JavaScript, and axe finds nothing serious at 390 and 1280 px.
import { launchBrowser, startSite, waitForInteractive, type RunningSite } from '@side-quest/build/e2e';
import { seriousViolations, watchErrors } from './pageChecks';

let site: RunningSite;
const contexts: Array<Awaited<ReturnType<typeof launchBrowser>>> = [];

beforeAll(async () => {
  site = await startSite({ env: { SEED_DEMO: '1' } });
});
afterAll(async () => {
  for (const context of contexts) await context.cleanup();
  await site?.stop();
});

async function newPage(options: Parameters<typeof launchBrowser>[0] = {}) {
  const context = await launchBrowser(options);
  contexts.push(context);
  return context.newPage();
}

const CARD = '[data-testid="bounty-card"]';

describe('sponsor pages', () => {
  it("show a fast payer's record, each figure with the bounties it counts", async () => {
    const page = await newPage();
    const errors = watchErrors(page);
    const answer = await page.goto(`${site.baseUrl}/sponsors/northwind-freight`);
    expect(answer?.status()).toBe(200);
    await waitForInteractive(page);
    expect(await page.locator('main h1').textContent()).toBe('Northwind Freight');
    await page.getByTestId('verified-badge').waitFor();
    await page.getByTestId('demo-notice').waitFor();
    const paying = page.getByTestId('figure-paying');
    expect(await paying.locator('dd').first().textContent()).toBe(
      '2 days · 1 of 1 payments by the due date (100%)',
    );
    // The figure's evidence: the bounty it counts, linked.
    await paying.getByText('Counted from 1 bounty').click();
    const evidence = paying.getByRole('link');
    expect(await evidence.count()).toBe(1);
    const title = await evidence.textContent();
    await evidence.click();
    await page.waitForURL(/\/bounty\/sq-[0-9a-f]{8}$/);
    await page.getByRole('heading', { level: 1, name: title ?? '' }).waitFor();
    await page.getByText('Paid, confirmed by the winner').waitFor();
    expect(errors).toEqual([]);
  });

  it("show a slow payer's record and name what is overdue, in the danger colour", async () => {
    const page = await newPage();
    await page.goto(`${site.baseUrl}/sponsors/kestrel-grid`);
    expect(await page.getByTestId('figure-paying').locator('dd').first().textContent()).toMatch(
      /^13 days · /,
    );
    const overdue = page.getByTestId('sponsor-overdue');
    expect(await overdue.locator('li').allTextContents()).toEqual([
      'Payment overdue by 5 days on Model battery degradation from charge cycles',
      'Judging overdue by 6 days on Forecast substation load 48 hours ahead',
    ]);
    // The danger colour of the theme (#ff8a8a).
    expect(await overdue.evaluate((node) => getComputedStyle(node).color)).toBe('rgb(255, 138, 138)');
    const ended = page.getByRole('region', { name: 'Cancelled or closed without a winner' });
    expect(await ended.count()).toBe(0);
  });

  it('list a cancellation after submissions with its public reason', async () => {
    const page = await newPage();
    await page.goto(`${site.baseUrl}/sponsors/tallow-health`);
    await page
      .getByText(
        /Speech-to-text for ward rounds \(after submissions: counts against the record\): “The hospital’s ethics board/,
      )
      .waitFor();
  });

  it('work without JavaScript, and an unknown sponsor is a 404', async () => {
    const page = await newPage({ contextOptions: { javaScriptEnabled: false } });
    await page.goto(`${site.baseUrl}/sponsors/northwind-freight`);
    // A native disclosure: the evidence opens without any script.
    const money = page.getByTestId('figure-money');
    await money.getByText(/^Counted from/).click();
    expect(await money.getByRole('link').count()).toBe(2);
    const missing = await page.goto(`${site.baseUrl}/sponsors/no-such-sponsor`);
    expect(missing?.status()).toBe(404);
    await page.getByText('SPONSOR_NOT_FOUND').waitFor();
  });

  it.each([390, 1280])('pass the axe check at %i px', async (width) => {
    const page = await newPage({ viewport: { width, height: 900 } });
    await page.goto(`${site.baseUrl}/sponsors/kestrel-grid`);
    await waitForInteractive(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe("the sponsor's record where talent decides", () => {
  it("shows the sponsor's line on a hosted card and its detail page, linked to the sponsor", async () => {
    const page = await newPage();
    await page.goto(`${site.baseUrl}/bounties?q=${encodeURIComponent('Deduplicate shipment addresses')}`);
    const card = page.locator(CARD).first();
    const line = card.getByTestId('sponsor-trust-line');
    expect(await line.textContent()).toBe('Verified · 1 of 2 winners paid · pays in 2 days (median)');
    expect(await line.getByRole('link').getAttribute('aria-label')).toBe(
      'Verified · 1 of 2 winners paid · pays in 2 days (median): Northwind Freight’s record',
    );
    await card.getByRole('link', { name: 'Details →' }).click();
    await page.waitForURL(/\/bounty\//);
    await page.getByTestId('sponsor-trust-line').getByRole('link').click();
    await page.waitForURL(`${site.baseUrl}/sponsors/northwind-freight`);
  });

  it("shows the overdue warning instead of the line while the sponsor's clock ran out", async () => {
    const page = await newPage();
    await page.goto(`${site.baseUrl}/bounties?q=${encodeURIComponent('Model battery degradation')}`);
    const line = page.locator(CARD).first().getByTestId('sponsor-trust-line');
    expect(await line.textContent()).toBe(
      'Verified · Judging overdue by 6 days on a bounty · Payment overdue by 5 days on a bounty',
    );
    expect(await line.evaluate((node) => getComputedStyle(node).color)).toBe('rgb(255, 138, 138)');
  });

  it('filters by verified sponsors and sorts by paying speed, with or without JavaScript', async () => {
    for (const javaScriptEnabled of [true, false]) {
      const page = await newPage({ contextOptions: { javaScriptEnabled } });
      await page.goto(`${site.baseUrl}/bounties`);
      await page.getByLabel('Sponsor').selectOption('verified');
      if (!javaScriptEnabled) await page.getByRole('button', { name: 'APPLY', exact: true }).click();
      await page.waitForURL(/[?&]sponsor=verified/);
      await page.getByRole('button', { name: 'Pays fastest' }).click();
      await page.waitForURL(/[?&]sort=pays/);
      await page.locator(CARD).first().waitFor();
      const labels = await page
        .locator(`${CARD} [data-testid="sponsor-trust-line"] a`)
        .evaluateAll((links) => links.map((link) => link.getAttribute('aria-label') ?? ''));
      expect(labels.length).toBe(10);
      // Northwind Freight pays in 2 days, Tallow Health in 5, Kestrel Grid in 13.
      expect(labels.map((label) => label.replace(/^.*: (.*)’s record$/, '$1'))).toEqual([
        ...Array(4).fill('Northwind Freight'),
        ...Array(3).fill('Tallow Health'),
        ...Array(3).fill('Kestrel Grid'),
      ]);
    }
  });
});
