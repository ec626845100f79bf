// The bounty lifecycle in the real browser against the composed production build, with a real SMTP
// server: an unverified sponsor posts, staff approve, two talents submit, the team reviews, rejects one
// with a reason, announces, records the payment, and the winner confirms it from the e-mailed link;
// another winner reports a payment missing and staff resolve it. Also: the forms without JavaScript,
// axe on the new pages at 390 and 1280 px, and a fresh start's demo history.
import type { Page } from 'playwright-core';
import { startSite, waitForInteractive, type RunningSite } from '@side-quest/build/e2e';
import { moveDeadlinesBack } from '../src/testing/testClock';
import { seriousViolationsAtWidths, seriousViolationsOfStateAtWidths, watchErrors } from './pageChecks';
import { grantStaff } from './people';
import { ready, siteWithMail } from './siteWithMail';

const world = siteWithMail();
const { browser, signedIn, setProfile } = world;

const deadlineIn = (hours: number) =>
  new Date(Date.now() + hours * 60 * 60 * 1000).toISOString().slice(0, 16);

async function postBounty(page: Page, title: string): Promise<string> {
  await page.goto(`${world.site.baseUrl}/sponsor/acme-lab/post`);
  await page.getByLabel('Title').fill(title);
  await page
    .getByLabel('Description (markdown)')
    .fill(
      'The nightly import stops at the **first bad row**. Make it resume where it stopped.\n\n<script>window.hacked = 1</script>',
    );
  await page
    .getByLabel('Acceptance criteria, one per line')
    .fill('Resumes after a crash\nKeeps the order of rows');
  await page.getByLabel('Prize 1', { exact: true }).fill('1500');
  await page.getByLabel('Prize 2', { exact: true }).fill('500');
  await page.getByLabel('Submission deadline (UTC)').fill(deadlineIn(48));
  await page.getByLabel('Wise').check();
  await page.getByRole('button', { name: 'Send for approval' }).click();
  await page.waitForURL(/\/sponsor\/acme-lab\/bounties\/sq-[0-9a-f]{8}\?done=pending$/);
  await page.getByText('The bounty is sent to Side Quest staff for approval.').waitFor();
  return new URL(page.url()).pathname.split('/')[4] as string;
}

async function submit(page: Page, bountyId: string, repository: string) {
  await page.goto(`${world.site.baseUrl}/bounty/${bountyId}`);
  await page.getByRole('link', { name: 'Submit a solution' }).click();
  await page.waitForURL(`${world.site.baseUrl}/submit/${bountyId}`);
  await page.getByLabel('Repository link').fill(repository);
  await page.getByLabel('Write-up (markdown)').fill('A checkpoint table records the last committed row.');
  await page.getByLabel('Resumes after a crash').fill('A kill -9 test resumes from the checkpoint.');
  await page.getByLabel('Keeps the order of rows').fill('Tested with 10,000 rows in order.');
  await page.getByRole('button', { name: 'Submit solution' }).click();
  await page.waitForURL(`${world.site.baseUrl}/account/submissions?done=submitted`);
}

const submissionCard = (page: Page, handle: string) =>
  page
    .getByTestId('console-submission')
    .filter({ has: page.getByRole('heading', { name: new RegExp(`^${handle}`) }) });

