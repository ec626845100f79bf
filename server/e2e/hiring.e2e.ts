// Hiring proven talent (issue 46) in the real browser against the composed production build, with a
// fresh start's demo history and a real SMTP server: the talent directory filtered by a proven skill
// with and without JavaScript; open to work set on /account for verified sponsors only, seen by a
// verified organisation's owner and by nobody else, switched off at once; axe at 390 and 1280 px.
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, startSite, waitForInteractive, type RunningSite } from '@side-quest/build/e2e';
import { startTestSmtpServer, type TestSmtpServer } from '../src/mail/testSmtpServer';
import { seriousViolations, watchErrors } from './pageChecks';
import { grantStaff, signInByCode } from './people';

let smtp: TestSmtpServer;
let site: RunningSite;
const contexts: Array<BrowserContext & { cleanup: () => Promise<void> }> = [];
const SCREENSHOTS = process.env.SQ_SCREENSHOTS ?? '';

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  site = await startSite({ env: { SMTP_URL: smtp.url, SEED_DEMO: '1' } });
});
afterAll(async () => {
  for (const context of contexts) await context.cleanup();
  await site?.stop();
  await smtp?.close();
});

async function newPage(options: Parameters<typeof launchBrowser>[0] = {}): Promise<Page> {
  const context = await launchBrowser(options);
  contexts.push(context);
  return context.newPage();
}

/** A browser signed in as `email`, on `next`. */
async function signedIn(email: string, next: string): Promise<Page> {
  const page = await newPage();
  await page.goto(`${site.baseUrl}/sign-in?next=${encodeURIComponent(next)}`);
  await signInByCode(page, smtp, email);
  await page.waitForURL(`${site.baseUrl}${next}`);
  return page;
}

async function shoot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

const rows = (page: Page) => page.getByTestId('talent-directory').getByRole('heading', { level: 2 });

describe('the talent directory', () => {
  it('filters by a proven skill with JavaScript, in the page, most wins first', async () => {
    const page = await newPage();
    const errors = watchErrors(page);
    await page.goto(`${site.baseUrl}/talent`);
    await waitForInteractive(page);
    await page.getByRole('heading', { level: 1, name: 'Talent directory' }).waitFor();
    expect(await rows(page).count()).toBe(5);
    await page.getByRole('combobox', { name: 'Proven skill' }).selectOption('HVAC');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(`${site.baseUrl}/talent?skill=HVAC`);
    await page.getByText('1 person match').waitFor();
    expect(await rows(page).allTextContents()).toEqual(['Tomáš Novák']);
    await page.getByRole('combobox', { name: 'Open to work' }).selectOption('any');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(`${site.baseUrl}/talent?skill=HVAC&work=any`);
    await page.getByTestId('open-to-work').getByText('Open to work', { exact: true }).waitFor();
    await rows(page).getByRole('link', { name: 'Tomáš Novák' }).click();
    await page.waitForURL(`${site.baseUrl}/talent/tomas-novak`);
    await page.getByRole('heading', { level: 1, name: 'Tomáš Novák' }).waitFor();
    await shoot(page, 'profile');
    expect(errors).toEqual([]);
  });

  it('works without JavaScript: the filter is a GET form the server answers', async () => {
    const page = await newPage({ contextOptions: { javaScriptEnabled: false } });
    await page.goto(`${site.baseUrl}/talent`);
    await page.getByRole('combobox', { name: 'Proven skill' }).selectOption('Python');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(`${site.baseUrl}/talent?skill=Python&work=`);
    const names = await rows(page).allTextContents();
    expect(names.length).toBeGreaterThan(1);
    expect(names).toContain('Tomáš Novák');
    expect(names).not.toContain('Priya Nair');
    await shoot(page, 'directory-python');
  });
});

