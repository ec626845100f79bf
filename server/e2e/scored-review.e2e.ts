// Reviewing a scored bounty in the real browser against the composed production build (issue 45 items
// 6 and 7): the team sees each submission's public and private score and a copy flag (whose entry, and
// when), sorts by private score, and announces a winner out of the final leaderboard's order: refused
// without a public reason, taken with one, which the bounty page then shows. The setup and the entries
// go through the site's own forms over HTTP with each person's session (their pages have tests of their
// own); the review and the announcement go through the browser.
import type { Page } from 'playwright-core';
import { waitForInteractive } from '@side-quest/build/e2e';
import { moveDeadlinesBack } from '../src/testing/testClock';
import { seriousViolations, watchErrors } from './pageChecks';
import { grantStaff } from './people';
import { siteWithMail } from './siteWithMail';

const world = siteWithMail();
const { signedIn } = world;

const ROWS = 40;
const ids = Array.from({ length: ROWS }, (_, i) => `row-${String(i).padStart(3, '0')}`);
const target = (i: number) => (i % 2 === 0 ? 1 : 0);
const keyCsv = `id,target\n${ids.map((id, i) => `${id},${target(i)}`).join('\n')}\n`;
const inputsCsv = `id,feature\n${ids.map((id, i) => `${id},${i * 7}`).join('\n')}\n`;
const adaEntry = `id,prediction\n${ids.map((id, i) => `${id},${target(i) ? 0.9 : 0.1}`).join('\n')}\n`;
// Bob's entry says what Ada's does, in other digits and the other order: a copy once normalised.
const bobEntry = `id,prediction\n${[...ids]
  .reverse()
  .map((id) => `${id},${target(ids.indexOf(id)) ? '0.90' : '1e-1'}`)
  .join('\n')}\n`;

/** A form of the site posted with the page's session, as the page's own form would (303 expected). */
async function post(page: Page, path: string, body: { form?: Record<string, string>; multipart?: object }) {
  const answer = await page.request.post(`${world.site.baseUrl}${path}`, {
    ...body,
    headers: { Origin: world.site.baseUrl },
    maxRedirects: 0,
  } as Parameters<Page['request']['post']>[1]);
  if (answer.status() !== 303) throw new Error(`${path}: ${answer.status()} ${await answer.text()}`);
}
const csv = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

