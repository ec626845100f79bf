import { LEADERBOARD_PAGES } from '@side-quest/data/lifecycle';
import type { TestSite } from '../testing/testAccounts';
import type { RunnerProcess } from '../runner/runnerProcess';
import { tarGzOf, until } from '../testing/testRunners';
import {
  nodeTestFile,
  referenceVerdict,
  startSiteRunner,
  testSetupForm,
  WAIT,
} from '../testing/testScoredRuns';
import {
  completeProfile,
  passDeadlines,
  postBounty,
  scoredSitePeople,
  scoringSetupForm,
  siteKinds,
  siteRequests,
  startScoredSite,
} from '../testing/testScoredSite';

/*
 * Test-scored bounties over HTTP with the REAL runner and sandbox (issue 56 items 3-4): a runner process
 * on the site's DATA_DIR and database works the runs the web process queues. A reference that fails a
 * test refuses the setup with its output; one that passes gives the bounty its tests and lets staff
 * approve; an entry's public run gives per-test results, and nothing hidden reaches the entrant.
 */

const kinds = siteKinds('test_scored_routes', { BOUNTY_SUBMISSIONS_RATE_LIMIT: '1000' });

const PUBLIC_TESTS = tarGzOf({
  'add.test.js': nodeTestFile([
    ['adds', 'assert.strictEqual(add(1, 2), 3);'],
    ['adds zero', 'assert.strictEqual(add(0, 5), 5);'],
  ]),
});
const HIDDEN_TESTS = tarGzOf({
  'hidden.test.js': nodeTestFile([['secret negatives', 'assert.strictEqual(add(-1, -2), -3);']]),
});
const GOOD = tarGzOf({ 'add.js': 'module.exports = (a, b) => a + b;\n' });
/** An adder that checks its arguments under a `header` comment: source of well over 50 words. */
const checkedAdder = (header: string) =>
  tarGzOf({
    'add.js': [
      header,
      ...Array.from(
        { length: 8 },
        (_, i) =>
          `function check${i}(value) {\n  if (typeof value !== 'number') throw new TypeError('argument ${i} is not a number');\n  return value;\n}`,
      ),
      'module.exports = (a, b) => check0(a) + check1(b);',
    ].join('\n'),
  });
const WRONG = tarGzOf({
  'add.js': 'module.exports = (a, b) => a + b + (a < 0 ? 1 : 0) + (b === 5 ? 1 : 0);\n',
});

