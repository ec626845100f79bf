import request from 'supertest';
import pg from 'pg';
import { DAY_MS } from '@side-quest/data/lifecycle';
import { SAME_ORIGIN, startTestSite, type TestSite } from '../accounts/testAccounts';
import { postgresForThisFile } from '../db/testPostgres';
import { moveDeadlinesBack } from './testClock';

// Judging a scored bounty over HTTP on both databases (issue 45 items 6 and 7): the team sees each
// submission's public and private score and copy flags (whose and when), nobody else does; a winner out
// of the final leaderboard's order needs a public reason (400 without), which the bounty page and the
// sponsor's record then show.
const postgres = postgresForThisFile('scored_judging');
const kinds: Array<[string, () => Promise<Record<string, string>>]> = [['SQLite', async () => ({})]];
if (postgres.available) kinds.push(['PostgreSQL', async () => ({ DATABASE_URL: await postgres.database() })]);

const ROWS = 40;
const ids = Array.from({ length: ROWS }, (_, i) => `row-${String(i).padStart(3, '0')}`);
const target = (i: number) => (i % 2 === 0 ? 1 : 0);
const keyCsv = `id,target\n${ids.map((id, i) => `${id},${target(i)}`).join('\n')}\n`;
const inputsCsv = `id,feature\n${ids.map((id, i) => `${id},${i * 7}`).join('\n')}\n`;
// Ada's entry ranks every row right; Bob's copy says the same with other digits, in reverse order.
const adaEntry = `id,prediction\n${ids.map((id, i) => `${id},${target(i) ? 0.9 : 0.1}`).join('\n')}\n`;
const bobCopy = `id,prediction\n${[...ids]
  .reverse()
  .map((id) => `${id},${target(ids.indexOf(id)) ? '0.90' : '1e-1'}`)
  .join('\r\n')}\r\n`;
const bobOwn = `id,prediction\n${ids.map((id, i) => `${id},${target(i) ? 0.4 : 0.6}`).join('\n')}\n`;
const essay = Array.from(
  { length: 8 },
  (_, i) =>
    `Step ${i}: the parcels were grouped by depot and weekday, features scaled, and a gradient boosted model tuned on folds`,
).join('. ');

