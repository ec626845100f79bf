import request from 'supertest';
import { LEADERBOARD_PAGES } from '@side-quest/data/lifecycle';
import type { RunnerProcess } from '../runner/runnerProcess';
import { SAME_ORIGIN, startTestSite, type TestSite } from '../testing/testAccounts';
import { secretsRecorder } from '../testing/secretsScan';
import {
  PARCELS_BOUNTY,
  SCORED_SITE_PEOPLE,
  addOrganisations,
  completeProfile,
  passDeadlines,
  postBounty,
  siteKinds,
  siteRequests,
} from '../testing/testScoredSite';
import { tarGzOf as tarGz, until } from '../testing/testRunners';
import {
  WAIT,
  nodeTestFile,
  referenceVerdict,
  startSiteRunner,
  testSetupForm,
} from '../testing/testScoredRuns';

// The secrets of a test-scored bounty stay the team's (issue 56 item 5: "the secrets scan (now also
// hidden tests, their output and the reference)"), on both databases, with the REAL runner and sandbox.
// The hidden tests carry a mark in a test's name and another in their file's text, their runs print a
// third (to the run's log and in a failure), the reference and the dependencies carry their own. A visitor,
// two entrants, staff and the team go through pages, API answers, feeds, exports, downloads and errors:
// with a refused setup, while entries are open, after the deadline while the hidden runs go and after
// the reveal. Every answer, log line and e-mail is kept and scanned: a mark reaches the team's own
// answers only, the stored names (blobs, canaries, hidden runs) no one, and nothing of the hidden tests
// (their names, count or runs) an entrant.
const kinds = siteKinds('test_scored_secrets', { BOUNTY_SUBMISSIONS_RATE_LIMIT: '1000' });

const HIDDEN_NAME_MARK = 'qzhiddenname4471';
const HIDDEN_TEXT_MARK = 'qzhiddentext5582';
const REFERENCE_MARK = 'qzreference6693';
const DEPENDENCIES_MARK = 'qzdependencies8815';
// What a hidden test's run puts out: in its failure (the results a team reads: node's test runner keeps
// a test file's own stdout and stderr from the run's log, with the JUnit reporter writing to a file) and
// printed. Made from parts, so the file's text does not hold it whole: only a run can carry it to an answer.
const OUTPUT_MARK = 'qzhiddenoutput7704';
const outputMarkCode = `['qzhidden', 'output', '7704'].join('')`;
const MARKS = {
  [HIDDEN_NAME_MARK]: 'a hidden test’s name',
  [HIDDEN_TEXT_MARK]: 'the hidden tests’ text',
  [OUTPUT_MARK]: 'a hidden run’s output',
  [REFERENCE_MARK]: 'the reference',
  [DEPENDENCIES_MARK]: 'the dependencies',
};

const PUBLIC_TESTS = tarGz({
  'add.test.js': nodeTestFile([
    ['adds', 'assert.strictEqual(add(1, 2), 3);'],
    ['adds zero', 'assert.strictEqual(add(0, 5), 5);'],
  ]),
});
const HIDDEN_TESTS = tarGz({
  'hidden.test.js': nodeTestFile(
    [
      [
        `negatives ${HIDDEN_NAME_MARK}`,
        `console.log(${outputMarkCode}); assert.strictEqual(add(-1, -2), -3, ${outputMarkCode});`,
      ],
      ['large', 'assert.strictEqual(add(1e6, 1), 1000001);'],
    ],
    [`// ${HIDDEN_TEXT_MARK}: the edge cases entrants do not see.`],
  ),
});
const DEPENDENCIES = tarGz({ 'sq-helper/index.js': `module.exports = '${DEPENDENCIES_MARK}';\n` });
const REFERENCE = tarGz({
  'add.js': `// ${REFERENCE_MARK}: the sponsor's own solution.\nmodule.exports = (a, b) => a + b;\n`,
});
// Fails the hidden negatives only: a refused reference, and an entry whose hidden run fails.
const NO_NEGATIVES = tarGz({ 'add.js': 'module.exports = (a, b) => (a < 0 ? 0 : a + b);\n' });
const GOOD = tarGz({ 'add.js': 'module.exports = (a, b) => b + a;\n' });

type Who = 'visitor' | 'ada' | 'bob' | 'staff' | 'team';
const EVERYONE: Who[] = ['visitor', 'ada', 'bob', 'staff', 'team'];