describe('reviewing a scored bounty in the browser', () => {
  let bountyId = '';
  let owner: Page;
  // Staff's signed-in page, from the first test (the second reads the staff pages with its session).
  let staffPage: Page;

  it('the team sees both scores and a copy flag, sorts by private score, and announces out of order with a reason', async () => {
    owner = await signedIn('owner@acme-lab.example.com', '/sponsor');
    await post(owner, '/sponsor', {
      multipart: { name: 'Acme Lab', slug: 'acme-lab', website: 'https://acme-lab.example.com' },
    });
    const posted = await owner.request.post(`${world.site.baseUrl}/sponsor/acme-lab/post`, {
      form: {
        title: 'Predict which parcels arrive late',
        description: 'A tabular data set of parcels. Predict the probability that each arrives late.',
        domain: 'AI/ML',
        criteria: 'Scores well on the hidden answers',
        submissionDeadline: new Date(Date.now() + 48 * 3600_000).toISOString().slice(0, 16),
        payoutMethods: 'wise',
        unclaimed: 'returned',
        intent: 'publish',
        prizes: '1000',
      },
      headers: { Origin: world.site.baseUrl },
      maxRedirects: 0,
    });
    bountyId = String(posted.headers().location).split('/')[4]!.split('?')[0]!;
    await post(owner, `/sponsor/acme-lab/bounties/${bountyId}/scoring`, {
      multipart: {
        metric: 'roc_auc',
        publicShare: '30',
        dailyEntries: '5',
        finalEntries: '2',
        licence: 'CC BY 4.0',
        key: csv('key.csv', keyCsv),
        inputs: csv('inputs.csv', inputsCsv),
      },
    });
    const staff = await signedIn('staff@side-quest.example.com', '/account');
    staffPage = staff;
    grantStaff(world.site.dataDir, 'staff@side-quest.example.com');
    await post(staff, '/staff/bounties/approve', { form: { id: bountyId } });

    for (const [handle, entry] of [
      ['ada', adaEntry],
      ['bob', bobEntry],
    ] as const) {
      const page = await signedIn(`${handle}@example.com`, '/account');
      await post(page, '/account/profile', {
        form: { name: handle, handle, country: 'DE', payoutMethod: 'wise' },
      });
      await post(page, `/submit/${bountyId}`, {
        form: {
          repository: `https://git.example/${handle}/late-parcels`,
          writeUp: 'Gradient boosting on the parcel features.',
          answers: 'See the entries.',
        },
      });
      await post(page, `/submit/${bountyId}/entries`, { multipart: { entry: csv('entry.csv', entry) } });
      // Each entry scored before the next is sent, so Ada's is the earlier.
      for (let tries = 0; ; tries += 1) {
        const mine = await (
          await page.request.get(`${world.site.baseUrl}/api/lifecycle/bounties/${bountyId}/entries`)
        ).json();
        if (!mine.waiting) break;
        if (tries > 300) throw new Error('not scored in time');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }

    // The deadline passes (the test clock): the final board is Ada first (a tie goes to the earlier entry).
    moveDeadlinesBack(world.site.dataDir, bountyId, 3);
    const errors = watchErrors(owner);
    await owner.goto(`${world.site.baseUrl}/sponsor/acme-lab/bounties/${bountyId}`);
    await waitForInteractive(owner);
    const card = (handle: string) =>
      owner
        .getByTestId('console-submission')
        .filter({ has: owner.getByRole('heading', { name: new RegExp(`^${handle}`) }) });
    await card('ada').getByText('Public score 1 · private score 1').waitFor();
    const flag = card('bob').getByTestId('copy-flag');
    await flag.getByText('Possible copy').waitFor();
    await flag.getByText(/has the same predictions as ada’s entry of/).waitFor();
    expect(await card('ada').getByTestId('copy-flag').count()).toBe(0);

    await owner.getByRole('link', { name: 'Private score' }).click();
    await owner.waitForURL(/\?sort=private#submissions-heading$/);
    await owner.getByText('Private score', { exact: true }).and(owner.locator('[aria-current]')).waitFor();

    // Prize 1 to Bob, the board's second: refused without a public reason, the choice kept.
    await owner.getByLabel('Prize 1: $1,000').selectOption({ label: 'bob (total 0)' });
    await owner.getByRole('button', { name: 'Announce winners' }).click();
    await owner
      .getByText(
        'Prize 1 goes to someone other than the 1st eligible entrant of the final leaderboard: give a public reason of at least 10 characters.',
      )
      .waitFor();
    expect(await owner.getByLabel('Prize 1: $1,000').inputValue()).not.toBe('');
    const reason = 'Ada’s entry arrived from a shared notebook; Bob’s method is his own.';
    await owner.locator('html[data-interactive]').waitFor({ state: 'attached' });
    await owner.getByLabel('Prize 1: $1,000').selectOption({ label: 'bob (total 0)' });
    await owner
      .getByLabel(
        'Public reason, if prize 1 does not go to the 1st eligible entrant of the final leaderboard',
      )
      .fill(reason);
    await owner.getByRole('button', { name: 'Announce winners' }).click();
    await owner.waitForURL(/done=announced$/);
    // The refused announcement's page answered 400 on purpose; nothing else failed.
    expect(errors.filter((error) => !error.includes('status of 400'))).toEqual([]);

    const visitorContext = await world.browser({ viewport: { width: 390, height: 844 } });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${world.site.baseUrl}/bounty/${bountyId}`);
    await visitor
      .getByText(`Chosen out of the leaderboard’s order. The sponsor’s reason: ${reason}`)
      .waitFor();
    // The sponsor's record counts it, with the reason.
    const record = await visitorContext.newPage();
    await record.goto(`${world.site.baseUrl}/sponsors/acme-lab`);
    const outOfOrder = record.getByRole('region', {
      name: 'Winners chosen out of the leaderboard’s order (1)',
    });
    await outOfOrder.getByText(`prize 1: “${reason}”`).waitFor();
    if (process.env.SQ_SHOTS) {
      await record.screenshot({ path: `${process.env.SQ_SHOTS}/sponsor-390.png`, fullPage: true });
      await owner.goto(`${world.site.baseUrl}/sponsor/acme-lab/bounties/${bountyId}?sort=private`);
      await owner.screenshot({ path: `${process.env.SQ_SHOTS}/console-1280.png`, fullPage: true });
      await visitor.screenshot({ path: `${process.env.SQ_SHOTS}/bounty-390.png`, fullPage: true });
    }
  }, 240_000);

  it('staff read the scores page without JavaScript: both scores, the copy flag, sorting by links; axe at 390 and 1280 px', async () => {
    // Staff's session from the first test, then in a browser that runs no script: the staff pages
    // are server-rendered HTML.
    staffPage.setDefaultTimeout(15_000);
    await staffPage.goto(`${world.site.baseUrl}/staff`);
    await staffPage.getByRole('link', { name: 'Scored bounties' }).click();
    await staffPage.getByRole('heading', { level: 1, name: 'Scored bounties' }).waitFor();
    const noScript = await world.browser({
      viewport: { width: 390, height: 844 },
      contextOptions: { javaScriptEnabled: false },
    });
    await noScript.addCookies(await staffPage.context().cookies());
    const page = await noScript.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${world.site.baseUrl}/staff/scored-bounties`);
    await page.getByRole('link', { name: 'Predict which parcels arrive late' }).click();
    await page.waitForURL(`${world.site.baseUrl}/staff/scored-bounties/${bountyId}`);
    await page
      .getByRole('heading', { level: 1, name: 'Scores: Predict which parcels arrive late' })
      .waitFor();
    const row = (handle: string) =>
      page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: handle, exact: true }) });
    // Public score, private score, scored entries, copy flags (after the submission's state and time).
    expect((await row('ada').getByRole('cell').allTextContents()).slice(1)).toEqual(['1', '1', '1', 'None']);
    expect((await row('bob').getByRole('cell').allTextContents()).slice(1, 4)).toEqual(['1', '1', '1']);
    await row('bob')
      .getByText(/^Entry of .* UTC has the same predictions as ada’s entry of .* UTC\.$/)
      .waitFor();
    const order = () => page.getByRole('rowheader').allTextContents();
    expect(await order()).toEqual(['ada', 'bob']);
    await page.getByRole('link', { name: 'Copy flags' }).click();
    await page.waitForURL(/\?sort=flags#submissions$/);
    expect(await order()).toEqual(['bob', 'ada']);
    expect(await page.locator('a[aria-current]').textContent()).toBe('Copy flags');

    // axe runs its script in the page: in the browser that runs scripts (the pages have none of their own).
    const found: string[] = [];
    for (const width of [390, 1280]) {
      await staffPage.setViewportSize({ width, height: 900 });
      for (const path of ['/staff/scored-bounties', `/staff/scored-bounties/${bountyId}?sort=private`]) {
        await staffPage.goto(`${world.site.baseUrl}${path}`);
        await staffPage.getByRole('heading', { level: 1 }).waitFor();
        for (const violation of await seriousViolations(staffPage))
          found.push(`${width} ${path} ${violation}`);
        // Nothing wider than the screen: the table scrolls inside its own box.
        expect(await staffPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          width,
        );
        if (process.env.SQ_SHOTS)
          await staffPage.screenshot({
            path: `${process.env.SQ_SHOTS}/staff-scores-${path.includes('sort') ? 'bounty' : 'list'}-${width}.png`,
            fullPage: true,
          });
      }
    }
    expect(found).toEqual([]);
  }, 120_000);
});
