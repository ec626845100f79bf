import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import pg from 'pg';
import { SAME_ORIGIN, startTestSite, type TestSite } from '../testing/testAccounts';
import { postgresForThisFile } from '../testing/testPostgres';

// The post form carries the scoring setup (issue 45 item 2), on both databases: a bounty posted with a
// key and inputs is created with its setup in one submission; a wrong key saves the bounty as a draft
// (nothing typed lost) with the key's problems by line, and publishes nothing; a form refused for its
// text stores no file and creates no bounty; someone else's organisation is a 404 before a byte is stored.
const postgres = postgresForThisFile('post_form_setup');
const MANY_UPLOADS = { BOUNTY_SUBMISSIONS_RATE_LIMIT: '1000' };
const kinds: Array<[string, () => Promise<Record<string, string>>]> = [['SQLite', async () => MANY_UPLOADS]];
if (postgres.available)
  kinds.push(['PostgreSQL', async () => ({ ...MANY_UPLOADS, DATABASE_URL: await postgres.database() })]);

const ROWS = 40;
const ids = Array.from({ length: ROWS }, (_, i) => `row-${String(i).padStart(3, '0')}`);
const keyCsv = `id,target\n${ids.map((id, i) => `${id},${i % 2}`).join('\n')}\n`;
const inputsCsv = `id,feature\n${ids.map((id, i) => `${id},${i * 3}`).join('\n')}\n`;
// Row 42 repeats an id: the key's problem, by line.
const brokenKeyCsv = `${keyCsv}row-001,1\n`;

