// Hiring proven talent (issue 46) in the real browser against the composed production build, with a
// fresh start's demo history and a real SMTP server: the talent directory filtered by a proven skill
// with and without JavaScript; open to work set on /account for verified sponsors only, seen by a
// verified organisation's owner and by nobody else, switched off at once; axe at 390 and 1280 px.
// Interview requests and hires (items 3 and 4): sent from the review console by a verified sponsor,
// the mail without the sender's words, accepted (both see the addresses), declined (a new one refused),
// a hire recorded and confirmed on the sponsor page; the new pages through axe.
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, startSite, waitForInteractive, type RunningSite } from '@side-quest/build/e2e';
import { startTestSmtpServer, type TestSmtpServer } from '../src/testing/testSmtpServer';
import { seriousViolations, seriousViolationsAtWidths, watchErrors } from './pageChecks';
import { DEMO_MAIL_DOMAIN } from '../src/lifecycle/demoData';
import { grantStaff, readdressDemoAccount, signInByCode } from './people';

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
    const found = await seriousViolationsAtWidths(site.baseUrl, pages, waitForInteractive);
    expect(found).toEqual([]);
  });
});

describe('interview requests', () => {
  // Kestrel Grid (verified, demo history) asks two demo entrants of its own bounties. Demo people have
  // .invalid addresses, which are never mailed: each gets one the test SMTP server receives.
  const OWNER = 'owner@kestrel.example.com';
  const LIN = 'lin@example.com';
  const MIRA = 'mira@example.com';
  let owner: Page;
  let lin: Page;

  beforeAll(() => {
    readdressDemoAccount(site.dataDir, `owner@kestrel-grid.${DEMO_MAIL_DOMAIN}`, OWNER);
    readdressDemoAccount(site.dataDir, `lin-zhao@${DEMO_MAIL_DOMAIN}`, LIN);
    readdressDemoAccount(site.dataDir, `mira-okafor@${DEMO_MAIL_DOMAIN}`, MIRA);
  });

  /** The console of Kestrel Grid's bounty titled `title`. */
  async function consoleOf(title: string): Promise<string> {
    const answer = await owner.request.get(`${site.baseUrl}/api/sponsors/kestrel-grid`);
    const { bounties } = (await answer.json()) as { bounties: { id: string; item_title: string }[] };
    const bounty = bounties.find((entry) => entry.item_title === title)!;
    return `/sponsor/kestrel-grid/bounties/${encodeURIComponent(bounty.id)}`;
  }

  async function sendFromConsole(title: string, entrant: string, roleTitle: string) {
    await owner.goto(`${site.baseUrl}${await consoleOf(title)}`);
    await waitForInteractive(owner);
    await owner.getByRole('link', { name: `Request an interview with ${entrant}` }).click();
    await owner.waitForURL(/\/sponsor\/kestrel-grid\/interview-requests\?submission=/);
    await owner.getByLabel('Role title').fill(roleTitle);
    await owner
      .getByLabel(/^Message/)
      .fill('Your **forecast** beat ours. Visit https://phish.example.com to book.');
    await owner.getByRole('button', { name: 'Send interview request' }).click();
    await owner.waitForURL(`${site.baseUrl}/sponsor/kestrel-grid/interview-requests?done=sent`, {
      waitUntil: 'domcontentloaded',
    });
  }

  it('is sent from the console; the mail has no free text; accepted, both sides see the addresses', async () => {
    owner = await signedIn(OWNER, '/sponsor/kestrel-grid/interview-requests');
    const errors = watchErrors(owner);
    const since = smtp.received.length;
    await sendFromConsole('Forecast substation load 48 hours ahead', 'lin-zhao', 'Grid forecasting lead');
    await owner.getByRole('heading', { name: /Lin Zhao: Grid forecasting lead/ }).waitFor();

    const mail = await smtp.nextMessageTo(LIN, {
      since,
      subject: 'Kestrel Grid would like to talk with you',
    });
    // A link to the page on the site's configured origin (PUBLIC_URL), no more.
    expect(mail.text).toMatch(/^https?:\/\/\S+\/account\/interview-requests$/m);
    for (const words of ['Grid forecasting lead', 'forecast', 'phish', 'demo owner'])
      expect(mail.text).not.toContain(words);

    lin = await signedIn(LIN, '/account/interview-requests');
    const linErrors = watchErrors(lin);
    await lin.getByRole('heading', { name: /Grid forecasting lead at Kestrel Grid/ }).waitFor();
    expect(await lin.getByText(OWNER).count()).toBe(0);
    await lin.getByRole('button', { name: 'Accept: share my name and e-mail' }).click();
    await lin.waitForURL(`${site.baseUrl}/account/interview-requests?done=accepted`, {
      waitUntil: 'domcontentloaded',
    });
    await lin.getByRole('link', { name: OWNER }).waitFor();
    await shoot(lin, 'interview-requests-person');

    await owner.reload();
    await owner.getByRole('link', { name: LIN }).waitFor();
    const toOwner = await smtp.nextMessageTo(OWNER, {
      since,
      subject: 'Your interview request was accepted',
    });
    expect(toOwner.text).toContain(`Lin Zhao <${LIN}>`);
    expect(errors).toEqual([]);
    expect(linErrors).toEqual([]);
  });

  it('is declined by a second person, and a new request to them is refused', async () => {
    await sendFromConsole('Model battery degradation from charge cycles', 'mira-okafor', 'Battery analyst');
    const mira = await signedIn(MIRA, '/account/interview-requests');
    await mira.getByText('Decline', { exact: true }).click();
    await mira.getByLabel('Reason (optional; the team reads it)').fill('Happy where I am, thank you.');
    await mira.getByRole('button', { name: 'Decline this request' }).click();
    await mira.waitForURL(`${site.baseUrl}/account/interview-requests?done=declined`, {
      waitUntil: 'domcontentloaded',
    });

    await owner.goto(`${site.baseUrl}/sponsor/kestrel-grid/interview-requests`);
    await owner.getByText('Their reason: Happy where I am, thank you.').waitFor();
    await owner.goto(`${site.baseUrl}${await consoleOf('Model battery degradation from charge cycles')}`);
    await owner.getByRole('link', { name: 'Request an interview with mira-okafor' }).click();
    await owner.waitForURL(/interview-requests\?submission=/);
    await owner
      .getByText('This person declined a request from your organisation.', { exact: false })
      .waitFor();
    expect(await owner.getByRole('button', { name: 'Send interview request' }).count()).toBe(0);
  });

  it('counts a hire on the sponsor page once the person confirms it', async () => {
    const visitor = await newPage();
    await visitor.goto(`${site.baseUrl}/sponsors/kestrel-grid`);
    // The demo history's confirmed hire, on the sponsor's record and (opted in) on the profile.
    await visitor.getByTestId('sponsor-hired').getByText('Hired 1 person through Side Quest').waitFor();
    await visitor.goto(`${site.baseUrl}/talent/tomas-novak`);
    await visitor.getByTestId('hired-by').getByText('Hired by Kestrel Grid through Side Quest').waitFor();

    await owner.goto(`${site.baseUrl}/sponsor/kestrel-grid/interview-requests`);
    await waitForInteractive(owner);
    const since = smtp.received.length;
    const accepted = owner.getByRole('listitem').filter({ hasText: 'Grid forecasting lead' });
    await accepted.getByText('Record a hire').click();
    await accepted.getByLabel('Start month (year-month)').fill('2027-01');
    await accepted.getByRole('button', { name: 'Record the hire' }).click();
    await owner.waitForURL(`${site.baseUrl}/sponsor/kestrel-grid/interview-requests?done=hire-recorded`, {
      waitUntil: 'domcontentloaded',
    });
    await smtp.nextMessageTo(LIN, { since, subject: 'Kestrel Grid recorded that they hired you' });

    await lin.goto(`${site.baseUrl}/account/interview-requests`);
    await waitForInteractive(lin);
    await lin.getByRole('button', { name: 'Confirm the hire' }).click();
    await lin.waitForURL(`${site.baseUrl}/account/interview-requests?done=hire-confirmed`, {
      waitUntil: 'domcontentloaded',
    });
    await lin.getByText('Confirmed. The hire counts on the sponsor’s record.').waitFor();
    await shoot(owner, 'interview-requests-team');

    // The record is cached for a minute at most: a fresh page shows the count within that.
    const deadline = Date.now() + 70_000;
    for (;;) {
      await visitor.goto(`${site.baseUrl}/sponsors/kestrel-grid`);
      if ((await visitor.getByText('Hired 2 people through Side Quest').count()) > 0) break;
      if (Date.now() > deadline) throw new Error('The confirmed hire never showed on the sponsor page');
      await visitor.waitForTimeout(2000);
    }
  }, 120_000);

  it('passes axe at 390 and 1280 px on the person’s, the team’s and the staff’s pages', async () => {
    const pages: [Page, string][] = [
      [lin, '/account/interview-requests'],
      [owner, '/sponsor/kestrel-grid/interview-requests'],
    ];
    const found = await seriousViolationsAtWidths(site.baseUrl, pages, waitForInteractive);
    // Staff's page is the server's alone (no script): counts, the report, the hires.
    const staff = await signedIn('staff@kestrel-check.example.com', '/');
    grantStaff(site.dataDir, 'staff@kestrel-check.example.com');
    for (const width of [390, 1280]) {
      await staff.setViewportSize({ width, height: 900 });
      await staff.goto(`${site.baseUrl}/staff/interview-requests`);
      await staff.getByRole('heading', { level: 1, name: 'Interview requests' }).waitFor();
      for (const violation of await seriousViolations(staff)) found.push(`${width} staff ${violation}`);
    }
    await staff
      .getByRole('row', { name: /^Kestrel Grid \d/ })
      .first()
      .waitFor();
    await shoot(staff, 'interview-requests-staff');
    expect(found).toEqual([]);
  });
});
