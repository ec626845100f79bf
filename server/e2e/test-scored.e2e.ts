// Test-scored bounties in the real browser against the composed production build, with the real runner
// and sandbox the server starts beside it and a real SMTP server (issue 56, "Tests: Browser"): a sponsor
// posts a bounty and attaches public and hidden tests and a reference on its console, staff approve once
// the reference's runs pass, two entrants download the public tests, one sends a failing entry then a
// passing one, the other a passing one; both see per-test public results and nothing hidden; the
// deadline passes (the test clock), the hidden runs decide the final board and the mail; the team reads
// a run's log. Also axe at 390 and 1280 px, and the entry form and console without JavaScript.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { moveDeadlinesBack } from '../src/testing/testClock';
import { tarGzOf } from '../src/testing/testRunners';
import { seriousViolations, watchErrors } from './pageChecks';
import { grantStaff, signInByCode } from './people';
import { ready, siteWithMail } from './siteWithMail';

// As the server makes DATA_DIR (0755): the sandbox's own user reaches the layers the runner binds from it.
const world = siteWithMail({
  dataDir: () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-test-scored-'));
    fs.chmodSync(dataDir, 0o755);
    return dataDir;
  },
});
const { signedIn, setProfile } = world;

// The task: a function that adds. Two public tests; one hidden test, on negatives, that the public
// ones do not reach; a wrong solution passes one public test, a naive one both public tests only.
const testFile = (cases: Array<[string, string]>) =>
  [
    "const test = require('node:test');",
    "const assert = require('node:assert');",
    "const add = require('../add.js');",
    ...cases.map(([name, body]) => `test(${JSON.stringify(name)}, () => { ${body} });`),
  ].join('\n');
const HIDDEN_NAME = 'sums two negatives';
const PUBLIC_TESTS = tarGzOf({
  'add.test.js': testFile([
    ['adds two numbers', 'assert.strictEqual(add(1, 2), 3);'],
    ['adds zero', 'assert.strictEqual(add(0, 5), 5);'],
  ]),
});
const HIDDEN_TESTS = tarGzOf({
  'hidden.test.js': testFile([[HIDDEN_NAME, 'assert.strictEqual(add(-1, -2), -3);']]),
});
const archive = (name: string, source: string) => ({
  name,
  mimeType: 'application/gzip',
  buffer: tarGzOf({ 'add.js': source }),
});
const REFERENCE = archive('reference.tar.gz', 'module.exports = (a, b) => a + b;\n');
const FAILING = archive('first-try.tar.gz', 'module.exports = (a, b) => a + b + (b === 5 ? 1 : 0);\n');
const PASSING = archive('fixed.tar.gz', 'module.exports = (a, b) => a + b;\n');
// Passes both public tests and fails the hidden one: the final board orders the entrants differently.
const NAIVE = archive('naive.tar.gz', 'module.exports = (a, b) => (a < 0 ? 0 : a + b);\n');

const TITLE = 'Make the adder add';

async function sendEntry(page: Page, bountyId: string, file: ReturnType<typeof archive>) {
  await page.goto(`${world.site.baseUrl}/submit/${bountyId}#entries`);
  await ready(page);
  await page.getByLabel('Entry (ZIP, tar.gz or git bundle)').setInputFiles(file);
  await page.getByRole('button', { name: 'Send entry' }).click();
  await page.waitForURL(`${world.site.baseUrl}/submit/${bountyId}?done=entry-queued#entries`);
}

const entryRow = (page: Page, fileName: string) =>
  page.getByRole('listitem').filter({ hasText: `${fileName}, sent` });

async function submitSolution(page: Page, bountyId: string, repository: string) {
  await page.goto(`${world.site.baseUrl}/submit/${bountyId}`);
  await ready(page);
  await page.getByLabel('Repository link').fill(repository);
  await page.getByLabel('Write-up (markdown)').fill('One line of JavaScript: the sum of both arguments.');
  await page.getByLabel('Passes the sponsor’s tests').fill('See the entries below.');
  await page.getByRole('button', { name: 'Submit solution' }).click();
  await page.waitForURL(`${world.site.baseUrl}/account/submissions?done=submitted`);
}

