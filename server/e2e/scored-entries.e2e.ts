// Scored bounties in the real browser against the composed production build, with a real SMTP server
// (issue 45, items 2 and 3): a sponsor posts a bounty and attaches a scoring setup with an answer key
// and inputs from the console, staff approve, two entrants download the inputs, submit, and send
// entries (one a broken file first, its problems listed with their lines and not counted); each sees
// its public score appear without reloading. The key is never offered to an entrant. Also the
// entry form without JavaScript (the page refreshes itself to the score), and axe on the console's
// scoring panel and the entries panel at 390 and 1280 px.
import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, startSite, waitForInteractive, type RunningSite } from '@side-quest/build/e2e';
import { startTestSmtpServer, type TestSmtpServer } from '../src/mail/testSmtpServer';
import { seriousViolations, watchErrors } from './pageChecks';
import { grantStaff, signInByCode } from './people';

let smtp: TestSmtpServer;
let site: RunningSite;
const contexts: Array<BrowserContext & { cleanup: () => Promise<void> }> = [];

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  site = await startSite({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  for (const context of contexts) await context.cleanup();
  await site?.stop();
  await smtp?.close();
});

/**
 * Once the page has hydrated, where scripts run: a file chosen in a form the server rendered can be
 * dropped when hydration meets it, so files are chosen on the hydrated page.
 */
async function ready(page: Page) {
  if (await page.evaluate(() => matchMedia('(scripting: enabled)').matches)) await waitForInteractive(page);
}

async function signedIn(email: string, next: string, options: Parameters<typeof launchBrowser>[0] = {}) {
  const context = await launchBrowser(options);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${site.baseUrl}/sign-in?next=${encodeURIComponent(next)}`);
  await signInByCode(page, smtp, email);
  await page.waitForURL(`${site.baseUrl}${next}`);
  return page;
}

async function setProfile(page: Page, handle: string) {
  await page.goto(`${site.baseUrl}/account`);
  await ready(page);
  await page.getByLabel('Display name').fill(handle);
  await page.getByLabel('Handle', { exact: true }).fill(handle);
  await page.getByLabel('Country').selectOption('DE');
  await page.getByLabel('Payout method').selectOption('wise');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await page.waitForURL(`${site.baseUrl}/account?done=profile`);
}

// 40 rows, classes alternating so both are in each part of any split.
const ROWS = 40;
const ids = Array.from({ length: ROWS }, (_, i) => `parcel-${String(i).padStart(3, '0')}`);
const target = (i: number) => (i % 2 === 0 ? 1 : 0);
const keyCsv = `id,target\n${ids.map((id, i) => `${id},${target(i)}`).join('\n')}\n`;
const inputsCsv = `id,distance_km\n${ids.map((id, i) => `${id},${(i * 7) % 90}`).join('\n')}\n`;
const entryCsv = (score: (i: number) => number) =>
  `id,prediction\n${ids.map((id, i) => `${id},${score(i)}`).join('\n')}\n`;
const csvFile = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

async function submitSolution(page: Page, bountyId: string, repository: string) {
  await page.goto(`${site.baseUrl}/submit/${bountyId}`);
  await ready(page);
  await page.getByLabel('Repository link').fill(repository);
  await page.getByLabel('Write-up (markdown)').fill('Gradient boosting on the distance and the weekday.');
  await page.getByLabel('Scores well on the hidden answers').fill('See the entries below.');
  await page.getByRole('button', { name: 'Submit solution' }).click();
  await page.waitForURL(`${site.baseUrl}/account/submissions?done=submitted`);
}

async function sendEntry(page: Page, bountyId: string, name: string, text: string) {
  await page.goto(`${site.baseUrl}/submit/${bountyId}#entries`);
  await ready(page);
  await page.getByLabel('Entry (CSV)').setInputFiles(csvFile(name, text));
  await page.getByRole('button', { name: 'Send entry' }).click();
  await page.waitForURL(`${site.baseUrl}/submit/${bountyId}?done=entry-queued#entries`);
}