describe.each(kinds)('the post form with a scoring setup on %s', (_kind, envFor) => {
  let site: TestSite;
  let env: Record<string, string>;
  let owner: string;
  let stranger: string;
  let staff: string;

  const post = (url: string, cookie: string) =>
    request(site.app).post(url).set('Host', '127.0.0.1').set('Origin', SAME_ORIGIN).set('Cookie', cookie);
  const get = (url: string, cookie: string) => request(site.app).get(url).set('Cookie', cookie);
  const form = (url: string, cookie: string, fields: [string, string][]) =>
    post(url, cookie).type('form').send(new URLSearchParams(fields).toString());

  const bountyFields = (title: string, intent: 'draft' | 'publish'): [string, string][] => [
    ['title', title],
    ['description', 'A tabular data set of parcels. Predict the probability that each arrives late.'],
    ['domain', 'AI/ML'],
    ['criteria', 'Scores well on the hidden answers'],
    ['submissionDeadline', new Date(Date.now() + 48 * 3600_000).toISOString().slice(0, 16)],
    ['payoutMethods', 'wise'],
    ['unclaimed', 'returned'],
    ['prizes', '1000'],
    ['intent', intent],
  ];
  /** The browser's post form: multipart, its text fields, the setup's fields and the chosen files. */
  const postForm = (
    cookie: string,
    fields: [string, string][],
    files: Partial<Record<'key' | 'inputs' | 'baseline', [string, string]>>,
    slug = 'acme',
  ) => {
    // JSON: the same answer the page is rendered from (this test site renders no pages itself).
    let call = post(`/sponsor/${slug}/post`, cookie).set('Accept', 'application/json');
    const setup: [string, string][] = [
      ['metric', 'roc_auc'],
      ['publicShare', '40'],
      ['dailyEntries', '3'],
      ['finalEntries', '1'],
      ['licence', 'CC BY 4.0'],
    ];
    for (const [name, value] of [...fields, ...setup]) call = call.field(name, value);
    for (const [name, [fileName, text]] of Object.entries(files))
      call = call.attach(name, Buffer.from(text), { filename: fileName, contentType: 'text/csv' });
    return call;
  };

  async function blobCount(): Promise<number> {
    if (env.DATABASE_URL) {
      const client = new pg.Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      const { rows } = await client.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM blobs');
      await client.end();
      return rows[0]?.n ?? 0;
    }
    const objects = path.join(site.dataDir, 'blobs', 'objects');
    if (!fs.existsSync(objects)) return 0;
    return fs.readdirSync(objects).flatMap((prefix) => fs.readdirSync(path.join(objects, prefix))).length;
  }
  const teamBounties = async () =>
    (await get('/api/lifecycle/organisations/acme/post-form', owner).expect(200)).body.bounties as Array<{
      id: string;
      title: string;
      state: string;
    }>;
  const idOf = (location: string | undefined) => String(location).split('/')[4]!.split('?')[0]!;

  beforeAll(async () => {
    env = await envFor();
    site = await startTestSite(env);
    [owner, stranger, staff] = (await Promise.all(
      ['owner@acme.example.com', 'owner@other.example.com', 'staff@side-quest.example.com'].map((email) =>
        site.signIn(email),
      ),
    )) as [string, string, string];
    await site.stores.accounts.setRole('staff@side-quest.example.com', 'staff');
    for (const [cookie, slug] of [
      [owner, 'acme'],
      [stranger, 'other'],
    ] as const)
      await post('/sponsor', cookie)
        .field('name', slug)
        .field('slug', slug)
        .field('website', `${slug}.example.com`)
        .expect(303);
  }, 120_000);
  afterAll(() => site.close(), 60_000);

  it('posts an unscored bounty as multipart (no file chosen) as before', async () => {
    const posted = await postForm(owner, bountyFields('Hand-reviewed', 'draft'), {}).expect(303);
    expect(posted.headers.location).toMatch(/^\/sponsor\/acme\/bounties\/[^/?]+\?done=drafted$/);
    expect(await site.stores.scored.setup(idOf(posted.headers.location))).toBeNull();
  }, 60_000);

  it('keeps the bounty as a draft, with the key’s problems by line, when the setup is wrong', async () => {
    const before = await blobCount();
    const refused = await postForm(owner, bountyFields('Late parcels, first try', 'publish'), {
      key: ['key.csv', brokenKeyCsv],
      inputs: ['inputs.csv', inputsCsv],
    }).expect(422);
    // The draft's page answers, with the setup's problems and its typed fields.
    expect(refused.body.message).toBe(
      'Your bounty is saved as a draft, without a scoring setup. The answer key has problems.',
    );
    expect(refused.body.problems.join(' ')).toContain('Line 42');
    expect(refused.body.values).toMatchObject({ metric: 'roc_auc', publicShare: '40', licence: 'CC BY 4.0' });
    // A key's target never reaches an answer.
    expect(refused.text).not.toContain('row-001,1');
    const drafted = (await teamBounties()).find((bounty) => bounty.title === 'Late parcels, first try');
    // Not sent to staff: no bounty goes for approval or public without the setup its sponsor sent.
    expect(drafted?.state).toBe('draft');
    expect(await site.stores.scored.setup(drafted!.id)).toBeNull();
    expect(await blobCount()).toBe(before);
  }, 60_000);

  it('gives the form back, with no file kept and no bounty made, when its text is wrong', async () => {
    const before = await blobCount();
    const count = (await teamBounties()).length;
    const fields = bountyFields('Parcels without a description', 'publish').map(
      ([name, value]): [string, string] => (name === 'description' ? [name, ''] : [name, value]),
    );
    const refused = await postForm(owner, fields, {
      key: ['key.csv', keyCsv],
      inputs: ['inputs.csv', inputsCsv],
    }).expect(422);
    expect(refused.body.values.title).toBe('Parcels without a description');
    expect(refused.body.errors.description).toBeTruthy();
    expect(refused.body.setup).toMatchObject({ metric: 'roc_auc', publicShare: '40', dailyEntries: '3' });
    expect((await teamBounties()).length).toBe(count);
    expect(await blobCount()).toBe(before);
  }, 60_000);

  it('refuses another organisation’s form before storing a byte, and a form with too much text', async () => {
    const before = await blobCount();
    await postForm(stranger, bountyFields('Not theirs', 'publish'), {
      key: ['key.csv', keyCsv],
      inputs: ['inputs.csv', inputsCsv],
    }).expect(404);
    await postForm(owner, [...bountyFields('Too long', 'draft'), ['description', 'x'.repeat(100_000)]], {
      key: ['key.csv', keyCsv],
      inputs: ['inputs.csv', inputsCsv],
    }).expect(413);
    expect(await blobCount()).toBe(before);
    expect((await teamBounties()).some((bounty) => bounty.title === 'Too long')).toBe(false);
  }, 60_000);

  it('creates the bounty with its setup in one submission; staff approve and the setup is frozen', async () => {
    const posted = await postForm(owner, bountyFields('Late parcels', 'publish'), {
      key: ['key.csv', keyCsv],
      inputs: ['inputs.csv', inputsCsv],
    }).expect(303);
    // An organisation not yet verified: to staff, with its setup.
    expect(posted.headers.location).toMatch(/\?done=pending$/);
    const id = idOf(posted.headers.location);
    const team = await get(`/api/lifecycle/organisations/acme/bounties/${id}/scoring`, owner).expect(200);
    expect(team.body.setup).toMatchObject({
      metric: 'roc_auc',
      publicShare: 40,
      dailyEntries: 3,
      finalEntries: 1,
      keyRows: ROWS,
      licence: 'CC BY 4.0',
    });
    expect(team.body.state).toBe('pending');
    await form('/staff/bounties/approve', staff, [['id', id]]).expect(303);
    await post(`/sponsor/acme/bounties/${id}/scoring`, owner)
      .field('metric', 'rmse')
      .field('publicShare', '30')
      .field('dailyEntries', '5')
      .field('finalEntries', '2')
      .field('licence', 'CC0')
      .attach('key', Buffer.from(keyCsv), { filename: 'key.csv', contentType: 'text/csv' })
      .attach('inputs', Buffer.from(inputsCsv), { filename: 'inputs.csv', contentType: 'text/csv' })
      .expect(409);
    expect((await site.stores.scored.setup(id))?.metric).toBe('roc_auc');
  }, 60_000);
});