describe('test-scored bounties in the browser', () => {
  let bountyId = '';
  let owner: Page;
  let staff: Page;
  let ada: Page;
  let bob: Page;
  const consolePath = () => `/sponsor/adder-works/bounties/${bountyId}`;

  it('a sponsor attaches tests and a reference on the console; staff approve once its runs pass', async () => {
    owner = await signedIn('owner@adder-works.example.com', '/sponsor');
    await owner.getByLabel('Organisation name').fill('Adder Works');
    await owner.getByLabel('Address on Side Quest').fill('adder-works');
    await owner.getByLabel('Website').fill('https://adder-works.example.com');
    await owner.getByRole('button', { name: 'Create organisation' }).click();
    await owner.waitForURL(`${world.site.baseUrl}/sponsor/adder-works?done=created`);

    await owner.goto(`${world.site.baseUrl}/sponsor/adder-works/post`);
    await ready(owner);
    await owner.getByLabel('Title').fill(TITLE);
    await owner
      .getByLabel('Description (markdown)')
      .fill('Write `add(a, b)` in `add.js`, exported as the module.');
    await owner.getByLabel('Acceptance criteria, one per line').fill('Passes the sponsor’s tests');
    await owner.getByLabel('Prize 1', { exact: true }).fill('500');
    await owner
      .getByLabel('Submission deadline (UTC)')
      .fill(new Date(Date.now() + 48 * 3600_000).toISOString().slice(0, 16));
    await owner.getByLabel('Wise').check();
    await owner.getByRole('button', { name: 'Save draft' }).click();
    await owner.waitForURL(/\/sponsor\/adder-works\/bounties\/sq-[0-9a-f]{8}\?done=drafted$/);
    bountyId = new URL(owner.url()).pathname.split('/')[4] as string;

    // The draft console's test setup: the runtime a live runner offers, limits, licence and the archives.
    await ready(owner);
    const panel = owner.locator('#test-scoring');
    await panel.getByLabel('Runtime').selectOption('node20');
    await panel.getByLabel('Time limit per run (seconds)').fill('30');
    await panel.getByLabel('Memory limit per run (MiB)').fill('512');
    await panel.getByLabel('Entries per person per UTC day').fill('3');
    await panel.getByLabel('Final entries each person chooses').fill('1');
    await panel.getByLabel('Licence of the tests').fill('MIT');
    await panel.getByLabel('Public tests').setInputFiles({
      name: 'public-tests.tar.gz',
      mimeType: 'application/gzip',
      buffer: PUBLIC_TESTS,
    });
    await panel.getByLabel('Hidden tests').setInputFiles({
      name: 'hidden-tests.tar.gz',
      mimeType: 'application/gzip',
      buffer: HIDDEN_TESTS,
    });
    await panel.getByLabel('Reference solution').setInputFiles(REFERENCE);
    await panel.getByRole('button', { name: 'Save test setup' }).click();
    await owner.waitForURL((url) => url.pathname === consolePath());

    // The reference runs three times with each test set, queued to the runner; staff approval waits.
    staff = await signedIn('staff@side-quest.example.com', '/account');
    grantStaff(world.site.dataDir, 'staff@side-quest.example.com');
    const passed = 'The reference solution passed all 6 runs.';
    const end = Date.now() + 120_000;
    for (;;) {
      await owner.goto(`${world.site.baseUrl}${consolePath()}`);
      const status = await owner.locator('#test-scoring [role="status"]').first().textContent();
      if (status === passed) break;
      expect(status).toMatch(/reference runs done; staff approval waits for all of them\.$/);
      if (Date.now() > end) throw new Error(`The reference runs did not pass in time: ${status}`);
      await owner.waitForTimeout(1000);
    }
    await owner.getByText('2 public and 1 hidden tests.', { exact: false }).waitFor();
    await owner.getByTestId('honesty-note').waitFor();
    await ready(owner);
    await owner.getByRole('button', { name: 'Publish bounty' }).click();
    await owner.waitForURL(`${world.site.baseUrl}${consolePath()}?done=pending`);

    await staff.goto(`${world.site.baseUrl}/staff`);
    await staff.getByRole('button', { name: `Approve “${TITLE}”` }).click();
    await staff.waitForURL(`${world.site.baseUrl}/staff?done=approved`);
    // Frozen at approval: the console shows the setup and no longer offers its form.
    await owner.goto(`${world.site.baseUrl}${consolePath()}`);
    await owner.getByText(passed).waitFor();
    expect(await owner.getByRole('button', { name: 'Save test setup' }).count()).toBe(0);
  }, 240_000);

  it('two entrants download the public tests and see per-test public results, and nothing hidden', async () => {
    ada = await signedIn('ada@example.com', '/account');
    await setProfile(ada, 'ada');
    bob = await signedIn('bob@example.com', '/account');
    await setProfile(bob, 'bob');
    const errors = watchErrors(ada);

    await submitSolution(ada, bountyId, 'https://git.example/ada/adder');
    await submitSolution(bob, bountyId, 'https://git.example/bob/adder');

    // The public tests, as an attachment: exactly the archive the sponsor uploaded.
    await ada.goto(`${world.site.baseUrl}/submit/${bountyId}`);
    const [download] = await Promise.all([
      ada.waitForEvent('download'),
      ada
        .locator('#entries')
        .getByRole('link', { name: /^Download the public tests \(public-tests\.tar\.gz, / })
        .click(),
    ]);
    expect(fs.readFileSync((await download.path()) as string)).toEqual(PUBLIC_TESTS);
    // The hidden tests and the reference are the team's alone.
    for (const kind of ['hiddenTests', 'reference'])
      expect(
        (
          await ada.request.get(`${world.site.baseUrl}/api/lifecycle/bounties/${bountyId}/files/${kind}`)
        ).status(),
      ).toBe(404);

    // A failing entry: which public test failed, with the start of its failure, on the open page.
    await sendEntry(ada, bountyId, FAILING);
    const failing = entryRow(ada, 'first-try.tar.gz');
    await failing.getByText('1 of 2 tests passed').waitFor({ timeout: 60_000 });
    const failedTests = failing.getByRole('list', { name: 'Public tests of first-try.tar.gz' });
    expect(await failedTests.getByRole('listitem').first().textContent()).toMatch(/^adds zero: Failed/);
    await failedTests.getByText('Failure').first().click();
    expect(await failing.getByLabel('Failure of adds zero').textContent()).toMatch(/6 !== 5|Expected/);

    // Then a passing one, and the other entrant's naive one.
    await sendEntry(ada, bountyId, PASSING);
    await entryRow(ada, 'fixed.tar.gz').getByText('2 of 2 tests passed').waitFor({ timeout: 60_000 });
    await sendEntry(bob, bountyId, NAIVE);
    await entryRow(bob, 'naive.tar.gz').getByText('2 of 2 tests passed').waitFor({ timeout: 60_000 });
    expect(await ada.getByText('2 of 3 sent today').count()).toBe(1);

    // Nothing of the hidden tests reaches an entrant: not their name, their count or a run of them.
    for (const page of [ada, bob]) {
      await page.goto(`${world.site.baseUrl}/submit/${bountyId}`);
      await page
        .locator('#entries')
        .getByText(/tests passed/)
        .first()
        .waitFor();
      const text = (await page.locator('main').textContent()) ?? '';
      expect(text).not.toContain(HIDDEN_NAME);
      expect(text).not.toMatch(/hidden tests? passed/);
      const entries = await page.request.get(
        `${world.site.baseUrl}/api/lifecycle/bounties/${bountyId}/entries`,
      );
      expect(await entries.text()).not.toContain(HIDDEN_NAME);
    }
    expect(errors).toEqual([]);
  }, 240_000);

  it('without JavaScript an entry is sent by the plain form and the page refreshes itself to its results', async () => {
    const context = await world.browser({ contextOptions: { javaScriptEnabled: false } });
    const page = await context.newPage();
    await page.goto(`${world.site.baseUrl}/sign-in?next=${encodeURIComponent(`/submit/${bountyId}`)}`);
    await signInByCode(page, world.smtp, 'bob@example.com');
    await page.waitForURL(`${world.site.baseUrl}/submit/${bountyId}`);
    // Worse than Bob's naive entry, which stays his best public one and so his final entry.
    await sendEntry(page, bountyId, archive('plain.tar.gz', 'module.exports = (a, b) => a - b;\n'));
    // The noscript refresh brings the results in; no script runs.
    await entryRow(page, 'plain.tar.gz').getByText('0 of 2 tests passed').waitFor({ timeout: 60_000 });

    // The team's console, rendered by the server: the setup, the reference's runs and every entry's run.
    const teamContext = await world.browser({ contextOptions: { javaScriptEnabled: false } });
    const team = await teamContext.newPage();
    await team.goto(`${world.site.baseUrl}/sign-in?next=${encodeURIComponent(consolePath())}`);
    await signInByCode(team, world.smtp, 'owner@adder-works.example.com');
    await team.waitForURL(`${world.site.baseUrl}${consolePath()}`);
    await team.getByText('The reference solution passed all 6 runs.').waitFor();
    await team.getByRole('heading', { name: 'plain.tar.gz, public tests' }).waitFor();
  }, 180_000);

  it('the console, the entries panel and the board pass axe at 390 and 1280 px', async () => {
    for (const width of [390, 1280]) {
      for (const [page, pagePath, shown] of [
        [owner, consolePath(), '#test-scoring'],
        [ada, `/submit/${bountyId}`, '#entries'],
        [ada, `/bounty/${bountyId}/leaderboard`, 'table'],
      ] as const) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${world.site.baseUrl}${pagePath}`);
        await page.locator(shown).first().waitFor();
        expect(await seriousViolations(page)).toEqual([]);
      }
    }
  }, 120_000);

  it('the deadline passes: hidden runs decide the final board and the mail; the team reads a run’s log', async () => {
    // Before the deadline: the public board ranks both entrants by public tests passed, tied at 2.
    await ada.goto(`${world.site.baseUrl}/bounty/${bountyId}/leaderboard`);
    await ada.getByRole('columnheader', { name: 'Tests passed' }).waitFor();

    const since = world.smtp.received.length;
    moveDeadlinesBack(world.site.dataDir, bountyId, 3);
    const subject = `Final leaderboard: ${TITLE}`;
    const [toAda, toBob] = await Promise.all(
      ['ada@example.com', 'bob@example.com'].map((address) =>
        world.smtp.nextMessageTo(address, { since, subject, timeoutMs: 120_000 }),
      ),
    );
    // Ada's final entry passes the hidden test, Bob's best public ones do not.
    expect(toAda!.text).toContain('You placed 1 of 2, with 1 hidden test passed.');
    expect(toBob!.text).toContain('You placed 2 of 2, with 0 hidden tests passed.');

    await ada.goto(`${world.site.baseUrl}/bounty/${bountyId}/leaderboard`);
    await ada
      .getByTestId('leaderboard-phase')
      .getByText(/this is the final board/)
      .waitFor();
    // Ranked by hidden tests passed (entrants are named only where their profile is public).
    const rows = ada.locator('table tbody tr');
    const cells = (row: number) => rows.nth(row).locator('th, td').allTextContents();
    expect((await cells(0)).slice(0, 3)).toEqual(['1', 'Entrant 1', '1']);
    expect((await cells(1)).slice(0, 3)).toEqual(['2', 'Entrant 2', '0']);

    // The team reads each run with its log, the hidden ones included.
    await owner.goto(`${world.site.baseUrl}${consolePath()}`);
    await ready(owner);
    const hiddenRun = owner.getByRole('listitem').filter({
      has: owner.getByRole('heading', { name: 'naive.tar.gz, hidden tests' }),
    });
    await hiddenRun.getByText('0 of 1 tests passed').waitFor();
    await hiddenRun.getByText('Log', { exact: true }).click();
    expect(await hiddenRun.getByLabel('Log of naive.tar.gz, hidden tests').textContent()).toContain(
      HIDDEN_NAME,
    );
  }, 240_000);
});
