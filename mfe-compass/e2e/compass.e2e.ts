import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { useComposedSite, waitForInteractive } from '@side-quest/build/e2e';

const HEADLINE = 'Value Compass - In-Demand Skills';

/** The /compass page with the seeded bounties: waits until the statistics have rendered. */
async function openCompass(page: Page, url: string) {
  await page.goto(url);
  await page.getByRole('meter').first().waitFor({ timeout: 15000 });
  await waitForInteractive(page);
}

const section = (page: Page, name: string) => page.getByRole('region', { name });

describe('the Value Compass on the composed site', () => {
  const composed = useComposedSite();

  it('renders the three sections from the bounty data', async () => {
    const page = await composed.browser.newPage();
    await openCompass(page, `${composed.site.baseUrl}/compass`);

    expect(await page.locator('main h1').textContent()).toBe(HEADLINE);
    expect(await page.title()).toBe('Value Compass | Side Quest');

    // Most In-Demand Skills: 6 skills, each a link with a meter; the top one is 100%, then non-increasing.
    const demand = section(page, 'Most In-Demand Skills');
    const meters = demand.getByRole('meter');
    expect(await meters.count()).toBe(6);
    const scores = await meters.evaluateAll((elements) =>
      elements.map((element) => Number(element.getAttribute('aria-valuenow'))),
    );
    expect(scores[0]).toBe(100);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(await demand.getByText(`${scores[1]}%`).first().isVisible()).toBe(true);
    expect(await demand.getByRole('link').count()).toBe(6);

    // Trending Areas: at most 4, each '(N recent)' with N >= 1.
    const areas = await section(page, 'Trending Areas').getByRole('listitem').allTextContents();
    expect(areas.length).toBeGreaterThan(0);
    expect(areas.length).toBeLessThanOrEqual(4);
    for (const area of areas) expect(area).toMatch(/\(([1-9]\d*) recent\)$/);

    // Highest Paying Skills: at most 4, each 'NK avg', highest first.
    const paying = await section(page, 'Highest Paying Skills').getByRole('listitem').allTextContents();
    expect(paying.length).toBeGreaterThan(0);
    expect(paying.length).toBeLessThanOrEqual(4);
    const averages = paying.map((row) => Number(/(\d+)K avg$/.exec(row)?.[1]));
    expect(averages.every((value) => Number.isInteger(value))).toBe(true);
    expect([...averages].sort((a, b) => b - a)).toEqual(averages);
    await page.close();
  });

  it('leads from a skill to the bounties filtered by that skill', async () => {
    const page = await composed.browser.newPage();
    await openCompass(page, `${composed.site.baseUrl}/compass`);

    const link = section(page, 'Most In-Demand Skills').getByRole('link').first();
    const skill = (await link.textContent()) ?? '';
    expect(skill).not.toBe('');
    await link.click();
    await page.waitForURL((url) => url.pathname === '/bounties', { timeout: 10000 });
    expect(new URL(page.url()).searchParams.get('skill')).toBe(skill);
    expect(page.url()).toContain(`?skill=${encodeURIComponent(skill)}`);
    await page.locator('main h1').first().waitFor({ timeout: 15000 });
    expect(await page.locator('main h1').first().textContent()).not.toBe(HEADLINE);
    await page.close();
  });

  it('arrives with its statistics from the server and keeps them when a visitor leaves and comes back', async () => {
    const page = await composed.browser.newPage();
    const listRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/bounties') listRequests.push(request.url());
    });
    await openCompass(page, `${composed.site.baseUrl}/compass`);
    const banner = page.getByRole('banner');
    await banner.getByRole('link', { name: 'Stories' }).first().click();
    await page.waitForURL((url) => url.pathname === '/blog', { timeout: 10000 });
    await banner.getByRole('link', { name: 'Compass' }).first().click();
    await page.getByRole('meter').first().waitFor({ timeout: 15000 });
    // The server-rendered page carried the statistics, not the list: nothing to fetch.
    expect(listRequests).toEqual([]);
    await page.close();
  });

  it('computes the statistics in the browser from one list request, shared with the marketplace', async () => {
    const page = await composed.browser.newPage();
    const listRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/bounties') listRequests.push(request.url());
    });
    // The landing carries its featured bounties only; the compass needs the whole list.
    await page.goto(composed.site.baseUrl, { waitUntil: 'networkidle' });
    expect(listRequests).toEqual([]);
    await page.getByRole('banner').getByRole('link', { name: 'Compass' }).first().click();
    await page.getByRole('meter').first().waitFor({ timeout: 15000 });
    const log: string[] = [];
    const started = Date.now();
    page.on('console', (message) =>
      log.push(`${Date.now() - started} ms ${message.type()}: ${message.text()}`),
    );
    page.on('request', (request) => log.push(`${Date.now() - started} ms asked ${request.url()}`));
    page.on('requestfinished', (request) => log.push(`${Date.now() - started} ms got ${request.url()}`));
    page.on('requestfailed', (request) => log.push(`${Date.now() - started} ms FAILED ${request.url()}`));
    await page.getByRole('banner').getByRole('link', { name: 'Bounties' }).first().click();
    await page
      .getByRole('heading', { level: 1, name: 'BOUNTIES_MARKETPLACE' })
      .waitFor({ timeout: 15000 })
      .catch(async (error: Error) => {
        const main = await page.locator('main').innerHTML();
        throw new Error(`${error.message}\nmain: ${main.slice(0, 300)}\n${log.join('\n')}`);
      });
    await page.locator('[data-testid="bounty-card"]').first().waitFor({ timeout: 15000 });
    expect(listRequests).toHaveLength(1);
    await page.close();
  });

  it('has no accessibility violations and no horizontal overflow at 390 px', async () => {
    const page = await composed.browser.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await openCompass(page, `${composed.site.baseUrl}/compass`);

    const results = await new AxeBuilder({ page }).include('main').analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.close();
  });
});
