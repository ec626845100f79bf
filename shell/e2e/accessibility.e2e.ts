import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { useComposedSite } from '@side-quest/build/e2e';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

async function seriousViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
}

async function ready(page: Page) {
  await page.locator('main h1').first().waitFor({ timeout: 15000 });
  await page.waitForLoadState('networkidle');
}

/** A visible focus indicator: an outline or a box shadow on the focused element. */
async function focusIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return false;
    const style = getComputedStyle(element);
    return (
      (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none'
    );
  });
}

describe('accessibility (axe: no serious or critical violations)', () => {
  const composed = useComposedSite();
  let routes: string[];

  beforeAll(async () => {
    const response = await fetch(`${composed.site.baseUrl}/api/bounties`);
    const list = (await response.json()) as { id: string }[];
    routes = [
      '/',
      '/bounties',
      `/bounty/${encodeURIComponent(list[0]?.id ?? 'x')}`,
      '/bounty/does-not-exist',
      '/compass',
      '/blog',
      '/blog/all',
      '/blog/how-to-sidequest-guide',
      '/blog/no-such-story',
      '/about',
      '/for-clients',
      '/no-such-page',
    ];
  });

  for (const viewport of VIEWPORTS) {
    it(`has none on any route at ${viewport.name} width`, async () => {
      const page = await composed.browser.newPage();
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const found: Record<string, unknown> = {};
      for (const route of routes) {
        await page.goto(composed.site.baseUrl + route);
        await ready(page);
        const violations = await seriousViolations(page);
        if (violations.length) found[route] = violations;
      }
      expect(found).toEqual({});
      await page.close();
    });
  }

  it('has none with each dialog open, and the mobile menu open', async () => {
    const page = await composed.browser.newPage();
    const found: Record<string, unknown> = {};
    const check = async (name: string, open: () => Promise<void>) => {
      await open();
      await page.locator('dialog[open], [role="dialog"]').first().waitFor({ timeout: 10000 });
      const violations = await seriousViolations(page);
      if (violations.length) found[name] = violations;
      await page.keyboard.press('Escape');
    };
    await page.goto(composed.site.baseUrl + '/');
    await ready(page);
    await check('Log In', () => page.getByRole('button', { name: 'Log In' }).first().click());
    await check('Contact', () => page.locator('footer').getByRole('button', { name: 'Contact' }).click());
    await check('CREATE_ACCOUNT', () => page.getByRole('button', { name: 'CREATE_ACCOUNT' }).click());
    await page.goto(composed.site.baseUrl + '/bounties');
    await ready(page);
    await check('CREATE_NEW_BOUNTY', () => page.getByRole('button', { name: 'POST_BOUNTY' }).click());
    await page.setViewportSize({ width: 390, height: 844 });
    await check('mobile menu', () => page.getByRole('button', { name: 'Open menu' }).click());
    expect(found).toEqual({});
    await page.close();
  });
});

describe('keyboard-only journey', () => {
  const composed = useComposedSite();

  /** Presses Tab until the focused element matches, failing after a bounded number of presses. */
  async function tabTo(
    page: Page,
    matches: (element: { text: string; tag: string; label: string }) => boolean,
  ) {
    for (let presses = 0; presses < 80; presses += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        return {
          text: (element?.textContent ?? '').trim(),
          tag: element?.tagName.toLowerCase() ?? '',
          label: element?.getAttribute('aria-label') ?? element?.getAttribute('placeholder') ?? '',
        };
      });
      if (matches(focused)) {
        expect(await focusIsVisible(page)).toBe(true);
        return;
      }
    }
    throw new Error('the element was not reachable with Tab');
  }

  it('reaches every nav item, the list controls and each dialog with a visible focus', async () => {
    const page = await composed.browser.newPage();
    await page.goto(composed.site.baseUrl + '/');
    await ready(page);
    for (const [label, heading] of [
      ['Bounties', 'BOUNTIES_MARKETPLACE'],
      ['Compass', 'Value Compass - In-Demand Skills'],
      ['Stories', ''],
      ['For Clients', ''],
      ['About', ''],
    ]) {
      await page.goto(composed.site.baseUrl + '/');
      await ready(page);
      await tabTo(page, (element) => element.tag === 'a' && element.text === label);
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1', undefined, {
        timeout: 15000,
      });
      if (heading) expect(await page.evaluate(() => document.activeElement?.textContent)).toContain(heading);
    }

    // The list controls, operated from the keyboard.
    await page.goto(composed.site.baseUrl + '/bounties');
    await ready(page);
    await tabTo(page, (element) => element.tag === 'input');
    await page.keyboard.type('data');
    await page.waitForURL(/search=data|q=data/, { timeout: 5000 });
    for (const name of ['Title', 'Reward', 'Deadline', 'Reset All']) {
      await tabTo(page, (element) => element.tag === 'button' && element.text.startsWith(name));
      await page.keyboard.press('Enter');
    }

    // Each dialog opens and closes with the keyboard, and focus goes back to what opened it.
    await page.goto(composed.site.baseUrl + '/');
    await ready(page);
    for (const opener of ['Log In', 'CREATE_ACCOUNT', 'Contact']) {
      await tabTo(page, (element) => element.tag === 'button' && element.text === opener);
      await page.keyboard.press('Enter');
      await page.locator('dialog[open]').waitFor({ timeout: 5000 });
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')))).toBe(true);
      await page.keyboard.press('Escape');
      await page
        .locator('dialog[open]')
        .waitFor({ state: 'detached', timeout: 5000 })
        .catch(() => undefined);
      expect(await page.locator('dialog[open]').count()).toBe(0);
      expect(await page.evaluate(() => (document.activeElement?.textContent ?? '').trim())).toBe(opener);
      await page.goto(composed.site.baseUrl + '/');
      await ready(page);
    }
    await page.close();
  });
});