describe('open to work', () => {
  it('is set on /account for verified sponsors only: their owner sees the badge, the public never does', async () => {
    // A talent makes their profile public, then says they are open to work.
    const talent = await signedIn('grace@example.com', '/account');
    const errors = watchErrors(talent);
    await waitForInteractive(talent);
    await talent.getByLabel('Display name').fill('Grace Hopper');
    await talent.getByRole('textbox', { name: 'Handle' }).fill('grace');
    await talent.getByLabel(/^Make my profile public/).check();
    await talent.getByRole('button', { name: 'Save profile' }).click();
    await talent.waitForURL(`${site.baseUrl}/account?done=profile`);
    const panel = talent.locator('#open-to-work');
    await panel.getByLabel('Freelance').check();
    await panel.getByLabel('Full-time').check();
    await panel.getByLabel(/^Countries/).selectOption(['PT', 'DE']);
    await panel.getByLabel("Verified sponsors' owners and admins only").check();
    await panel.getByRole('button', { name: 'Show me as open to work' }).click();
    await talent.waitForURL(`${site.baseUrl}/account?hiring=open-to-work#open-to-work`);
    await panel.getByText('You are shown as open to work.').waitFor();
    await shoot(talent, 'account');

    // A verified organisation's owner sees it, server-rendered into their page.
    const owner = await signedIn('owner@hirers.example.com', '/sponsor');
    await owner.getByLabel('Organisation name').fill('Hirers');
    await owner.getByLabel('Address on Side Quest').fill('hirers');
    await owner.getByLabel('Website').fill('https://hirers.example.com');
    await owner.getByRole('button', { name: 'Create organisation' }).click();
    await owner.waitForURL(`${site.baseUrl}/sponsor/hirers?done=created`);
    grantStaff(site.dataDir, 'owner@hirers.example.com');
    await owner.goto(`${site.baseUrl}/staff`);
    await owner.getByRole('button', { name: 'Verify Hirers' }).click();
    await owner.waitForURL(`${site.baseUrl}/staff?done=verified`);
    const html = await (await owner.request.get(`${site.baseUrl}/talent/grace`)).text();
    expect(html).toContain('Open to work · visible to verified sponsors');
    await owner.goto(`${site.baseUrl}/talent/grace`);
    await owner
      .getByTestId('open-to-work')
      .getByText('Freelance, Full-time · Remote, Germany, Portugal · available now')
      .waitFor();
    await owner.goto(`${site.baseUrl}/talent?work=freelance`);
    await waitForInteractive(owner);
    expect(await rows(owner).allTextContents()).toContain('Grace Hopper');

    // A visitor: no badge on the profile, not in the open-to-work list, not in the API.
    const visitor = await newPage();
    const publicHtml = await (await visitor.request.get(`${site.baseUrl}/talent/grace`)).text();
    expect(publicHtml).not.toContain('Open to work');
    expect(publicHtml).not.toContain('verified-sponsors');
    await visitor.goto(`${site.baseUrl}/talent/grace`);
    await waitForInteractive(visitor);
    await visitor.getByRole('heading', { level: 1, name: 'Grace Hopper' }).waitFor();
    expect(await visitor.getByTestId('open-to-work').count()).toBe(0);
    await visitor.goto(`${site.baseUrl}/talent?work=any`);
    await waitForInteractive(visitor);
    expect(await rows(visitor).allTextContents()).not.toContain('Grace Hopper');

    // Switched off at once: the sponsor sees nothing any more.
    await talent.goto(`${site.baseUrl}/account`);
    await talent.getByRole('button', { name: 'Stop showing me as open to work' }).click();
    await talent.waitForURL(`${site.baseUrl}/account?hiring=open-to-work-off#open-to-work`);
    const after = await (await owner.request.get(`${site.baseUrl}/talent/grace`)).text();
    expect(after).not.toContain('Open to work');
    expect(errors).toEqual([]);
  });

  it('passes axe at 390 and 1280 px on the directory and the account panel', async () => {
    const visitor = await newPage();
    const talent = await signedIn('axe-talent@example.com', '/account');
    const pages: [Page, string][] = [
      [visitor, '/talent'],
      [visitor, '/talent?skill=Python&work=any'],
      [talent, '/account'],
    ];
    const found: string[] = [];
    for (const width of [390, 1280]) {
      for (const [page, url] of pages) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${site.baseUrl}${url}`);
        await waitForInteractive(page);
        for (const violation of await seriousViolations(page)) found.push(`${width} ${url} ${violation}`);
      }
    }
    expect(found).toEqual([]);
  });
});