describe.each(kinds)('test-scored bounties on %s', (_kind, envFor) => {
  let site: TestSite;
  let owner: string;
  let talent: string;
  let staff: string;
  let bob: string;
  let bountyId = '';
  let env: Record<string, string>;
  let runner: RunnerProcess;
  const requests = siteRequests(() => site);
  const { post, form, get } = requests;
  const teamData = () =>
    get(`/api/lifecycle/organisations/acme/bounties/${bountyId}/scoring`, owner).expect(200);

  const setupForm = (reference: Buffer) =>
    testSetupForm(requests, owner, bountyId, {
      publicTests: PUBLIC_TESTS,
      hiddenTests: HIDDEN_TESTS,
      reference,
    });
  const referenceStatus = () => referenceVerdict(requests, owner, bountyId);

  beforeAll(async () => {
    env = await envFor();
    const started = await startScoredSite(env, scoredSitePeople('owner', 'ada', 'staff', 'bob'), {
      staff: 'staff',
      organisations: [['owner', 'acme']],
    });
    site = started.site;
    ({ owner, ada: talent, staff, bob } = started.cookies);
    for (const [cookie, handle] of [
      [talent, 'ada'],
      [bob, 'bob'],
    ] as const)
      await completeProfile(requests, cookie, handle);
    bountyId = await postBounty(requests, owner);
    runner = await startSiteRunner(site, env);
  }, 120_000);
  afterAll(async () => {
    await runner?.stop();
    await site?.close();
  }, 60_000);

  it('refuses a setup whose reference fails a test, with the run’s output, and holds staff approval', async () => {
    // Before a setup: no tests yet, and the runtimes a live runner offers, for the draft's form.
    const before = (await teamData()).body.tests;
    expect(before).toMatchObject({ setup: null, runs: [], hiddenRuns: { done: 0, total: 0 } });
    expect(before.liveRuntimes).toContain('node20');
    await setupForm(WRONG).expect(303);
    const refused = await referenceStatus();
    expect(refused.status).toBe('refused');
    expect(refused.problems.join(' ')).toMatch(/adds zero|secret negatives/);
    expect(refused.refusedOutput).toBeTruthy();
    await form('/staff/bounties/approve', staff, [['id', bountyId]]).expect(409);
    // One kind of scoring a bounty: with tests attached, no answer key.
    const keyRefused = await scoringSetupForm(requests, owner, bountyId, {
      key: ['key.csv', 'id,target\na,1\n'],
      inputs: ['inputs.csv', 'id\na\n'],
    })
      .set('Accept', 'application/json')
      .expect(409);
    expect(JSON.stringify(keyRefused.body)).toContain('scored by its tests');
  }, 120_000);

  it('takes a passing setup: the bounty’s tests, approval, a failing then a passing entry with per-test results, nothing hidden', async () => {
    await setupForm(GOOD).expect(303);
    const passed = await referenceStatus();
    expect(passed).toMatchObject({ status: 'passed', problems: [] });
    const team = (await teamData()).body.tests;
    expect(team.setup).toMatchObject({ publicTestCount: 2, hiddenTestCount: 1, runtime: 'node20' });
    expect(team.honestyNote).toMatch(/read a winner’s code/i);
    await form('/staff/bounties/approve', staff, [['id', bountyId]]).expect(303);
    // The card and the page know the bounty is scored (they link to the board).
    expect((await get(`/api/hosted-bounties/${bountyId}`).expect(200)).body.hosted.scored).toBe(true);

    // Downloads: the public tests for a signed-in entrant; the hidden tests and the reference the team's.
    await get(`/api/lifecycle/bounties/${bountyId}/files/publicTests`, talent).expect(200);
    await get(`/api/lifecycle/bounties/${bountyId}/files/hiddenTests`, talent).expect(404);
    await get(`/api/lifecycle/bounties/${bountyId}/files/reference`, talent).expect(404);
    await get(`/api/lifecycle/bounties/${bountyId}/files/hiddenTests`, owner).expect(200);

    await form(`/submit/${bountyId}`, talent, [
      ['repository', 'https://git.example/ada/add'],
      ['writeUp', 'An adder that handles negatives and zero, checked against the public tests.'],
      ['answers', 'See the entries.'],
    ]).expect(303);
    const send = (archive: Buffer, name: string) =>
      post(`/submit/${bountyId}/entries`, talent).attach('entry', archive, {
        filename: name,
        contentType: 'application/gzip',
      });
    // An archive holding the sponsor's test folder is refused at upload and not counted.
    await send(tarGzOf({ 'tests/add.test.js': 'x' }), 'sneaky.tar.gz')
      .set('Accept', 'application/json')
      .expect(422);
    await send(WRONG, 'wrong.tar.gz').expect(303);
    await send(GOOD, 'good.tar.gz').expect(303);
    const mine = await until(
      async () => {
        const answer = await get(`/api/lifecycle/bounties/${bountyId}/entries`, talent).expect(200);
        return !answer.body.waiting && answer;
      },
      'the public runs',
      WAIT,
    );
    expect(mine.body.usedToday).toBe(2);
    const [wrong, good] = mine.body.entries as Array<{
      id: string;
      fileName: string;
      publicScore: number;
      createdAt: string;
    }>;
    expect(wrong).toMatchObject({ fileName: 'wrong.tar.gz', status: 'scored', publicScore: 1 });
    expect(good).toMatchObject({ fileName: 'good.tar.gz', status: 'scored', publicScore: 2 });
    // The public board ranks the entrant's best entry by public tests passed: good.tar.gz's 2, not 1.
    const publicBoard = (await get(LEADERBOARD_PAGES.data(bountyId), '').expect(200)).body;
    expect(publicBoard).toMatchObject({ phase: 'public', metric: 'tests_passed', direction: 'higher' });
    expect(publicBoard.rows).toEqual([
      expect.objectContaining({ rank: 1, score: 2, entries: 2, bestEntryAt: good?.createdAt, move: null }),
    ]);
    expect(publicBoard.hiddenRuns).toBeUndefined();
    const wrongRun = mine.body.tests.publicRuns[wrong!.id];
    expect(wrongRun.results.map((row: { name: string; outcome: string }) => [row.name, row.outcome])).toEqual(
      [
        ['adds', 'passed'],
        ['adds zero', 'failed'],
      ],
    );
    expect(wrongRun.results[1].failureExcerpt).toBeTruthy();
    // Nothing of the hidden tests reaches the entrant: no name, no run.
    expect(JSON.stringify(mine.body)).not.toContain('secret negatives');
    expect(
      Object.values(mine.body.tests.publicRuns).every(
        (run) => (run as { testSet: string }).testSet === 'public',
      ),
    ).toBe(true);
    // The team sees every run with its log.
    const runs = (await teamData()).body.tests.runs as Array<{ logTail: string | null }>;
    expect(runs).toHaveLength(2);
    // A log says what happened (node's spec reporter): the failing test, its assertion; the canary is
    // there, but never by its name, the run's own secret.
    const logs = runs.map((run) => run.logTail ?? '').join('\n');
    expect(logs).toMatch(/✖ adds zero/);
    expect(logs).toContain('(the site’s canary test)');
    expect(logs).not.toMatch(/test_[0-9a-f]{20}/);
  }, 180_000);

  it('after the deadline runs the hidden tests on each entrant’s final entry only, and shows the entrant nothing of them', async () => {
    await passDeadlines(site, env, bountyId, 3);
    const hidden = await until(
      async () => {
        const tests = (await teamData()).body.tests;
        return tests.hiddenRuns.total > 0 && tests.hiddenRuns.done === tests.hiddenRuns.total && tests;
      },
      'the hidden runs',
      WAIT,
    );
    // One final entry (the best public one, good.tar.gz): one hidden run, its one hidden test passed.
    expect(hidden.hiddenRuns).toEqual({ done: 1, total: 1 });
    const hiddenRun = hidden.runs.find((run: { testSet: string }) => run.testSet === 'hidden');
    expect(hiddenRun).toMatchObject({ verdict: 'scored', passed: 1, total: 1 });
    const team = (await teamData()).body;
    const good = team.entries.find((entry: { fileName: string }) => entry.fileName === 'good.tar.gz');
    expect(good.privateScore).toBe(1);
    // The revealed board ranks the final entry by hidden tests passed; the review rows read the same.
    const finalBoard = (await get(LEADERBOARD_PAGES.data(bountyId), '').expect(200)).body;
    expect(finalBoard).toMatchObject({ phase: 'private', hiddenRuns: { done: 1, total: 1 } });
    expect(finalBoard.rows).toEqual([expect.objectContaining({ rank: 1, score: 1, entries: 2, move: 0 })]);
    expect(team.finalBoard).toEqual([good.submissionId]);
    expect(team.reviews).toEqual([
      expect.objectContaining({ submissionId: good.submissionId, publicScore: 2, privateScore: 1 }),
    ]);
    // The entrant's data: no hidden run, no private score, no hidden test's name.
    const mine = await get(`/api/lifecycle/bounties/${bountyId}/entries`, talent).expect(200);
    const text = JSON.stringify(mine.body);
    expect(text).not.toContain('secret negatives');
    expect(text).not.toContain('privateScore');
    expect(text).not.toContain(hiddenRun.id);
    expect(text).not.toContain('"hidden"');
  }, 120_000);
  it('flags copies for the team and staff: an identical archive, and source files near-identical by the write-up rule', async () => {
    // A second bounty (the first is past its deadline), its tests passed and approved.
    bountyId = await postBounty(requests, owner);
    await setupForm(GOOD).expect(303);
    expect(await referenceStatus()).toMatchObject({ status: 'passed' });
    await form('/staff/bounties/approve', staff, [['id', bountyId]]).expect(303);
    for (const person of [talent, bob])
      await form(`/submit/${bountyId}`, person, [
        ['repository', 'https://git.example/add'],
        ['writeUp', 'An adder that checks its arguments are numbers before adding them.'],
        ['answers', 'See the entries.'],
      ]).expect(303);
    const original = checkedAdder('// Adds two numbers.');
    for (const [person, archive] of [
      [talent, original],
      [bob, original], // the same archive, byte for byte
      [bob, checkedAdder('// Adds two numbers, checked.')], // the same source, its comment reworded
    ] as const)
      await post(`/submit/${bountyId}/entries`, person)
        .attach('entry', archive, { filename: 'add.tar.gz', contentType: 'application/gzip' })
        .expect(303);
    const team = await until(
      async () => {
        const body = (await teamData()).body;
        return body.entries.every((entry: { status: string }) => entry.status !== 'queued') && body;
      },
      'the public runs',
      WAIT,
    );
    type Entry = { id: string; submissionId: string; createdAt: string };
    const [ada, same, reworded] = [...(team.entries as Entry[])].sort((a, b) =>
      a.createdAt.localeCompare(b.createdAt),
    ) as [Entry, Entry, Entry];
    const review = (submissionId: string) =>
      team.reviews.find((one: { submissionId: string }) => one.submissionId === submissionId);
    expect(review(ada.submissionId)).toMatchObject({ copiedEntries: [], copiedSources: [] });
    expect(review(same.submissionId)).toMatchObject({
      copiedEntries: [{ entryId: same.id, submissionId: ada.submissionId, at: ada.createdAt }],
      copiedSources: [{ entryId: reworded.id, submissionId: ada.submissionId, at: ada.createdAt }],
    });
    expect(review(same.submissionId).copiedSources[0].similarity).toBeGreaterThanOrEqual(0.8);

    // Staff read the same flags on their scores page of the bounty, which their list now names.
    const list = await get('/staff/scored-bounties', staff).expect(200);
    expect(list.text).toContain(`/staff/scored-bounties/${bountyId}`);
    const page = await get(`/staff/scored-bounties/${bountyId}`, staff).expect(200);
    expect(page.text).toMatch(/Entry of [^<]+ is the same archive as ada’s entry of /);
    expect(page.text).toMatch(
      /Entry of [^<]+ has source files near-identical to ada’s entry of [^<]+\(similarity 0\.\d\d\)/,
    );
    expect(page.text).toContain('2 public, 1 hidden');
  }, 180_000);
});