describe('the lifecycle in the browser', () => {
  let bountyId = '';
  let owner: Page;
  let staff: Page;
  let ada: Page;
  let bob: Page;

  it('an unverified sponsor posts with two prize slots; staff approve; the bounty is public', async () => {
    owner = await signedIn('owner@acme-lab.example.com', '/sponsor');
    await owner.getByLabel('Organisation name').fill('Acme Lab');
    await owner.getByLabel('Address on Side Quest').fill('acme-lab');
    await owner.getByLabel('Website').fill('https://acme-lab.example.com');
    await owner.getByRole('button', { name: 'Create organisation' }).click();
    await owner.waitForURL(`${world.site.baseUrl}/sponsor/acme-lab?done=created`);
    await owner.getByRole('link', { name: 'Post a bounty' }).click();
    await owner.waitForURL(`${world.site.baseUrl}/sponsor/acme-lab/post`);
    bountyId = await postBounty(owner, 'Make the nightly importer resumable');

    // Staff sign in once as anyone does; the command line then gives them the role.
    staff = await signedIn('staff@side-quest.example.com', '/account');
    grantStaff(world.site.dataDir, 'staff@side-quest.example.com');
    await staff.goto(`${world.site.baseUrl}/staff`);
    await staff.getByRole('button', { name: 'Approve “Make the nightly importer resumable”' }).click();
    await staff.waitForURL(`${world.site.baseUrl}/staff?done=approved`);

    const visitor = await (await browser()).newPage();
    const errors = watchErrors(visitor);
    await visitor.goto(`${world.site.baseUrl}/bounties?stage=open`);
    await visitor.getByRole('heading', { name: 'Make the nightly importer resumable' }).waitFor();
    await visitor.goto(`${world.site.baseUrl}/bounty/${bountyId}`);
    await waitForInteractive(visitor);
    expect(await visitor.getByText('first bad row').evaluate((node) => node.tagName)).toBe('STRONG');
    expect(await visitor.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
    expect(await visitor.getByText('APPLY_NOW').count()).toBe(0);
    // Signed out, Submit a solution goes through sign-in and back.
    await visitor.getByRole('link', { name: 'Submit a solution' }).click();
    await visitor.waitForURL(
      `${world.site.baseUrl}/sign-in?next=${encodeURIComponent(`/submit/${bountyId}`)}`,
    );
    expect(errors).toEqual([]);
  });

  it('two talents submit; the team scores one and rejects the other with a reason its author reads', async () => {
    ada = await signedIn('ada@example.com', '/account');
    await setProfile(ada, 'ada');
    await submit(ada, bountyId, 'https://git.example/ada/importer');
    bob = await signedIn('bob@example.com', '/account');
    await setProfile(bob, 'bob');
    // A refused submission on the hydrated page: its messages are announced (an alert) and it passes axe.
    await bob.goto(`${world.site.baseUrl}/submit/${bountyId}`);
    await ready(bob);
    await bob.getByLabel('Repository link').fill('https://git.example/bob/importer');
    await bob.getByLabel('Write-up (markdown)').fill('Too short');
    await bob.getByLabel('Resumes after a crash').fill('Yes');
    await bob.getByLabel('Keeps the order of rows').fill('Yes');
    await bob.getByRole('button', { name: 'Submit solution' }).click();
    await bob
      .getByRole('alert')
      .filter({ hasText: 'Write at least 20 characters about your solution.' })
      .first()
      .waitFor();
    expect(await seriousViolationsOfStateAtWidths(bob)).toEqual([]);
    await submit(bob, bountyId, 'https://git.example/bob/importer');
    await bob.getByText('Submitted').first().waitFor();

    await owner.goto(`${world.site.baseUrl}/sponsor/acme-lab/bounties/${bountyId}`);
    const adaCard = submissionCard(owner, 'ada');
    await adaCard.getByLabel('Label').selectOption('shortlisted');
    await adaCard.getByLabel('Score: Resumes after a crash').fill('5');
    await adaCard.getByLabel('Score: Keeps the order of rows').fill('4');
    await adaCard.getByRole('button', { name: 'Save review' }).click();
    await owner.waitForURL(/done=reviewed$/);
    await submissionCard(owner, 'ada').getByText('Total 9').waitFor();

    const bobCard = submissionCard(owner, 'bob');
    await bobCard
      .getByLabel('Reason for rejecting (the submitter reads it)')
      .fill('It does not build on a clean machine.');
    await bobCard.getByRole('button', { name: 'Reject submission' }).click();
    await owner.waitForURL(/done=rejected$/);
    await bob.goto(`${world.site.baseUrl}/account/submissions`);
    await bob.getByText('The sponsor’s reason: It does not build on a clean machine.').waitFor();
  });

  it('announces, records the payment; the winner confirms from the e-mailed page; the bounty shows Paid', async () => {
    moveDeadlinesBack(world.site.dataDir, bountyId, 3);
    await owner.goto(`${world.site.baseUrl}/sponsor/acme-lab/bounties/${bountyId}`);
    await owner.getByLabel('Prize 1: $1,500').selectOption({ label: 'ada (total 9)' });
    await owner.getByRole('button', { name: 'Announce winners' }).click();
    await owner.waitForURL(/done=announced$/);
    await world.smtp.nextMessageTo('ada@example.com', {
      subject: 'Winners announced: Make the nightly importer resumable',
    });

    // The payment form is filled on the hydrated page: this test is about the lifecycle, and typing
    // before hydration has its own test (before-hydration.e2e.ts). Filled while the page hydrated, under
    // load, the post once never reached its redirect; why is not known yet.
    await owner.locator('html[data-interactive]').waitFor({ state: 'attached' });
    await owner.getByLabel('Transfer reference').fill('TR-2026-11-26');
    await owner.getByLabel('Paid on').fill(new Date().toISOString().slice(0, 10));
    await owner.getByRole('button', { name: 'Record payment' }).click();
    await owner.waitForURL(/done=payment-recorded$/);

    const mail = await world.smtp.nextMessageTo('ada@example.com', {
      subject: 'Did you receive $1,500 for Make the nightly importer resumable?',
    });
    const link = /(https?:\/\/\S+\/account\/payments\/\S+)/.exec(mail.text ?? '')?.[1] ?? '';
    const path = new URL(link).pathname;
    expect(path).toBe(`/account/payments/${bountyId}/0`);
    await ada.goto(`${world.site.baseUrl}${path}`);
    expect(await ada.getByTestId('recorded-amount').textContent()).toBe('$1,500');
    await ada.getByRole('button', { name: 'Received', exact: true }).click();
    await ada.waitForURL(/done=received$/);
    await ada.getByText('You confirmed this payment arrived. Thank you.').waitFor();

    await ada.goto(`${world.site.baseUrl}/bounty/${bountyId}`);
    expect(await ada.getByTestId('hosted-stage').textContent()).toBe('Paid');
    await ada.getByText(/to ada — Paid, confirmed by the winner/).waitFor();
  });

  it('a winner reports a payment missing; staff resolve it; both sides see the note', async () => {
    const second = await postBounty(owner, 'Second bounty with a missing payment');
    await staff.goto(`${world.site.baseUrl}/staff`);
    await staff.getByRole('button', { name: 'Approve “Second bounty with a missing payment”' }).click();
    await staff.waitForURL(/done=approved$/);
    await submit(ada, second, 'https://git.example/ada/second');
    moveDeadlinesBack(world.site.dataDir, second, 3);
    await owner.goto(`${world.site.baseUrl}/sponsor/acme-lab/bounties/${second}`);
    await owner.getByLabel('Prize 1: $1,500').selectOption({ label: 'ada (total 0)' });
    await owner.getByRole('button', { name: 'Announce winners' }).click();
    await owner.waitForURL(/done=announced$/);
    await owner.getByLabel('Transfer reference').fill('TR-MISSING');
    await owner.getByLabel('Paid on').fill(new Date().toISOString().slice(0, 10));
    await owner.getByRole('button', { name: 'Record payment' }).click();
    await owner.waitForURL(/done=payment-recorded$/);

    await ada.goto(`${world.site.baseUrl}/account/payments/${second}/0`);
    await ada
      .getByLabel('What is missing (the sponsor and staff read this)')
      .fill('Nothing arrived in my Wise account.');
    await ada.getByRole('button', { name: 'Not received' }).click();
    await ada.waitForURL(/done=not-received$/);

    await staff.goto(`${world.site.baseUrl}/staff`);
    await staff.getByText('Nothing arrived in my Wise account.').waitFor();
    await staff.getByLabel('Paid', { exact: true }).check();
    await staff
      .getByLabel('Note both sides will read')
      .fill('The bank statement shows the transfer on the date recorded.');
    await staff.getByRole('button', { name: 'Resolve' }).click();
    await staff.waitForURL(/done=resolved$/);

    await ada.goto(`${world.site.baseUrl}/account/payments/${second}/0`);
    await ada.getByText(/resolved this case as Paid: The bank statement shows the transfer/).waitFor();
    await owner.goto(`${world.site.baseUrl}/sponsor/acme-lab/bounties/${second}`);
    await owner.getByText(/Staff resolved the case as Paid: The bank statement shows the transfer/).waitFor();
  });

  it('works without JavaScript: a submission edited and a 422 with what was typed', async () => {
    const third = await postBounty(owner, 'A bounty answered without JavaScript');
    await staff.goto(`${world.site.baseUrl}/staff`);
    await staff.getByRole('button', { name: 'Approve “A bounty answered without JavaScript”' }).click();
    await staff.waitForURL(/done=approved$/);
    const page = await signedIn('carol@example.com', '/account', {
      contextOptions: { javaScriptEnabled: false },
    });
    await setProfile(page, 'carol');
    await page.goto(`${world.site.baseUrl}/submit/${third}`);
    await page.getByLabel('Repository link').fill('https://git.example/carol/x');
    await page.getByLabel('Write-up (markdown)').fill('Too short');
    await page.getByLabel('Resumes after a crash').fill('Yes');
    await page.getByLabel('Keeps the order of rows').fill('Yes');
    const [refused] = await Promise.all([
      page.waitForResponse(
        (answer) => answer.url().endsWith(`/submit/${third}`) && answer.request().method() === 'POST',
      ),
      page.getByRole('button', { name: 'Submit solution' }).click(),
    ]);
    expect(refused.status()).toBe(422);
    await page.getByText('Write at least 20 characters about your solution.').waitFor();
    // The messages are announced as the other forms' are (an alert).
    await page
      .getByRole('alert')
      .filter({ hasText: 'Write at least 20 characters about your solution.' })
      .first()
      .waitFor();
    expect(await page.getByLabel('Repository link').inputValue()).toBe('https://git.example/carol/x');
    await page.getByLabel('Write-up (markdown)').fill('A design that keeps a checkpoint per batch.');
    await page.getByRole('button', { name: 'Submit solution' }).click();
    await page.waitForURL(`${world.site.baseUrl}/account/submissions?done=submitted`);
    await page.getByText('A bounty answered without JavaScript').waitFor();
  });

  it('passes axe on the lifecycle pages at 390 and 1280 px', async () => {
    const pages: [Page, string][] = [
      [owner, `/sponsor/acme-lab/post`],
      [owner, `/sponsor/acme-lab/bounties/${bountyId}`],
      [ada, `/account/submissions`],
      [ada, `/account/payments/${bountyId}/0`],
      [ada, `/bounty/${bountyId}`],
      [staff, '/staff'],
    ];
    const found = await seriousViolationsAtWidths(world.site.baseUrl, pages, (page) =>
      waitForInteractive(page).catch(() => undefined),
    );
    expect(found).toEqual([]);
  });
});

describe('a fresh start', () => {
  let demo: RunningSite;
  beforeAll(async () => {
    demo = await startSite({ env: { SEED_DEMO: '1' } });
  });
  afterAll(() => demo?.stop());

  it('shows the demo history: every stage, the clocks, and the demo label', async () => {
    const page = await (await browser()).newPage();
    const errors = watchErrors(page);
    await page.goto(`${demo.baseUrl}/bounties?stage=announced`);
    await waitForInteractive(page);
    await page.getByText('Payment overdue by 5 days', { exact: true }).waitFor();
    await page
      .getByRole('link', { name: 'Details →', description: 'Model battery degradation from charge cycles' })
      .click();
    await page.waitForURL(/\/bounty\/sq-/);
    await page.getByTestId('demo-notice').waitFor();
    expect(await page.getByTestId('overdue').textContent()).toBe('Payment overdue by 5 days');
    await page.goto(`${demo.baseUrl}/bounties?stage=judging`);
    await page.getByText('Judging overdue by 6 days', { exact: true }).waitFor();
    await page.goto(`${demo.baseUrl}/bounties?stage=cancelled`);
    await page.getByRole('heading', { name: 'Speech-to-text for ward rounds' }).waitFor();
    expect(errors).toEqual([]);
  });
});
