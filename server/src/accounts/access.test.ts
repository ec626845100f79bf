import request from 'supertest';
import { ROUTES } from '@side-quest/data/routes';
import { ACCOUNT_FORMS, MAIL_PREFERENCES_FORM, SIGN_IN_FORM } from '@side-quest/data/account';
import { ALERT_FORMS } from '@side-quest/data/alerts';
import { HIRING_FORMS, INTERVIEW_ANSWER_FORMS } from '@side-quest/data/hiring';
import { API_RULES, PAGE_RULES, ruleFor, type AccessRule } from './accessRules';
import { SITE_AUTH_ENDPOINTS } from './authRouter';
import { SAME_ORIGIN, startTestSite, type TestSite } from '../testing/testAccounts';
import { LEADERBOARD_PAGES } from '@side-quest/data/lifecycle';
import type { RunnerProcess } from '../runner/runnerProcess';
import {
  SCORED_SITE_PEOPLE,
  completeProfile,
  passDeadlines,
  postBounty,
  siteRequests,
  startScoredSite,
} from '../testing/testScoredSite';
import { tarGzOf as tarGz, until } from '../testing/testRunners';
import {
  WAIT,
  nodeTestFile,
  referenceVerdict,
  startSiteRunner,
  testSetupForm,
} from '../testing/testScoredRuns';

let site: TestSite;
let talent: string;
let staff: string;
beforeAll(async () => {
  site = await startTestSite();
  talent = await site.signIn('talent@example.com');
  staff = await site.signIn('staff@example.com');
  await site.stores.accounts.setRole('staff@example.com', 'staff');
});
afterAll(() => site.close());

/**
 * A concrete path for a rule (`/api/v1/*` → `/api/v1`), or the one named here where the prefix alone is
 * no page: a path under a rule that only names objects (a bounty to submit to) is answered past the
 * rule by the object's own check — a 404 for one that does not exist, never a 303, 401 or 403.
 */
const SAMPLE_PATHS: Record<string, string> = {
  '/api/lifecycle/*': '/api/lifecycle/submissions',
  '/api/hiring/*': '/api/hiring/talent',
  '/submit/*': '/submit/sq-missing',
  '/api/lifecycle/bounties/*': '/api/lifecycle/bounties/sq-missing/entries',
  '/staff/scored-bounties/*': '/staff/scored-bounties/sq-missing',
};
const OBJECT_PATHS = new Set(['/submit/*', '/api/lifecycle/bounties/*']);
const pathOf = (rule: AccessRule) => SAMPLE_PATHS[rule.path] ?? rule.path.replace(/\/\*$/, '');
const isApi = (path: string) => path.startsWith('/api/');
const guarded = [...API_RULES, ...PAGE_RULES].filter((rule) => rule.access !== 'public');

describe('who reaches what: one answer per rule', () => {
  it.each(guarded.map((rule) => [rule.path, rule.access, pathOf(rule)] as const))(
    '%s (%s): signed out, as talent, as staff',
    async (pattern, access, path) => {
      const signedOut = await request(site.app).get(path);
      if (isApi(path)) expect(signedOut.status).toBe(401);
      else {
        expect(signedOut.status).toBe(303);
        expect(signedOut.headers.location).toBe(`/sign-in?next=${encodeURIComponent(path)}`);
      }
      const asTalent = await request(site.app).get(path).set('Cookie', talent);
      if (access === 'staff') expect(asTalent.status).toBe(403);
      else if (OBJECT_PATHS.has(pattern) || access === 'staffObject') expect(asTalent.status).toBe(404);
      else expect([401, 403, 404]).not.toContain(asTalent.status);
      const asStaff = await request(site.app).get(path).set('Cookie', staff);
      expect([401, 403]).not.toContain(asStaff.status);
      // A staff path naming an object: no one else learns it is there (a missing one is 404 to staff too).
      if (access === 'staffObject') {
        expect(asTalent.status).toBe(404);
        expect(asStaff.status).toBe(404);
      }
    },
  );

  it('answers 404 for an /api path that no rule names, signed in or not', async () => {
    await request(site.app).get('/api/admin/users').expect(404);
    await request(site.app).get('/api/admin/users').set('Cookie', staff).expect(404);
    expect(ruleFor('/api/admin/users')).toBeNull();
  });

  it("gives every personal page of the route table a rule that is not public (except sign-in's)", () => {
    for (const route of ROUTES.filter((entry) => 'personal' in entry && entry.id !== 'signIn'))
      expect(ruleFor(route.path)?.access).not.toBe('public');
  });
});