const entryRow = (page: Page, fileName: string) =>
  page.getByRole('listitem').filter({ hasText: `${fileName}, sent` });

describe('scored bounties in the browser', () => {
  let bountyId = '';
  let owner: Page;
  let ada: Page;
  let bob: Page;

  it('a sponsor attaches a scoring setup before approval; staff approve; the setup is frozen', async () => {
    owner = await signedIn('owner@parcel-lab.example.com', '/sponsor');
    await owner.getByLabel('Organisation name').fill('Parcel Lab');
    await owner.getByLabel('Address on Side Quest').fill('parcel-lab');
    await owner.getByLabel('Website').fill('https://parcel-lab.example.com');
    await owner.getByRole('button', { name: 'Create organisation' }).click();
    await owner.waitForURL(`${site.baseUrl}/sponsor/parcel-lab?done=created`);
    await owner.goto(`${site.baseUrl}/sponsor/parcel-lab/post`);
    await owner.getByLabel('Title').fill('Predict which parcels arrive late');
    await owner
      .getByLabel('Description (markdown)')
      .fill('A tabular data set of parcels. Predict the probability that each arrives late.');
    await owner.getByLabel('Acceptance criteria, one per line').fill('Scores well on the hidden answers');
    await owner.getByLabel('Prize 1', { exact: true }).fill('1000');
    await owner
      .getByLabel('Submission deadline (UTC)')
      .fill(new Date(Date.now() + 48 * 3600_000).toISOString().slice(0, 16));
    await owner.getByLabel('Wise').check();
    await owner.getByRole('button', { name: 'Send for approval' }).click();
    await owner.waitForURL(/\/sponsor\/parcel-lab\/bounties\/sq-[0-9a-f]{8}\?done=pending$/);
    bountyId = new URL(owner.url()).pathname.split('/')[4] as string;
    await ready(owner);

    // A broken key is refused with its line, and nothing typed is lost.
    const scoring = owner.locator('#scoring');
    await scoring.getByLabel('Metric').selectOption('roc_auc');
    await scoring.getByLabel('Licence of the data').fill('CC BY 4.0');
    await scoring.getByLabel('Answer key').setInputFiles(csvFile('key.csv', `${keyCsv}parcel-001,1\n`));
    await scoring.getByLabel('Inputs (without answers)').setInputFiles(csvFile('inputs.csv', inputsCsv));
    await scoring.getByRole('button', { name: 'Save scoring setup' }).click();
    await owner.getByText(/Line 42/).waitFor();
    await ready(owner);
    expect(await owner.locator('#scoring').getByLabel('Licence of the data').inputValue()).toBe('CC BY 4.0');

    await owner.locator('#scoring').getByLabel('Metric').selectOption('roc_auc');
    await owner.locator('#scoring').getByLabel('Answer key').setInputFiles(csvFile('key.csv', keyCsv));
    await owner
      .locator('#scoring')
      .getByLabel('Inputs (without answers)')
      .setInputFiles(csvFile('inputs.csv', inputsCsv));
    await owner.locator('#scoring').getByRole('button', { name: 'Save scoring setup' }).click();
    await owner.waitForURL(`${site.baseUrl}/sponsor/parcel-lab/bounties/${bountyId}?done=scoring-attached`);
    await owner.getByText(/Scored by ROC AUC \(binary\) on 40 rows/).waitFor();

    const staff = await signedIn('staff@side-quest.example.com', '/account');
    grantStaff(site.dataDir, 'staff@side-quest.example.com');
    await staff.goto(`${site.baseUrl}/staff`);
    await staff.getByRole('button', { name: 'Approve “Predict which parcels arrive late”' }).click();
    await staff.waitForURL(`${site.baseUrl}/staff?done=approved`);

    // Frozen: the console shows the setup and no longer offers the form.
    await owner.goto(`${site.baseUrl}/sponsor/parcel-lab/bounties/${bountyId}`);
    await owner.getByText(/Scored by ROC AUC \(binary\) on 40 rows/).waitFor();
    expect(await owner.getByRole('button', { name: 'Save scoring setup' }).count()).toBe(0);
  }, 180_000);

  it('two entrants download the inputs, submit, send entries (a broken one first) and see public scores', async () => {
    ada = await signedIn('ada@example.com', '/account');
    await setProfile(ada, 'ada');
    bob = await signedIn('bob@example.com', '/account');
    await setProfile(bob, 'bob');
    const errors = watchErrors(ada);

    // The inputs, as an attachment: exactly the file the sponsor uploaded.
    await ada.goto(`${site.baseUrl}/submit/${bountyId}`);
    const [download] = await Promise.all([
      ada.waitForEvent('download'),
      ada.locator('#entries').getByRole('link', { name: 'Download inputs.csv' }).click(),
    ]);
    expect(fs.readFileSync((await download.path()) as string, 'utf8')).toBe(inputsCsv);

    await submitSolution(ada, bountyId, 'https://git.example/ada/late-parcels');
    await submitSolution(bob, bountyId, 'https://git.example/bob/late-parcels');

    // A broken file: its problems with their lines, not counted against the day.
    await sendEntry(ada, bountyId, 'broken.csv', `id,prediction\nparcel-000,0.5\nparcel-000,0.6\nnope,x\n`);
    const broken = entryRow(ada, 'broken.csv');
    await broken
      .getByText(/Line 3/)
      .first()
      .waitFor({ timeout: 30_000 });
    await ada.getByText('0 of 5 sent today').waitFor();

    // A good entry: its public score appears on the open page, without a reload.
    await sendEntry(
      ada,
      bountyId,
      'boosted.csv',
      entryCsv((i) => (target(i) ? 0.9 : 0.1)),
    );
    await entryRow(ada, 'boosted.csv').getByText('Public score').waitFor({ timeout: 30_000 });
    await ada.getByText('1 of 5 sent today').waitFor();
    await sendEntry(
      bob,
      bountyId,
      'coin.csv',
      entryCsv(() => 0.5),
    );
    await entryRow(bob, 'coin.csv').getByText('Public score').waitFor({ timeout: 30_000 });

    // The key is the team's alone: an entrant is offered no link to it, and asking for it is a 404.
    for (const page of [ada, bob])
      expect(
        await page
          .locator('#entries')
          .getByRole('link', { name: /key\.csv/ })
          .count(),
      ).toBe(0);
    const keyAnswer = await ada.request.get(`${site.baseUrl}/api/lifecycle/bounties/${bountyId}/files/key`);
    expect(keyAnswer.status()).toBe(404);
    expect(errors).toEqual([]);
  }, 180_000);

  it('without JavaScript an entry is sent by the plain form and the page refreshes itself to its score', async () => {
    const context = await launchBrowser({ contextOptions: { javaScriptEnabled: false } });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${site.baseUrl}/sign-in?next=${encodeURIComponent(`/submit/${bountyId}`)}`);
    await signInByCode(page, smtp, 'bob@example.com');
    await page.waitForURL(`${site.baseUrl}/submit/${bountyId}`);
    await sendEntry(
      page,
      bountyId,
      'plain.csv',
      entryCsv((i) => (target(i) ? 0.7 : 0.3)),
    );
    // The noscript refresh (every 5 s) brings the score in; no script runs.
    await entryRow(page, 'plain.csv').getByText('Public score').waitFor({ timeout: 30_000 });
  }, 120_000);

  it('the scoring panel and the entries panel pass axe at 390 and 1280 px', async () => {
    for (const width of [390, 1280]) {
      for (const [page, path] of [
        [owner, `/sponsor/parcel-lab/bounties/${bountyId}`],
        [ada, `/submit/${bountyId}`],
      ] as const) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${site.baseUrl}${path}`);
        await page.locator(path.startsWith('/submit') ? '#entries' : '#scoring').waitFor();
        expect(await seriousViolations(page)).toEqual([]);
      }
    }
  }, 120_000);
});
