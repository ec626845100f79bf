// Scored bounties in the real browser against the composed production build, with a real SMTP server
// (issue 45, items 2 and 3): a sponsor posts a bounty with its scoring setup (an answer key and inputs)
// on the post form, a broken key first (the draft kept, its problems by line), staff approve, two entrants download the inputs, submit, and send
// entries (one a broken file first, its problems listed with their lines and not counted); each sees
// its public score appear without reloading. The key is never offered to an entrant. Also the
// entry form without JavaScript (the page refreshes itself to the score), and axe on the post form with
// its scoring fieldset, the console's scoring panel and the entries panel at 390 and 1280 px; at the
// deadline (the test clock) each entrant gets the reveal's e-mail with their own private score only.
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { overflowsViewport } from '@side-quest/build/e2e';
import { moveDeadlinesBack } from '../src/testing/testClock';
import { seriousViolations, watchErrors } from './pageChecks';
import { grantStaff, signInByCode } from './people';
import { ready, siteWithMail } from './siteWithMail';

const world = siteWithMail();
const { signedIn, setProfile } = world;

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
  await page.goto(`${world.site.baseUrl}/submit/${bountyId}`);
  await ready(page);
  await page.getByLabel('Repository link').fill(repository);
  await page.getByLabel('Write-up (markdown)').fill('Gradient boosting on the distance and the weekday.');
  await page.getByLabel('Scores well on the hidden answers').fill('See the entries below.');
  await page.getByRole('button', { name: 'Submit solution' }).click();
  await page.waitForURL(`${world.site.baseUrl}/account/submissions?done=submitted`);
}

async function sendEntry(page: Page, bountyId: string, name: string, text: string) {
  await page.goto(`${world.site.baseUrl}/submit/${bountyId}#entries`);
  await ready(page);
  await page.getByLabel('Entry (CSV)').setInputFiles(csvFile(name, text));
  await page.getByRole('button', { name: 'Send entry' }).click();
  await page.waitForURL(`${world.site.baseUrl}/submit/${bountyId}?done=entry-queued#entries`);
}

const entryRow = (page: Page, fileName: string) =>
  page.getByRole('listitem').filter({ hasText: `${fileName}, sent` });