describe('better-auth on the web', () => {
  it('answers only the endpoints the site uses; every other one is 404', async () => {
    const allowed = new Set(SITE_AUTH_ENDPOINTS.map(([method, path]) => `${method} ${path}`));
    const paths = Object.values(site.stores.accounts.auth.api)
      .map((endpoint) => (endpoint as { path?: string }).path)
      .filter((path): path is string => typeof path === 'string');
    expect(paths.length).toBeGreaterThan(40);
    const reachable: string[] = [];
    for (const path of paths) {
      for (const method of ['GET', 'POST'] as const) {
        const call =
          method === 'GET'
            ? request(site.app).get(`/api/auth${path}`)
            : request(site.app).post(`/api/auth${path}`);
        const answer = await call
          .set('Cookie', staff)
          .set('Origin', SAME_ORIGIN)
          .set('Host', '127.0.0.1')
          .send({});
        if (answer.status !== 404) reachable.push(`${method} ${path}`);
        else expect(allowed.has(`${method} ${path}`)).toBe(false);
      }
    }
    expect(reachable.sort()).toEqual([...allowed].sort());
    // Role changes, impersonation, user listing, profile and organisation updates: none of them.
    for (const path of [
      '/admin/set-role',
      '/admin/impersonate-user',
      '/admin/list-users',
      '/update-user',
      '/organization/update',
    ])
      await request(site.app)
        .post(`/api/auth${path}`)
        .set('Cookie', staff)
        .set('Origin', SAME_ORIGIN)
        .set('Host', '127.0.0.1')
        .send({})
        .expect(404);
  });
});

describe('cross-origin writes', () => {
  const writes: Array<[string, string]> = [
    ['/api/submit-form', 'json'],
    ['/api/signups', 'json'],
    ['/api/challenge-requests', 'json'],
    ['/api/bounty-submissions', 'json'],
    ...SITE_AUTH_ENDPOINTS.filter(([method]) => method === 'POST').map(
      ([, path]) => [`/api/auth${path}`, 'json'] as [string, string],
    ),
    [SIGN_IN_FORM.requestCode, 'form'],
    [SIGN_IN_FORM.enterCode, 'form'],
    [SIGN_IN_FORM.signOut, 'form'],
    ...Object.values(ACCOUNT_FORMS).map((path) => [path, 'form'] as [string, string]),
    ...Object.values(HIRING_FORMS).map((path) => [path, 'form'] as [string, string]),
    ...Object.values(INTERVIEW_ANSWER_FORMS).map((path) => [path, 'form'] as [string, string]),
    ['/sponsor/some-team/interview-requests', 'form'],
    ['/sponsor/some-team/interview-requests/hire', 'form'],
    ['/staff/interview-requests/suspend', 'form'],
    [MAIL_PREFERENCES_FORM, 'form'],
    ...Object.values(ALERT_FORMS).map((path) => [path, 'form'] as [string, string]),
  ];

  it.each(writes)(
    'refuses a POST to %s from another origin, even with a valid session',
    async (path, kind) => {
      const answer = await request(site.app)
        .post(path)
        .type(kind)
        .set('Cookie', talent)
        .set('Origin', 'https://evil.example')
        .send(kind === 'json' ? {} : 'email=a%40example.com');
      expect(answer.status).toBe(403);
      // The session survived: nothing was signed out or changed.
      await request(site.app).get('/api/viewer').set('Cookie', talent).expect(200);
    },
  );

  it('lets one-click unsubscribe through from any origin: its signed token is the only authority', async () => {
    // A mail provider posts it from its own servers. A token that is not the server's changes nothing.
    const answer = await request(site.app)
      .post('/unsubscribe/someone.team-notices.9999999999.not-a-signature')
      .set('Cookie', talent)
      .set('Origin', 'https://evil.example')
      .send('List-Unsubscribe=One-Click');
    expect(answer.status).toBe(403);
    expect(answer.text).toContain('This unsubscribe link is not valid');
    await request(site.app).get('/api/viewer').set('Cookie', talent).expect(200);
  });

  it('refuses a write with a session cookie and neither Origin nor Sec-Fetch-Site', async () => {
    await request(site.app).post(SIGN_IN_FORM.signOut).set('Cookie', talent).expect(403);
  });
});

