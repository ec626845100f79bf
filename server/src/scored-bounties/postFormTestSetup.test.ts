import { tarGzOf } from '../testing/testRunners';
import type { TestSite } from '../testing/testAccounts';
import { TEST_SETUP_FIELDS, withArchives } from '../testing/testScoredRuns';
import {
  PARCELS_BOUNTY,
  scoredSitePeople,
  siteKinds,
  siteRequests,
  startScoredSite,
} from '../testing/testScoredSite';

// The post form carries a test-scored setup (issue 56 item 3), on both databases: offered only while a
// live runner that can make a sandbox reports a runtime; a form choosing tests is saved as a draft, the
// setup attached as the console's form attaches one (its reference runs queued), then sent to staff; a setup whose
// typed fields the console's form would refuse gives the post form back whole, and saves nothing.
const kinds = siteKinds('post_form_test_setup', { BOUNTY_SUBMISSIONS_RATE_LIMIT: '1000' });

const PUBLIC_TESTS = tarGzOf({ 'add.test.js': "require('node:test')('adds', () => {});\n" });
const HIDDEN_TESTS = tarGzOf({ 'hidden.test.js': "require('node:test')('adds more', () => {});\n" });
const REFERENCE = tarGzOf({ 'add.js': 'module.exports = (a, b) => a + b;\n' });

describe.each(kinds)('the post form with a test setup on %s', (_kind, envFor) => {
  let site: TestSite;
  let owner: string;
  const requests = siteRequests(() => site);
  const { post, get } = requests;

  const postForm = (title: string, setup: Record<string, string>) => {
    let call = post('/sponsor/acme/post', owner).set('Accept', 'application/json');
    const fields: [string, string][] = [
      ...PARCELS_BOUNTY.map(([name, value]): [string, string] => [name, name === 'title' ? title : value]),
      ['submissionDeadline', new Date(Date.now() + 48 * 3600_000).toISOString().slice(0, 16)],
      ['prizes', '500'],
      ['scoring', 'tests'],
      // The answer key's fields ride along on the browser's form, unused when tests are chosen.
      ['metric', 'roc_auc'],
      ['licence', 'CC BY 4.0'],
      ...Object.entries(setup).map(([name, value]): [string, string] => [`tests.${name}`, value]),
    ];
    for (const [name, value] of fields) call = call.field(name, value);
    return withArchives(call, { publicTests: PUBLIC_TESTS, hiddenTests: HIDDEN_TESTS, reference: REFERENCE });
  };
  const setupFields = TEST_SETUP_FIELDS;
  const postFormData = async () =>
    (await get('/api/lifecycle/organisations/acme/post-form', owner).expect(200)).body as {
      testRuntimes: string[];
      bounties: Array<{ id: string; title: string; state: string }>;
    };
  const heartbeat = (canSandbox: boolean) =>
    site.stores.runs.heartbeat(
      {
        id: 'runner-1',
        host: 'box',
        pid: 42,
        startedAt: Date.now(),
        canSandbox,
        sandboxProblem: canSandbox ? null : 'No user namespaces.',
        runtimes: ['node20'],
        concurrency: 1,
        running: 0,
      },
      Date.now(),
    );

  beforeAll(async () => {
    const started = await startScoredSite(await envFor(), scoredSitePeople('owner'), {
      organisations: [['owner', 'acme']],
    });
    site = started.site;
    ({ owner } = started.cookies);
  }, 120_000);
  afterAll(() => site?.close(), 60_000);

  it('offers tests only while a live runner that can make a sandbox offers a runtime', async () => {
    expect((await postFormData()).testRuntimes).toEqual([]);
    await heartbeat(false);
    expect((await postFormData()).testRuntimes).toEqual([]);
    await heartbeat(true);
    expect((await postFormData()).testRuntimes).toEqual(['node20']);
  }, 60_000);

  it('saves the bounty with its test setup attached and its reference runs queued, then sends it', async () => {
    await heartbeat(true);
    const posted = await postForm('Add two numbers', setupFields).expect(303);
    // An organisation not yet verified: to staff, whose approval waits for the reference's runs.
    expect(posted.headers.location).toMatch(/^\/sponsor\/acme\/bounties\/[^/?]+\?done=pending$/);
    const id = String(posted.headers.location).split('/')[4]!.split('?')[0]!;
    const team = await get(`/api/lifecycle/organisations/acme/bounties/${id}/scoring`, owner).expect(200);
    expect(team.body.state).toBe('pending');
    // Tests, not an answer key, though the answer key's fields came with the form.
    expect(team.body.setup).toBeNull();
    expect(team.body.tests.setup).toMatchObject({
      runtime: 'node20',
      wallSeconds: 30,
      memoryMiB: 512,
      dailyEntries: 3,
      finalEntries: 1,
      licence: 'MIT',
      files: {
        publicTests: { name: 'publicTests.tar.gz' },
        hiddenTests: { name: 'hiddenTests.tar.gz' },
        reference: { name: 'reference.tar.gz' },
      },
    });
    expect(team.body.tests.setup.reference.status).toBe('waiting');
    expect(team.body.tests.setup.reference.runs).toHaveLength(6);
  }, 60_000);

  it('gives the form back whole, saving nothing, when the console’s form would refuse the setup', async () => {
    await heartbeat(true);
    const count = (await postFormData()).bounties.length;
    const refused = await postForm('Add two numbers quickly', {
      ...setupFields,
      wallSeconds: '5',
      runtime: 'python3-pytest',
    }).expect(422);
    expect(refused.body.problem).toBe('The test setup has problems. Nothing was saved.');
    expect(refused.body.setupProblems).toEqual([
      'No runner offers this runtime now. Choose one of: node20.',
      'Enter a time limit between 10 and 600 seconds.',
    ]);
    expect(refused.body.values.title).toBe('Add two numbers quickly');
    expect(refused.body.scoring).toBe('tests');
    expect(refused.body.testSetup).toEqual({ ...setupFields, wallSeconds: '5', runtime: 'python3-pytest' });
    const after = await postFormData();
    expect(after.bounties.length).toBe(count);
    expect(after.bounties.some((bounty) => bounty.title === 'Add two numbers quickly')).toBe(false);
  }, 60_000);
});