describe('scored bounties in the browser', () => {
  let bountyId = '';
  let owner: Page;
  let ada: Page;
  let bob: Page;

  /** The post form filled: the bounty's text and, in its scoring fieldset, the metric, licence and files. */
  async function fillPostForm(page: Page, title: string, key: string) {
    await page.goto(`${world.site.baseUrl}/sponsor/parcel-lab/post`);
    await ready(page);
    await page.getByLabel('Title').fill(title);
    await page
      .getByLabel('Description (markdown)')
      .fill('A tabular data set of parcels. Predict the probability that each arrives late.');
    await page.getByLabel('Acceptance criteria, one per line').fill('Scores well on the hidden answers');
    await page.getByLabel('Prize 1', { exact: true }).fill('1000');
    await page
      .getByLabel('Submission deadline (UTC)')
      .fill(new Date(Date.now() + 48 * 3600_000).toISOString().slice(0, 16));
    await page.getByLabel('Wise').check();
    const scoring = page.getByRole('group', { name: 'Scoring (optional)' });
    await scoring.getByLabel('Scored against answers you keep').check();
    await scoring.getByLabel('Metric').selectOption('roc_auc');
    await scoring.getByLabel('Public share of the rows (%)').fill('40');
    await scoring.getByLabel('Licence of the data').fill('CC BY 4.0');
    await scoring.getByLabel('Answer key').setInputFiles(csvFile('key.csv', key));
    await scoring.getByLabel('Inputs (without answers)').setInputFiles(csvFile('inputs.csv', inputsCsv));
  }

  it('a sponsor posts a scored bounty with its setup on the post form; staff approve; the setup is frozen', async () => {
    owner = await signedIn('owner@parcel-lab.example.com', '/sponsor');
    await owner.getByLabel('Organisation name').fill('Parcel Lab');
    await owner.getByLabel('Address on Side Quest').fill('parcel-lab');
    await owner.getByLabel('Website').fill('https://parcel-lab.example.com');
    await owner.getByRole('button', { name: 'Create organisation' }).click();
    await owner.waitForURL(`${world.site.baseUrl}/sponsor/parcel-lab?done=created`);

    // A broken key: the bounty is kept as a draft (nothing typed lost, nothing sent to staff) and its
    // page lists the key's problems by line, with the setup's fields as typed.
    await fillPostForm(owner, 'Late parcels, a first try', `${keyCsv}parcel-001,1\n`);
    const [refused] = await Promise.all([
      owner.waitForResponse((response) => response.request().method() === 'POST'),
      owner.getByRole('button', { name: 'Send for approval' }).click(),
    ]);
    expect(refused.status()).toBe(422);
    await owner.getByText(/Line 42/).waitFor();
    await owner
      .getByText('Your bounty is saved as a draft, without a scoring setup. The answer key has problems.')
      .waitFor();
    await owner.getByRole('heading', { name: 'Late parcels, a first try' }).waitFor();
    await ready(owner);
    const scoringPanel = owner.locator('#scoring');
    expect(await scoringPanel.getByLabel('Licence of the data').inputValue()).toBe('CC BY 4.0');
    expect(await scoringPanel.getByLabel('Public share of the rows (%)').inputValue()).toBe('40');
    await owner.goto(`${world.site.baseUrl}/sponsor/parcel-lab/post`);
    const draft = owner.getByRole('listitem').filter({ hasText: 'Late parcels, a first try' });
    await draft.getByText('Draft').waitFor();

    // The good key: one submission makes the bounty with its setup, sent to staff.
    await fillPostForm(owner, 'Predict which parcels arrive late', keyCsv);
    await owner.getByRole('button', { name: 'Send for approval' }).click();
    await owner.waitForURL(/\/sponsor\/parcel-lab\/bounties\/sq-[0-9a-f]{8}\?done=pending$/);
    bountyId = new URL(owner.url()).pathname.split('/')[4] as string;
    await owner.getByText(/Scored by ROC AUC \(binary\) on 40 rows: 40% public/).waitFor();

    const staff = await signedIn('staff@side-quest.example.com', '/account');
    grantStaff(world.site.dataDir, 'staff@side-quest.example.com');
    await staff.goto(`${world.site.baseUrl}/staff`);
    await staff.getByRole('button', { name: 'Approve “Predict which parcels arrive late”' }).click();
    await staff.waitForURL(`${world.site.baseUrl}/staff?done=approved`);

    // Frozen: the console shows the setup and no longer offers the form.
    await owner.goto(`${world.site.baseUrl}/sponsor/parcel-lab/bounties/${bountyId}`);
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
    await ada.goto(`${world.site.baseUrl}/submit/${bountyId}`);
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
    const keyAnswer = await ada.request.get(
      `${world.site.baseUrl}/api/lifecycle/bounties/${bountyId}/files/key`,
    );
    expect(keyAnswer.status()).toBe(404);
    expect(errors).toEqual([]);
  }, 180_000);

  it('without JavaScript an entry is sent by the plain form and the page refreshes itself to its score', async () => {
    const context = await world.browser({ contextOptions: { javaScriptEnabled: false } });
    const page = await context.newPage();
    await page.goto(`${world.site.baseUrl}/sign-in?next=${encodeURIComponent(`/submit/${bountyId}`)}`);
    await signInByCode(page, world.smtp, 'bob@example.com');
    await page.waitForURL(`${world.site.baseUrl}/submit/${bountyId}`);
    await sendEntry(
      page,
      bountyId,
      'plain.csv',
      // Right on two rows of three: a private score of its own (below the other entrant's perfect one).
      entryCsv((i) => (i % 3 === 0 ? (target(i) ? 0.3 : 0.7) : target(i) ? 0.7 : 0.3)),
    );
    // The noscript refresh (every 5 s) brings the score in; no script runs.
    await entryRow(page, 'plain.csv').getByText('Public score').waitFor({ timeout: 30_000 });
  }, 120_000);

  it('the post form, the scoring panel and the entries panel pass axe at 390 and 1280 px', async () => {
    for (const width of [390, 1280]) {
      for (const [page, path, shown] of [
        [owner, '/sponsor/parcel-lab/post', 'fieldset'],
        [owner, `/sponsor/parcel-lab/bounties/${bountyId}`, '#scoring'],
        [ada, `/submit/${bountyId}`, '#entries'],
      ] as const) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${world.site.baseUrl}${path}`);
        await page.locator(shown).first().waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        // The post form with its scoring fieldset fits a phone.
        if (shown === 'fieldset') expect(await overflowsViewport(page)).toBe(false);
      }
    }
  }, 120_000);

  it('the deadline passes: each entrant is mailed their own final place and private score, no one else’s', async () => {
    const since = world.smtp.received.length;
    // The test clock: the submission deadline is three days ago; the server reveals within seconds.
    moveDeadlinesBack(world.site.dataDir, bountyId, 3);
    const subject = 'Final leaderboard: Predict which parcels arrive late';
    const [toAda, toBob] = await Promise.all(
      ['ada@example.com', 'bob@example.com'].map((address) =>
        world.smtp.nextMessageTo(address, { since, subject, timeoutMs: 30_000 }),
      ),
    );
    const privateScores = (text: string) =>
      [...text.matchAll(/private score of (-?\d+(?:\.\d+)?)\./g)].map((match) => Number(match[1]));
    const adaText = toAda!.text ?? '';
    const bobText = toBob!.text ?? '';
    // Each mail holds one private score, its own: Ada's entries were right on every row, Bob's were not.
    expect(privateScores(adaText)).toEqual([1]);
    expect(privateScores(bobText)).toHaveLength(1);
    expect(privateScores(bobText)[0]).toBeLessThan(1);
    expect(adaText).toContain('You placed 1 of 2');
    expect(bobText).toContain('You placed 2 of 2');
    expect(adaText).not.toMatch(/bob/i);
    expect(bobText).not.toMatch(/ada/i);
    // One mail each.
    expect(world.smtp.received.slice(since).filter((mail) => mail.subject === subject)).toHaveLength(2);
    expect(adaText).toContain(`/bounty/${bountyId}/leaderboard`);

    // The board the mail links to is the revealed one.
    await ada.goto(`${world.site.baseUrl}/bounty/${bountyId}/leaderboard`);
    await ada
      .getByTestId('leaderboard-phase')
      .getByText(/this is the final board/)
      .waitFor();

    // The team publishes the answer key: the entrant's page and the board link to it, and it downloads.
    const keyPath = `/api/lifecycle/bounties/${bountyId}/files/key`;
    expect(await ada.getByRole('link', { name: 'download the answer key' }).count()).toBe(0);
    await owner.goto(`${world.site.baseUrl}/sponsor/parcel-lab/bounties/${bountyId}`);
    await ready(owner);
    await owner.getByRole('button', { name: 'Publish the answer key' }).click();
    await owner.waitForURL(
      `${world.site.baseUrl}/sponsor/parcel-lab/bounties/${bountyId}?done=key-published#scoring`,
    );
    await ada.goto(`${world.site.baseUrl}/submit/${bountyId}`);
    const keyLink = ada.locator('#entries').getByRole('link', { name: 'Download the answer key' });
    expect(await keyLink.getAttribute('href')).toBe(keyPath);
    const keyAnswer = await ada.request.get(`${world.site.baseUrl}${keyPath}`);
    expect(keyAnswer.status()).toBe(200);
    expect(await keyAnswer.text()).toBe(keyCsv);
    await ada.goto(`${world.site.baseUrl}/bounty/${bountyId}/leaderboard`);
    expect(await ada.getByRole('link', { name: 'download the answer key' }).getAttribute('href')).toBe(
      keyPath,
    );
  }, 120_000);
});