/*
 * Test-scored bounties (issue 56 items 3-5), worked by the real runner and sandbox: who reaches the
 * setup form, each setup file, the team's runs and logs, and whose public runs. Deny by default; 404 for
 * what someone may not see (a bounty, file or run that is not theirs is not there).
 */
describe('test-scored bounties: who reaches what', () => {
  type Who = 'visitor' | 'stranger' | 'ada' | 'bob' | 'otherTeam' | 'staff' | 'team';
  const EVERYONE: Who[] = ['visitor', 'stranger', 'ada', 'bob', 'otherTeam', 'staff', 'team'];
  /** One status for the team and another for everyone signed in; 401 for a visitor. */
  const teamOnly = (team: number, others = 404): Record<Who, number> => ({
    visitor: 401,
    stranger: others,
    ada: others,
    bob: others,
    otherTeam: others,
    staff: others,
    team,
  });
  const signedIn = (status: number): Record<Who, number> => ({ ...teamOnly(status, status) });
  const PUBLIC_TESTS = tarGz({
    'add.test.js': nodeTestFile([
      ['adds', 'assert.strictEqual(add(1, 2), 3);'],
      ['adds zero', 'assert.strictEqual(add(0, 5), 5);'],
    ]),
  });
  const HIDDEN_TESTS = tarGz({
    'hidden.test.js': nodeTestFile([['hidden negatives', 'assert.strictEqual(add(-1, -2), -3);']]),
  });
  const DEPENDENCIES = tarGz({ 'sq-helper/index.js': 'module.exports = 1;\n' });
  const GOOD = tarGz({ 'add.js': 'module.exports = (a, b) => a + b;\n' });
  const WRONG = tarGz({ 'add.js': 'module.exports = (a, b) => (b === 5 ? 0 : a + b);\n' });
  const ARCHIVES = {
    publicTests: PUBLIC_TESTS,
    hiddenTests: HIDDEN_TESTS,
    dependencies: DEPENDENCIES,
    reference: GOOD,
  };

  let scoredSite: TestSite;
  let env: Record<string, string>;
  let runner: RunnerProcess | undefined;
  let cookies: Record<Exclude<Who, 'visitor'>, string>;
  let bountyId = '';
  const requests = siteRequests(() => scoredSite);
  const cookieOf = (who: Who) => (who === 'visitor' ? '' : cookies[who]);
  const teamData = async () =>
    (
      await requests
        .get(`/api/lifecycle/organisations/acme/bounties/${bountyId}/scoring`, cookies.team)
        .expect(200)
    ).body;
  const staffData = async () =>
    (await requests.get(`/api/staff/bounties/${bountyId}/scoring`, cookies.staff).expect(200)).body;
  const entriesOf = async (who: 'ada' | 'bob') =>
    (await requests.get(`/api/lifecycle/bounties/${bountyId}/entries`, cookies[who]).expect(200)).body;

  /** Each person's status for a GET (or a POST of an empty multipart setup form), all at once. */
  async function statuses(method: 'GET' | 'POST', url: string): Promise<Record<Who, number>> {
    const found: Partial<Record<Who, number>> = {};
    for (const who of EVERYONE) {
      const call =
        method === 'GET'
          ? requests.get(url, cookieOf(who))
          : requests.post(url, cookieOf(who)).set('Accept', 'application/json').field('runtime', 'node20');
      found[who] = (await call).status;
    }
    return found as Record<Who, number>;
  }
  const file = (kind: string) => `/api/lifecycle/bounties/${bountyId}/files/${kind}`;
  const setupForm = () => `/sponsor/acme/bounties/${bountyId}/scoring/tests`;
  const scoring = (slug: string) => `/api/lifecycle/organisations/${slug}/bounties/${bountyId}/scoring`;

  beforeAll(async () => {
    env = { BOUNTY_SUBMISSIONS_RATE_LIMIT: '1000' };
    const started = await startScoredSite(
      env,
      {
        team: SCORED_SITE_PEOPLE.owner,
        otherTeam: SCORED_SITE_PEOPLE.stranger,
        ada: SCORED_SITE_PEOPLE.ada,
        bob: SCORED_SITE_PEOPLE.bob,
        stranger: SCORED_SITE_PEOPLE.cy,
        staff: SCORED_SITE_PEOPLE.staff,
      },
      {
        staff: 'staff',
        organisations: [
          ['team', 'acme'],
          ['otherTeam', 'other'],
        ],
      },
    );
    scoredSite = started.site;
    cookies = started.cookies;
    for (const who of ['ada', 'bob'] as const) await completeProfile(requests, cookies[who], who);
    bountyId = await postBounty(requests, cookies.team);
    runner = await startSiteRunner(scoredSite, env);
    await testSetupForm(requests, cookies.team, bountyId, ARCHIVES).expect(303);
    expect(await referenceVerdict(requests, cookies.team, bountyId)).toMatchObject({ status: 'passed' });
  }, 180_000);
  afterAll(async () => {
    await runner?.stop();
    await scoredSite?.close();
  }, 60_000);

  it('before approval: the setup form, every file and the runs are the team’s alone', async () => {
    // The team's form answers (422: the setup sent has problems); for anyone else the bounty is not there.
    expect(await statuses('POST', setupForm())).toEqual({ ...teamOnly(422), visitor: 303 });
    // Another organisation's own slug does not reach acme's bounty either.
    const otherSlug = await requests
      .post(`/sponsor/other/bounties/${bountyId}/scoring/tests`, cookies.otherTeam)
      .set('Accept', 'application/json')
      .field('runtime', 'node20');
    expect(otherSlug.status).toBe(404);
    for (const kind of ['publicTests', 'hiddenTests', 'dependencies', 'reference'])
      expect([kind, await statuses('GET', file(kind))]).toEqual([kind, teamOnly(200)]);
    expect(await statuses('GET', scoring('acme'))).toEqual(teamOnly(200));
    expect((await statuses('GET', scoring('other'))).otherTeam).toBe(404);
    // No entries page for a bounty that is not public, not even the team's.
    expect(await statuses('GET', `/api/lifecycle/bounties/${bountyId}/entries`)).toEqual(signedIn(404));
  }, 60_000);

  it('once public: the public tests for everyone signed in; hidden tests, dependencies, reference and runs the team’s; each entrant’s runs their own', async () => {
    await requests.form('/staff/bounties/approve', cookies.staff, [['id', bountyId]]).expect(303);
    // Frozen for the team (409); still not there for anyone else.
    expect(await statuses('POST', setupForm())).toEqual({ ...teamOnly(409), visitor: 303 });
    expect(await statuses('GET', file('publicTests'))).toEqual(signedIn(200));
    for (const kind of ['hiddenTests', 'dependencies', 'reference'])
      expect([kind, await statuses('GET', file(kind))]).toEqual([kind, teamOnly(200)]);
    // No other kind of file, not even for the team (an answer key's `key` included).
    for (const kind of ['key', 'inputs', 'nope'])
      expect([kind, await statuses('GET', file(kind))]).toEqual([kind, signedIn(404)]);
    // What is served is what was uploaded: the team's hidden tests and reference, whole.
    for (const [kind, bytes] of Object.entries(ARCHIVES)) {
      const answer = await requests.get(file(kind), cookies.team).buffer(true).expect(200);
      expect([kind, Buffer.compare(answer.body as Buffer, bytes)]).toEqual([kind, 0]);
    }
    const publicDownload = await requests.get(file('publicTests'), cookies.ada).buffer(true).expect(200);
    expect(Buffer.compare(publicDownload.body as Buffer, PUBLIC_TESTS)).toBe(0);

    // Ada and Bob enter; each sends an archive (Bob's fails a public test).
    for (const [who, archive] of [
      ['ada', GOOD],
      ['bob', WRONG],
    ] as const) {
      await requests
        .form(`/submit/${bountyId}`, cookies[who], [
          ['repository', `https://git.example/${who}/add`],
          ['writeUp', 'An adder, checked against the public tests before sending.'],
          ['answers', 'See the entries.'],
        ])
        .expect(303);
      await requests
        .post(`/submit/${bountyId}/entries`, cookies[who])
        .attach('entry', archive, { filename: `${who}.tar.gz`, contentType: 'application/gzip' })
        .expect(303);
    }
    // Staff and strangers cannot send entries: no submission of theirs (409), a visitor is sent to sign in.
    for (const who of ['stranger', 'staff', 'team'] as const)
      await requests
        .post(`/submit/${bountyId}/entries`, cookies[who])
        .set('Accept', 'application/json')
        .attach('entry', GOOD, { filename: 'x.tar.gz', contentType: 'application/gzip' })
        .expect(409);
    const [ada, bob] = await until(
      async () => {
        const both = [await entriesOf('ada'), await entriesOf('bob')];
        return both.every((data) => !data.waiting && data.entries.length === 1) && both;
      },
      'the public runs',
      WAIT,
    );
    const adaEntry = ada.entries[0].id as string;
    const bobEntry = bob.entries[0].id as string;
    const runs = (await teamData()).tests.runs as Array<{
      id: string;
      entryId: string;
      logTail: string | null;
    }>;
    const adaRun = runs.find((run) => run.entryId === adaEntry)!;
    const bobRun = runs.find((run) => run.entryId === bobEntry)!;

    // Each entrant reads their own public run, per test; never the other's (no entry, run or failure).
    expect(Object.keys(ada.tests.publicRuns)).toEqual([adaEntry]);
    expect(Object.keys(bob.tests.publicRuns)).toEqual([bobEntry]);
    expect(bob.tests.publicRuns[bobEntry].results).toEqual([
      expect.objectContaining({ name: 'adds', outcome: 'passed' }),
      expect.objectContaining({ name: 'adds zero', outcome: 'failed' }),
    ]);
    expect(JSON.stringify(ada)).not.toContain(bobEntry);
    expect(JSON.stringify(ada)).not.toContain(bobRun.id);
    expect(JSON.stringify(ada)).not.toContain('adds zero: failed');
    expect(JSON.stringify(bob)).not.toContain(adaEntry);
    expect(JSON.stringify(bob)).not.toContain(adaRun.id);
    // Someone signed in who did not enter sees the public setup and no entry or run.
    const stranger = (
      await requests.get(`/api/lifecycle/bounties/${bountyId}/entries`, cookies.stranger).expect(200)
    ).body;
    expect(stranger.entries).toEqual([]);
    expect(stranger.tests.publicRuns).toEqual({});
    // The run logs are the team's: in the team's data, not in a scored run an entrant reads.
    expect(ada.tests.publicRuns[adaEntry].logTail).toBeNull();
    expect(adaRun.logTail).not.toBeNull();
    expect(await statuses('GET', scoring('acme'))).toEqual(teamOnly(200));
    expect(await statuses('GET', `/api/staff/bounties/${bountyId}/scoring`)).toEqual({
      ...signedIn(403),
      staff: 200,
    });
    // Staff read the runs' verdicts and scores, not their logs.
    const staffRuns = (await staffData()).tests.runs as Array<{ passed: number; logTail: string | null }>;
    expect(staffRuns.map((run) => [run.passed, run.logTail])).toEqual(
      expect.arrayContaining([
        [2, null],
        [1, null],
      ]),
    );
    // Nothing hidden reaches an entrant while entries are open: no hidden test, count or run.
    for (const data of [ada, bob, stranger]) {
      const text = JSON.stringify(data);
      expect(text).not.toContain('hidden negatives');
      expect(text).not.toContain('hiddenTest');
      expect(text).not.toContain('"hidden"');
    }
  }, 180_000);

  it('after the deadline: the hidden runs are the team’s alone, before and after the reveal', async () => {
    const before = new Set(((await teamData()).tests.runs as Array<{ id: string }>).map((run) => run.id));
    await passDeadlines(scoredSite, env, bountyId, 3);
    // While the hidden runs are queued and running, and once they are done, an entrant sees none of them.
    const hiddenIds = new Set<string>();
    await until(
      async () => {
        const tests = (await teamData()).tests;
        for (const run of tests.runs as Array<{ id: string; testSet: string }>)
          if (run.testSet === 'hidden') hiddenIds.add(run.id);
        for (const who of ['ada', 'bob'] as const) {
          const text = JSON.stringify(await entriesOf(who));
          for (const id of hiddenIds) expect(text).not.toContain(id);
          expect(text).not.toContain('hidden negatives');
          expect(text).not.toContain('"hidden"');
          expect(text).not.toContain('privateScore');
        }
        return tests.hiddenRuns.total === 2 && tests.hiddenRuns.done === 2;
      },
      'the hidden runs',
      WAIT,
    );
    expect(hiddenIds.size).toBe(2);
    for (const id of hiddenIds) expect(before.has(id)).toBe(false);
    // Staff read the hidden runs' scores, never their tests' names, failures or logs: those are the team's.
    const staffHidden = ((await staffData()).tests.runs as Array<{ testSet: string }>).filter(
      (run) => run.testSet === 'hidden',
    );
    expect(staffHidden).toEqual([
      expect.objectContaining({ passed: 1, results: [], logTail: null }),
      expect.objectContaining({ passed: 1, results: [], logTail: null }),
    ]);
    const teamHidden = ((await teamData()).tests.runs as Array<{ testSet: string }>).filter(
      (run) => run.testSet === 'hidden',
    );
    expect(JSON.stringify(teamHidden)).toContain('hidden negatives');
    // The hidden tests and the reference stay the team's after the deadline too.
    for (const kind of ['hiddenTests', 'dependencies', 'reference'])
      expect([kind, await statuses('GET', file(kind))]).toEqual([kind, teamOnly(200)]);
    // After the reveal: still nothing of a hidden run in an entrant's data.
    await until(
      async () => (await requests.get(LEADERBOARD_PAGES.data(bountyId)).expect(200)).body.phase === 'private',
      'the reveal',
      WAIT,
    );
    for (const who of ['ada', 'bob'] as const) {
      const text = JSON.stringify(await entriesOf(who));
      for (const id of hiddenIds) expect(text).not.toContain(id);
      expect(text).not.toContain('hidden negatives');
    }
  }, 180_000);
});
