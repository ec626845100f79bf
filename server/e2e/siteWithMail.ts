// Browser-test fixture (not a test file: *.e2e.ts are): the composed site with a real SMTP server for a
// test file, started before its tests and stopped after with every browser it opened, and the steps the
// signed-in tests share: signing in through /sign-in?next=… and completing a profile.
import { launchBrowser, startSite, waitForInteractive, type RunningSite } from '@side-quest/build/e2e';
import type { BrowserContext, Page } from 'playwright-core';
import { startTestSmtpServer, type TestSmtpServer } from '../src/testing/testSmtpServer';
import { signInByCode } from './people';

type BrowserOptions = Parameters<typeof launchBrowser>[0];

/**
 * Once the page has hydrated, where scripts run: a file chosen in a form the server rendered can be
 * dropped when hydration meets it, so files are chosen (and forms filled) on the hydrated page.
 */
export async function ready(page: Page): Promise<void> {
  if (await page.evaluate(() => matchMedia('(scripting: enabled)').matches)) await waitForInteractive(page);
}

/** Call at the top level of a test file: `site` and `smtp` are there from its first test on. */
export function siteWithMail(options: { env?: Record<string, string>; dataDir?: () => string } = {}) {
  let smtp: TestSmtpServer | undefined;
  let site: RunningSite | undefined;
  const contexts: Array<BrowserContext & { cleanup: () => Promise<void> }> = [];

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    site = await startSite({
      ...(options.dataDir ? { dataDir: options.dataDir() } : {}),
      env: { ...options.env, SMTP_URL: smtp.url },
    });
  });
  afterAll(async () => {
    for (const context of contexts) await context.cleanup();
    await site?.stop();
    await smtp?.close();
  });

  const started = <T>(value: T | undefined): T => {
    if (!value) throw new Error('The site starts in beforeAll: use it from a test');
    return value;
  };

  /** A browser of its own (closed after the file's tests). */
  async function browser(browserOptions: BrowserOptions = {}) {
    const context = await launchBrowser(browserOptions);
    contexts.push(context);
    return context;
  }

  return {
    get site(): RunningSite {
      return started(site);
    },
    get smtp(): TestSmtpServer {
      return started(smtp);
    },
    browser,

    /** A signed-in person's page, reached through /sign-in?next=… as a visitor would. */
    async signedIn(email: string, next: string, browserOptions: BrowserOptions = {}): Promise<Page> {
      const page = await (await browser(browserOptions)).newPage();
      const { baseUrl } = started(site);
      await page.goto(`${baseUrl}/sign-in?next=${encodeURIComponent(next)}`);
      await signInByCode(page, started(smtp), email);
      await page.waitForURL(`${baseUrl}${next}`);
      return page;
    },

    /** A profile complete enough to submit and be paid: the handle as name, Germany, paid by Wise. */
    async setProfile(page: Page, handle: string): Promise<void> {
      const { baseUrl } = started(site);
      await page.goto(`${baseUrl}/account`);
      await ready(page);
      await page.getByLabel('Display name').fill(handle);
      await page.getByLabel('Handle', { exact: true }).fill(handle);
      await page.getByLabel('Country').selectOption('DE');
      await page.getByLabel('Payout method').selectOption('wise');
      await page.getByRole('button', { name: 'Save profile' }).click();
      await page.waitForURL(`${baseUrl}/account?done=profile`);
    },
  };
}