describe.each(kinds)('secrets of a test-scored bounty on %s', (_kind, envFor) => {
  let site: TestSite;
  let env: Record<string, string>;
  let runner: RunnerProcess | undefined;
  const cookies: Partial<Record<Who, string>> = {};
  const { answers, logLines, logger, record } = secretsRecorder();
  let bountyId = '';
  const requests = siteRequests(() => site);

  const as = (who: Who) => {
    const cookie = cookies[who] ?? '';
    const post = (url: string) =>
      request(site.app)
        .post(url)
        .set('Host', '127.0.0.1')
        .set('Origin', SAME_ORIGIN)
        .set('Cookie', cookie)
        .set('Accept', 'application/json');
    return {
      async get(url: string) {
        const call = request(site.app).get(url);
        return record(who, `GET ${url}`, await (cookie ? call.set('Cookie', cookie) : call).buffer(true));
      },
      async form(url: string, fields: [string, string][]) {
        return record(
          who,
          `POST ${url}`,
          await post(url).type('form').send(new URLSearchParams(fields).toString()),
        );
      },
      async entry(archive: Buffer, name: string) {
        const call = post(`/submit/${bountyId}/entries`);
        return record(
          who,
          `POST entry ${name}`,
          await call.attach('entry', archive, { filename: name, contentType: 'application/gzip' }),
        );
      },
      async setup(reference: Buffer) {
        const call = testSetupForm(requests, cookie, bountyId, {
          publicTests: PUBLIC_TESTS,
          hiddenTests: HIDDEN_TESTS,
          dependencies: DEPENDENCIES,
          reference,
        });
        return record(who, 'POST test setup', await call);
      },
    };
  };
  const teamData = async () =>
    (await as('team').get(`/api/lifecycle/organisations/acme/bounties/${bountyId}/scoring`)).body;

  /** What everyone reads: pages, API answers, feeds, exports, downloads and the answers for what is not there. */
  const pages = () => [
    '/',
    '/bounties',
    `/bounty/${bountyId}`,
    LEADERBOARD_PAGES.page(bountyId),
    `/submit/${bountyId}`,
    '/account',
    '/account/submissions',
    '/sponsor/acme',
    `/sponsor/acme/bounties/${bountyId}`,
    '/staff',
    '/staff/scored-bounties',
    `/staff/scored-bounties/${bountyId}`,
    '/api/hosted-bounties',
    `/api/hosted-bounties/${bountyId}`,
    LEADERBOARD_PAGES.data(bountyId),
    '/api/v1/bounties',
    `/api/v1/bounties/${bountyId}`,
    LEADERBOARD_PAGES.api(bountyId),
    '/api/sponsors/acme',
    '/api/v1/sponsors/acme',
    '/feeds/bounties.xml',
    '/feeds/bounties.json',
    '/feeds/sponsors/acme.xml',
    '/api/lifecycle/submissions',
    `/api/lifecycle/bounties/${bountyId}/submission`,
    `/api/lifecycle/bounties/${bountyId}/entries`,
    `/api/lifecycle/organisations/acme/bounties/${bountyId}`,
    `/api/lifecycle/organisations/acme/bounties/${bountyId}/scoring`,
    LEADERBOARD_PAGES.csv(bountyId),
    ...['publicTests', 'hiddenTests', 'dependencies', 'reference', 'key', 'nope'].map(
      (kind) => `/api/lifecycle/bounties/${bountyId}/files/${kind}`,
    ),
    '/api/account/export',
    '/api/staff/queue',
    `/api/staff/bounties/${bountyId}/scoring`,
    '/api/staff/cases',
    '/api/lifecycle/bounties/sq-none/entries',
    '/api/lifecycle/bounties/sq-none/files/hiddenTests',
  ];
  const everyoneReadsEverything = async () => {
    for (const who of EVERYONE) for (const url of pages()) await as(who).get(url);
  };

  /** Names the site stores and never shows: the setup's and entries' blobs, every run's canary. */
  async function storedNames(): Promise<string[]> {
    const setup = (await site.stores.testScored.setup(bountyId))!;
    const entries = await site.stores.scored.entriesOfBounty(bountyId);
    const runs = await site.stores.testScored.runsOfBounty(bountyId);
    return [
      ...Object.values(setup.files).map((file) => file.blobId),
      ...entries.flatMap((entry) => (entry.blobId ? [entry.blobId] : [])),
      ...runs.map((run) => run.canaryName),
    ];
  }

  /** Every leak among the answers (marks outside the team's, stored names anywhere, hidden runs to entrants). */
  async function leaks(): Promise<string[]> {
    const found: string[] = [];
    const names = await storedNames();
    const hiddenRuns = (await site.stores.testScored.runsOfBounty(bountyId))
      .filter((run) => run.testSet === 'hidden')
      .map((run) => run.runId);
    for (const answer of answers) {
      const where = `${answer.who} ${answer.what} (${answer.status})`;
      for (const name of names) if (answer.text.includes(name)) found.push(`${where}: a stored name`);
      if (answer.who === 'team') continue;
      for (const [mark, what] of Object.entries(MARKS))
        if (answer.text.includes(mark)) found.push(`${where}: ${what}`);
      if (answer.who === 'staff') continue;
      for (const id of hiddenRuns) if (answer.text.includes(id)) found.push(`${where}: a hidden run`);
      for (const field of ['hiddenTestCount', '"testSet":"hidden"', 'privateScore'])
        if (answer.text.includes(field)) found.push(`${where}: ${field}`);
    }
    const logText = logLines.join('');
    const mails = JSON.stringify(site.smtp.received.map((mail) => [mail.subject, mail.text, mail.html]));
    for (const [where, text] of [
      ['the log', logText],
      ['an e-mail', mails],
    ] as const) {
      for (const [mark, what] of Object.entries(MARKS))
        if (text.includes(mark)) found.push(`${where}: ${what}`);
      for (const name of names) if (text.includes(name)) found.push(`${where}: a stored name ${name}`);
    }
    return found;
  }

  beforeAll(async () => {
    env = await envFor();
    site = await startTestSite(env, logger);
    const emails: Record<Exclude<Who, 'visitor'>, string> = {
      team: SCORED_SITE_PEOPLE.owner,
      ada: SCORED_SITE_PEOPLE.ada,
      bob: SCORED_SITE_PEOPLE.bob,
      staff: SCORED_SITE_PEOPLE.staff,
    };
    for (const [who, email] of Object.entries(emails)) cookies[who as Who] = await site.signIn(email);
    await site.stores.accounts.setRole(emails.staff, 'staff');
    for (const who of ['ada', 'bob'] as const) await completeProfile(requests, cookies[who]!, who);
    await addOrganisations(requests, [[cookies.team!, 'acme']]);
    bountyId = await postBounty(requests, cookies.team!);
    runner = await startSiteRunner(site, env);
  }, 180_000);
  afterAll(async () => {
    await runner?.stop();
    await site?.close();
  }, 60_000);

  it('a refused setup: its output and the hidden tests’ names reach the team alone', async () => {
    await as('team').setup(NO_NEGATIVES);
    const refused = await referenceVerdict(requests, cookies.team!, bountyId);
    expect(refused.status).toBe('refused');
    await teamData();
    for (const who of EVERYONE)
      for (const url of [
        `/api/lifecycle/organisations/acme/bounties/${bountyId}/scoring`,
        `/api/staff/bounties/${bountyId}/scoring`,
        `/staff/scored-bounties/${bountyId}`,
        ...['publicTests', 'hiddenTests', 'dependencies', 'reference'].map(
          (kind) => `/api/lifecycle/bounties/${bountyId}/files/${kind}`,
        ),
      ])
        await as(who).get(url);
    // Staff cannot approve it; the answer says why, and nothing of the tests.
    await as('staff').form('/staff/bounties/approve', [['id', bountyId]]);
    expect(await leaks()).toEqual([]);
    // The team read why: the failing hidden test by name and what its run printed.
    const why = JSON.stringify((await teamData()).tests.setup.reference);
    expect(why).toContain(HIDDEN_NAME_MARK);
    expect(why).toContain(OUTPUT_MARK);
  }, 180_000);

  it('while entries are open: no mark, stored name or hidden test reaches anyone but the team', async () => {
    answers.length = 0;
    await as('team').setup(REFERENCE);
    expect(await referenceVerdict(requests, cookies.team!, bountyId)).toEqual(
      expect.objectContaining({ status: 'passed', problems: [] }),
    );
    await as('staff').form('/staff/bounties/approve', [['id', bountyId]]);
    for (const who of ['ada', 'bob'] as const)
      await as(who).form(`/submit/${bountyId}`, [
        ['repository', `https://git.example/${who}/add`],
        ['writeUp', 'An adder, checked against the public tests before sending.'],
        ['answers', 'See the entries.'],
      ]);
    // Refused entries answer with their problems: one holding the tests folder, one not an archive.
    await as('ada').entry(tarGz({ 'tests/hidden.test.js': 'x' }), 'sneaky.tar.gz');
    await as('ada').entry(Buffer.from('not an archive'), 'entry.csv');
    await as('ada').entry(GOOD, 'good.tar.gz');
    await as('bob').entry(NO_NEGATIVES, 'no-negatives.tar.gz');
    await until(
      async () => {
        const runs = await site.stores.testScored.runsOfBounty(bountyId);
        return runs.length === 2 && runs.every((run) => run.judged);
      },
      'the public runs',
      WAIT,
    );
    // The team's own setup form again, and other refusals.
    await as('team').setup(REFERENCE);
    await as('bob').form(`/submit/${bountyId}/finals`, [['final', 'not-an-entry']]);
    await as('staff').form(`/sponsor/acme/bounties/${bountyId}/announce`, [['winners', 'x']]);
    await everyoneReadsEverything();
    expect(await leaks()).toEqual([]);
    // The run was a real one: both entries passed the public tests; the team downloaded its secrets whole.
    const scored = await site.stores.scored.entriesOfBounty(bountyId);
    expect(scored.filter((entry) => entry.status === 'scored').map((entry) => entry.publicScore)).toEqual([
      2, 2,
    ]);
    const downloads = answers.filter((answer) => answer.who === 'team' && answer.what.includes('/files/'));
    for (const mark of [HIDDEN_NAME_MARK, HIDDEN_TEXT_MARK, REFERENCE_MARK, DEPENDENCIES_MARK])
      expect([mark, downloads.some((answer) => answer.text.includes(mark))]).toEqual([mark, true]);
    expect(logLines.join('')).toContain(`/submit/${bountyId}/entries`);
  }, 240_000);

  it('after the deadline, while the hidden runs go and after the reveal: the same', async () => {
    answers.length = 0;
    const mailsBefore = site.smtp.received.length;
    await passDeadlines(site, env, bountyId, 3);
    // While the hidden runs are queued and running, entrants and everyone else read the bounty.
    await until(
      async () => {
        for (const who of EVERYONE) {
          await as(who).get(`/api/lifecycle/bounties/${bountyId}/entries`);
          await as(who).get(LEADERBOARD_PAGES.data(bountyId));
        }
        const hidden = (await teamData()).tests.hiddenRuns;
        return hidden.total === 2 && hidden.done === 2;
      },
      'the hidden runs',
      WAIT,
    );
    await until(
      async () => (await as('visitor').get(LEADERBOARD_PAGES.data(bountyId))).body.phase === 'private',
      'the reveal',
      WAIT,
    );
    // The reveal's mails to the entrants (their place and hidden tests passed) are scanned too.
    for (const who of ['ada', 'bob'] as const)
      await site.smtp.nextMessageTo(SCORED_SITE_PEOPLE[who], {
        since: mailsBefore,
        subject: `Final leaderboard: ${PARCELS_BOUNTY.find(([name]) => name === 'title')![1]}`,
        timeoutMs: 30_000,
      });
    await as('ada').entry(GOOD, 'late.tar.gz');
    await everyoneReadsEverything();
    expect(await leaks()).toEqual([]);
    // The team read Bob's hidden run: the failing test by name, and what it put out.
    const runs = (await teamData()).tests.runs as Array<{ testSet: string; logTail: string | null }>;
    const hidden = runs.filter((run) => run.testSet === 'hidden');
    expect(hidden).toHaveLength(2);
    expect(JSON.stringify(hidden)).toContain(HIDDEN_NAME_MARK);
    expect(JSON.stringify(hidden)).toContain(OUTPUT_MARK);
    // The revealed board ranks by hidden tests passed: Ada's 2, Bob's 1.
    const board = (await as('visitor').get(LEADERBOARD_PAGES.data(bountyId))).body;
    expect(board.rows.map((row: { score: number }) => row.score)).toEqual([2, 1]);
  }, 240_000);
});