describe.each(kinds)('judging a scored bounty on %s', (_kind, envFor) => {
  let site: TestSite;
  let env: Record<string, string>;
  let owner: string;
  let ada: string;
  let bob: string;
  let staff: string;
  let bountyId = '';
  const consolePath = () => `/sponsor/acme/bounties/${bountyId}`;

  const post = (url: string, cookie: string) =>
    request(site.app).post(url).set('Host', '127.0.0.1').set('Origin', SAME_ORIGIN).set('Cookie', cookie);
  const form = (url: string, cookie: string, fields: [string, string][]) =>
    post(url, cookie).type('form').send(new URLSearchParams(fields).toString());
  const get = (url: string, cookie?: string) => {
    const call = request(site.app).get(url);
    return cookie ? call.set('Cookie', cookie) : call;
  };
  const sendEntry = (cookie: string, text: string) =>
    post(`/submit/${bountyId}/entries`, cookie).attach('entry', Buffer.from(text), {
      filename: 'entry.csv',
      contentType: 'text/csv',
    });

  async function waitForScores() {
    const until = Date.now() + 60_000;
    while ((await site.stores.scored.entriesOfBounty(bountyId)).some((entry) => entry.status === 'queued')) {
      if (Date.now() > until) throw new Error('entries were not scored in time');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** The test clock: the bounty's deadlines three days back, in whichever database holds it. */
  async function passDeadline() {
    if (!env.DATABASE_URL) return moveDeadlinesBack(site.dataDir, bountyId, 3);
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    const { rows } = await client.query<{ submission_deadline: string; judging_deadline: string }>(
      'SELECT submission_deadline, judging_deadline FROM hosted_bounties WHERE id = $1',
      [bountyId],
    );
    const back = (iso: string) => new Date(Date.parse(iso) - 3 * DAY_MS).toISOString();
    await client.query(
      'UPDATE hosted_bounties SET submission_deadline = $1, judging_deadline = $2 WHERE id = $3',
      [back(rows[0]!.submission_deadline), back(rows[0]!.judging_deadline), bountyId],
    );
    await client.end();
  }

  beforeAll(async () => {
    env = await envFor();
    site = await startTestSite(env);
    [owner, ada, bob, staff] = (await Promise.all(
      ['owner@acme.example.com', 'ada@example.com', 'bob@example.com', 'staff@side-quest.example.com'].map(
        (email) => site.signIn(email),
      ),
    )) as [string, string, string, string];
    await site.stores.accounts.setRole('staff@side-quest.example.com', 'staff');
    for (const [cookie, handle] of [
      [ada, 'ada'],
      [bob, 'bob'],
    ] as const)
      await form('/account/profile', cookie, [
        ['name', handle],
        ['handle', handle],
        ['country', 'DE'],
        ['payoutMethod', 'wise'],
      ]).expect(303);
    await post('/sponsor', owner)
      .field('name', 'acme')
      .field('slug', 'acme')
      .field('website', 'acme.example.com')
      .expect(303);
    const posted = await form('/sponsor/acme/post', owner, [
      ['title', 'Predict which parcels arrive late'],
      ['description', 'A tabular data set of parcels. Predict the probability that each arrives late.'],
      ['domain', 'AI/ML'],
      ['criteria', 'Scores well on the hidden answers'],
      ['submissionDeadline', new Date(Date.now() + 48 * 3600_000).toISOString().slice(0, 16)],
      ['payoutMethods', 'wise'],
      ['unclaimed', 'returned'],
      ['intent', 'publish'],
      ['prizes', '1000'],
      ['prizes', '500'],
    ]).expect(303);
    bountyId = String(posted.headers.location).split('/')[4]!.split('?')[0]!;
    let setup = post(`/sponsor/acme/bounties/${bountyId}/scoring`, owner);
    for (const [name, value] of Object.entries({
      metric: 'roc_auc',
      publicShare: '30',
      dailyEntries: '5',
      finalEntries: '2',
      licence: 'CC BY 4.0',
    }))
      setup = setup.field(name, value);
    await setup
      .attach('key', Buffer.from(keyCsv), { filename: 'key.csv', contentType: 'text/csv' })
      .attach('inputs', Buffer.from(inputsCsv), { filename: 'inputs.csv', contentType: 'text/csv' })
      .expect(303);
    await form('/staff/bounties/approve', staff, [['id', bountyId]]).expect(303);
  }, 120_000);
  afterAll(() => site.close(), 60_000);

  it('shows the team scores and copy flags of entries and write-ups, and no one else', async () => {
    for (const [cookie, writeUp] of [
      [ada, essay],
      [bob, essay.replace('Step 7', 'Finally')],
    ] as const) {
      await form(`/submit/${bountyId}`, cookie, [
        ['repository', 'https://git.example/late-parcels'],
        ['writeUp', writeUp],
        ['answers', 'See the entries.'],
      ]).expect(303);
      // Submissions one after the other: the earlier one is the original.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await sendEntry(ada, adaEntry).expect(303);
    await waitForScores();
    await sendEntry(bob, bobCopy).expect(303);
    await sendEntry(bob, bobOwn).expect(303);
    await waitForScores();

    const team = (
      await get(`/api/lifecycle/organisations/acme/bounties/${bountyId}/scoring`, owner).expect(200)
    ).body;
    const submissions = (
      await get(`/api/lifecycle/organisations/acme/bounties/${bountyId}`, owner).expect(200)
    ).body.submissions as Array<{ id: string; handle: string }>;
    const idOf = (handle: string) => submissions.find((entry) => entry.handle === handle)!.id;
    const reviewOf = (handle: string) =>
      team.reviews.find((review: { submissionId: string }) => review.submissionId === idOf(handle));
    expect(reviewOf('ada')).toMatchObject({
      publicScore: 1,
      privateScore: 1,
      copiedEntries: [],
      writeUpCopyOf: null,
    });
    const bobs = reviewOf('bob');
    expect(bobs).toMatchObject({ publicScore: 1, privateScore: 1 });
    const adaEntryAt = (await site.stores.scored.entriesOfBounty(bountyId))[0]!.createdAt;
    expect(bobs.copiedEntries).toEqual([
      expect.objectContaining({ submissionId: idOf('ada'), at: adaEntryAt }),
    ]);
    expect(bobs.writeUpCopyOf).toMatchObject({ submissionId: idOf('ada') });
    expect(bobs.writeUpCopyOf.similarity).toBeGreaterThanOrEqual(0.8);
    // Ada ranks first on the final board (a tie goes to the earlier entry).
    expect(team.finalBoard).toEqual([idOf('ada'), idOf('bob')]);

    // Staff see the same, as in payment cases; nobody else does.
    const asStaff = (await get(`/api/staff/bounties/${bountyId}/scoring`, staff).expect(200)).body;
    expect(asStaff.reviews).toEqual(team.reviews);
    expect(asStaff).toMatchObject({ mayEdit: false, mayPublishKey: false });
    await get(`/api/staff/bounties/${bountyId}/scoring`, owner).expect(403);
    await get(`/api/staff/bounties/${bountyId}/scoring`, ada).expect(403);
    await get(`/api/staff/bounties/${bountyId}/scoring`).expect(401);
    await get(`/api/staff/bounties/sq-missing/scoring`, staff).expect(404);

    // The entrants see neither flags nor the other's work; the team's data is the team's alone.
    for (const cookie of [ada, bob]) {
      await get(`/api/lifecycle/organisations/acme/bounties/${bountyId}/scoring`, cookie).expect(404);
      const own = await get(`/api/lifecycle/bounties/${bountyId}/entries`, cookie).expect(200);
      expect(JSON.stringify(own.body)).not.toMatch(/copied|copyOf|finalBoard|reviews/);
    }
    await get(`/api/lifecycle/organisations/acme/bounties/${bountyId}/scoring`).expect(401);

    // The key is published only after the deadline, and only by the team.
    await form(`${consolePath()}/scoring/publish-key`, owner, []).expect(409);
    await form(`${consolePath()}/scoring/publish-key`, ada, []).expect(404);
    expect(team.mayPublishKey).toBe(false);
  }, 120_000);

  it('asks a public reason for a winner out of the final board’s order: 400 without, shown once given', async () => {
    await passDeadline();
    const submissions = (
      await get(`/api/lifecycle/organisations/acme/bounties/${bountyId}`, owner).expect(200)
    ).body.submissions as Array<{ id: string; handle: string }>;
    const idOf = (handle: string) => submissions.find((entry) => entry.handle === handle)!.id;

    // Bob first, Ada second: both out of the board's order.
    const refused = await form(`${consolePath()}/announce`, owner, [
      ['winners', idOf('bob')],
      ['winners', idOf('ada')],
      ['reasons', 'Ada’s entry was submitted after the data leak was fixed.'],
      ['reasons', ''],
    ]).expect(400);
    // The page comes back with the form as typed (its message: finalBoard.test.ts).
    expect(refused.text).toContain('<html');
    expect((await site.stores.lifecycle.bounty(bountyId))!.state).toBe('open');

    const reasonOne = 'Bob’s method generalises; the top entry leaned on a leaked column.';
    const reasonTwo = 'Ada placed first on the board but shares the second prize by our rules.';
    await form(`${consolePath()}/announce`, owner, [
      ['winners', idOf('bob')],
      ['winners', idOf('ada')],
      ['reasons', reasonOne],
      ['reasons', reasonTwo],
    ]).expect(303);

    const winners = await site.stores.lifecycle.winnersOf([bountyId]);
    expect(winners.map((winner) => winner.outOfOrderReason)).toEqual([reasonOne, reasonTwo]);
    const page = (await get(`/api/hosted-bounties/${bountyId}`).expect(200)).body;
    expect(
      page.hosted.winners.map((winner: { outOfOrderReason: string }) => winner.outOfOrderReason),
    ).toEqual([reasonOne, reasonTwo]);
    const sponsor = (await get('/api/sponsors/acme').expect(200)).body;
    expect(sponsor.record.outOfOrderWinners).toEqual([
      { id: bountyId, title: 'Predict which parcels arrive late', slot: 0, reason: reasonOne },
      { id: bountyId, title: 'Predict which parcels arrive late', slot: 1, reason: reasonTwo },
    ]);
  }, 60_000);

  it('lets the team publish the answer key after the deadline; then signed-in people may download it', async () => {
    const keyUrl = `/api/lifecycle/bounties/${bountyId}/files/key`;
    await get(keyUrl, ada).expect(404);
    const team = (
      await get(`/api/lifecycle/organisations/acme/bounties/${bountyId}/scoring`, owner).expect(200)
    ).body;
    expect(team).toMatchObject({ keyPublishedAt: null, mayPublishKey: true });
    await form(`${consolePath()}/scoring/publish-key`, bob, []).expect(404);
    await form(`/sponsor/acme/bounties/sq-missing/scoring/publish-key`, owner, []).expect(404);
    await form(`${consolePath()}/scoring/publish-key`, owner, [])
      .expect(303)
      .expect('Location', `${consolePath()}?done=key-published#scoring`);
    const key = await get(keyUrl, ada).expect(200);
    expect(key.headers['content-disposition']).toBe('attachment; filename="key.csv"');
    expect(Buffer.from(key.body as Buffer).toString()).toBe(keyCsv);
    await get(keyUrl).expect(401);
    const after = (
      await get(`/api/lifecycle/organisations/acme/bounties/${bountyId}/scoring`, owner).expect(200)
    ).body;
    expect(after.keyPublishedAt).toEqual(expect.any(String));
  });
});
