import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { openBountyStore } from '../src/bounties/bountyStore';
import { START_SCRIPT } from '../src/render/startAfterPaint';
import { launchBrowser, startSite, type RunningSite } from '@side-quest/build/e2e';

type Browser = Awaited<ReturnType<typeof launchBrowser>>;

/** Sets window.__sqCanary if any of it ever runs. */
const RUN = 'window.__sqCanary=1';
const LONG = 'A'.repeat(100_000);
const RTL = '\u202Eevil\u202C \u200B\u200D\u2066hidden\u2069 مرحبا بالعالم';

const hostile: Record<string, unknown>[] = [
  {
    item_title: `AAA <script>${RUN}</script> </script><img src=x onerror="${RUN}">`,
    platform_name: `</script><script>${RUN}</script>`,
    summary_description: `<img src=x onerror="${RUN}"> ${RTL}`,
    full_bounty_description: `<svg onload="${RUN}"></svg><a href="javascript:${RUN}">click</a> ${LONG}`,
    learnings: `<iframe src="javascript:${RUN}"></iframe>`,
    reward_amount: '999999',
    deadline: `<b onmouseover="${RUN}">soon</b>`,
    bounty_area: 'Software',
    skill_tags: [`<script>${RUN}</script>`, 'React', '', '   '],
    image_url: `javascript:${RUN}`,
    item_url: `javascript:${RUN}`,
    created_at: 'not a date',
    is_high_value_bounty: true,
  },
  {
    item_title: LONG,
    platform_name: RTL,
    summary_description: LONG,
    full_bounty_description: `[link](javascript:${RUN}) ${RTL}`,
    reward_amount: 888888,
    deadline: LONG,
    bounty_area: `AI/ML`,
    skill_tags: 'React, <b>bold</b>, Python',
    image_url: `data:text/html,<script>${RUN}</script>`,
    item_url: `data:text/html,<script>${RUN}</script>`,
    created_at: { seconds: 'soon' },
    is_high_value_bounty: true,
  },
  {
    item_title: 12345,
    platform_name: ['an', 'array'],
    summary_description: { nested: true },
    reward_amount: { amount: 5 },
    deadline: 42,
    bounty_area: ['Engineering'],
    skill_tags: [1, null, { tag: 'x' }, 'Rust'],
    image_url: 7,
    item_url: `JaVaScRiPt:${RUN}`,
    created_at: 1700000000000,
    is_high_value_bounty: true,
  },
];

async function assertSafe(page: Page, route: string) {
  const state = await page.evaluate(() => {
    const hrefs = [...document.querySelectorAll('[href], [src], [action], [formaction]')].flatMap((element) =>
      ['href', 'src', 'action', 'formaction'].map((name) => element.getAttribute(name) ?? ''),
    );
    return {
      canary: (window as unknown as { __sqCanary?: number }).__sqCanary,
      scriptyUrls: hrefs.filter((value) => /^\s*(javascript|data:text\/html|vbscript)/i.test(value)),
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      csp: (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
    };
  });
  expect({ route, ...state }).toEqual({ route, canary: undefined, scriptyUrls: [], overflow: 0, csp: [] });
}

describe('hostile bounty data', () => {
  let site: RunningSite;
  let browser: Browser;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-hostile-'));
  const ids = hostile.map((_, index) => `hostile-${index}`);

  beforeAll(async () => {
    const store = openBountyStore(dataDir);
    store.put(hostile.map((document, index) => ({ id: ids[index] as string, document })));
    store.close();
    site = await startSite({ dataDir });
    browser = await launchBrowser();
    await browser.addInitScript(() => {
      const violations: string[] = [];
      (window as unknown as { __cspViolations: string[] }).__cspViolations = violations;
      document.addEventListener('securitypolicyviolation', (event) =>
        violations.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
  });
  afterAll(async () => {
    await browser?.cleanup();
    await site?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends server HTML in which no hostile value becomes markup, with JavaScript off', async () => {
    const noScript = await launchBrowser({ contextOptions: { javaScriptEnabled: false } });
    try {
      const page = await noScript.newPage();
      const routes = ['/', '/bounties', '/compass', '/blog', '/blog/how-to-sidequest-guide'].concat(
        ids.map((id) => `/bounty/${id}`),
      );
      for (const route of routes) {
        const response = await page.goto(site.baseUrl + route);
        expect(response?.status()).toBe(200);
        expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
        // The page as the server sent it, parsed by the browser without running anything.
        const found = await page.evaluate(() => {
          const scripts = [...document.querySelectorAll('script')].map((script) => ({
            type: script.type,
            src: script.src,
            json: script.type.includes('json') ? (script.textContent ?? '') : '',
            text: script.type ? '' : (script.textContent ?? ''),
          }));
          const handlers = [...document.querySelectorAll('*')].flatMap((element) =>
            [...element.attributes].filter((attribute) => /^on/i.test(attribute.name)).map((a) => a.name),
          );
          const urls = [...document.querySelectorAll('[href], [src], [action], [formaction]')].flatMap(
            (element) =>
              ['href', 'src', 'action', 'formaction'].map((name) => element.getAttribute(name) ?? ''),
          );
          return {
            scripts,
            handlers,
            scriptyUrls: urls.filter((value) => /^\s*(javascript|data:text\/html|vbscript)/i.test(value)),
            embeds: document.querySelectorAll('main iframe, main svg[onload], main object').length,
            headings: document.querySelectorAll('main h1').length,
          };
        });
        expect({ route, handlers: found.handlers, urls: found.scriptyUrls, embeds: found.embeds }).toEqual({
          route,
          handlers: [],
          urls: [],
          embeds: 0,
        });
        expect(found.headings).toBeGreaterThan(0);
        for (const script of found.scripts) {
          // Only the site's own external scripts, its one start script (allowed by its CSP hash) and
          // JSON that parses whole (nothing broke out of it).
          if (script.src) expect(new URL(script.src).origin).toBe(site.baseUrl);
          else if (!script.type) expect(script.text).toBe(START_SCRIPT);
          else {
            expect(['application/json', 'application/ld+json']).toContain(script.type);
            expect(() => JSON.parse(script.json)).not.toThrow();
          }
        }
      }
      await page.close();
    } finally {
      await noScript.cleanup();
    }
  });

  for (const width of [390, 1280]) {
    it(`renders every page with hostile bounties, runs nothing and does not overflow at ${width} px`, async () => {
      const page = await browser.newPage();
      await page.setViewportSize({ width, height: 900 });
      const routes = ['/', '/bounties', '/compass', ...ids.map((id) => `/bounty/${id}`)];
      for (const route of routes) {
        const response = await page.goto(site.baseUrl + route);
        expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
        await page
          .locator('main h1')
          .first()
          .waitFor({ timeout: 15000 })
          .catch((error: Error) => {
            throw new Error(`${route}: ${error.message}`);
          });
        await page.waitForLoadState('networkidle');
        expect(await page.locator('[data-testid^="section-fallback"]').count()).toBe(0);
        await assertSafe(page, route);
      }
      // Hover and click through what a visitor would touch on a hostile detail page.
      await page.goto(`${site.baseUrl}/bounty/${ids[0]}`);
      await page.locator('main h1').first().waitFor({ timeout: 15000 });
      await page.locator('main').hover();
      await assertSafe(page, 'after interaction');
      await page.close();
    });
  }
});
