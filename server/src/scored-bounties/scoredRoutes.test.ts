import request from 'supertest';
import { SAME_ORIGIN, type TestSite } from '../testing/testAccounts';
import { safeFileName } from './scoredRoutes';
import {
  binaryKey,
  completeProfile,
  postBounty,
  sendEntry as sendEntryTo,
  siteKinds,
  siteRequests,
  scoredSitePeople,
  startScoredSite,
  storedBlobCount,
  scoringSetupForm,
  type SetupUpload,
} from '../testing/testScoredSite';

// Scored bounties over HTTP on both databases (issue 45 items 2-4): a team attaches a scoring setup to
// a bounty before approval, signed-in people download the entrants' files, an entrant sends entries
// (a wrong file first), each is scored off the request path, the limits answer 429, finals are chosen;
// and who is denied what. The key's values are distinctive and never appear in an entrant's answer.
// More uploads a minute than the site allows one address (its limit is tested in scoredLimits.test.ts).
const kinds = siteKinds('scored_routes', { BOUNTY_SUBMISSIONS_RATE_LIMIT: '1000' });

const ROWS = 40;
const { ids, target, keyCsv, inputsCsv } = binaryKey(ROWS);
const entryCsv = (score: (i: number) => number) =>
  `id,prediction\n${ids.map((id, i) => `${id},${score(i)}`).join('\n')}\n`;

describe.each(kinds)('scored bounties on %s', (_kind, envFor) => {
  let site: TestSite;
  let env: Record<string, string>;
  let owner: string;
  let stranger: string;
  let talent: string;
  let rival: string;
  let staff: string;
  let bountyId = '';

  const requests = siteRequests(() => site);
  const { post, form, get } = requests;

  const blobCount = () => storedBlobCount(site, env);

  const setupForm = (
    cookie: string,
    id: string,
    files: Partial<Record<'key' | 'inputs' | 'training' | 'sample' | 'baseline', SetupUpload>>,
    fields: Record<string, string> = {},
    accept = 'text/html',
  ) => scoringSetupForm(requests, cookie, id, files, { dailyEntries: '2', ...fields }).set('Accept', accept);
  const sendEntry = (cookie: string, text: string, fileName = 'entry.csv', accept = 'text/html') =>
    sendEntryTo(requests, cookie, bountyId, text, fileName).set('Accept', accept);

  async function entriesWhenScored(cookie: string) {
    const until = Date.now() + 60_000;
    for (;;) {
      const answer = await get(`/api/lifecycle/bounties/${bountyId}/entries`, cookie).expect(200);
      if (!answer.body.waiting) return answer;
      if (Date.now() > until) throw new Error('entries were not scored in time');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  beforeAll(async () => {
    env = await envFor();
    const started = await startScoredSite(env, scoredSitePeople('owner', 'stranger', 'ada', 'bob', 'staff'), {
      staff: 'staff',
      organisations: [
        ['owner', 'acme'],
        ['stranger', 'other'],
      ],
    });
    site = started.site;
    ({ owner, stranger, ada: talent, bob: rival, staff } = started.cookies);
    await completeProfile(requests, talent, 'ada');
    await completeProfile(requests, rival, 'bob');
    bountyId = await postBounty(requests, owner);
  }, 120_000);
  afterAll(() => site.close(), 60_000);

  it('refuses a broken setup with its problems, keeps what was typed, and stores no file', async () => {
    const before = await blobCount();
    const duplicated = `${keyCsv}row-001,1\nrow-x,7\n`;
    const refused = await setupForm(
      owner,
      bountyId,
      { key: ['key.csv', duplicated], inputs: ['in.csv', inputsCsv] },
      { licence: 'Typed licence line' },
      'application/json',
    ).expect(422);
    // The answer carries the problems (with their lines) and the typed fields back; never a key's target.
    expect(refused.body.problems.join(' ')).toContain('Line 42');
    expect(refused.body.values.licence).toBe('Typed licence line');
    expect(refused.text).not.toContain('row-x,7');
    // The page itself answers with the same status (the browser without JavaScript).
    await setupForm(owner, bountyId, { key: ['key.csv', duplicated], inputs: ['in.csv', inputsCsv] }).expect(
      422,
    );
    const wrongInputs = `id,feature\n${ids.slice(1).join('\n')}\nrow-zzz\n`;
    const mismatch = await setupForm(
      owner,
      bountyId,
      { key: ['key.csv', keyCsv], inputs: ['in.csv', wrongInputs] },
      {},
      'application/json',
    ).expect(422);
    expect(mismatch.text).toContain('row-zzz');
    await setupForm(
      owner,
      bountyId,
      { key: ['key.csv', keyCsv], inputs: ['in.csv', inputsCsv] },
      { publicShare: '95' },
    ).expect(422);
    await setupForm(owner, bountyId, { key: ['key.csv', keyCsv] }).expect(422);
    expect(await blobCount()).toBe(before);
    expect(await site.stores.scored.setup(bountyId)).toBeNull();
  }, 60_000);

  it('lets only the team attach it, before approval; then it is frozen', async () => {
    const files = {
      key: ['key.csv', keyCsv] as [string, string],
      inputs: ['inputs.csv', inputsCsv] as [string, string],
      sample: ['sample.csv', entryCsv(() => 0.5)] as [string, string],
    };
    const before = await blobCount();
    await setupForm(talent, bountyId, files).expect(404);
    await setupForm(stranger, bountyId, files).expect(404);
    expect(await blobCount()).toBe(before);
    await setupForm(owner, bountyId, files)
      .expect(303)
      .expect('Location', `/sponsor/acme/bounties/${bountyId}?done=scoring-attached`);
    const team = await get(`/api/lifecycle/organisations/acme/bounties/${bountyId}/scoring`, owner).expect(
      200,
    );
    expect(team.body.setup).toMatchObject({
      metric: 'roc_auc',
      publicShare: 30,
      dailyEntries: 2,
      keyRows: ROWS,
    });
    const setup = await site.stores.scored.setup(bountyId);
    expect(JSON.stringify(team.body)).not.toContain(setup!.splitSecret);
    expect(JSON.stringify(team.body)).not.toContain(setup!.key.blobId);
    await get(`/api/lifecycle/organisations/acme/bounties/${bountyId}/scoring`, talent).expect(404);
    await get(`/api/lifecycle/organisations/other/bounties/${bountyId}/scoring`, stranger).expect(404);
    await get(`/api/lifecycle/organisations/acme/bounties/${bountyId}/scoring`).expect(401);

    // Before approval only the team sees the files; the key only ever the team.
    await get(`/api/lifecycle/bounties/${bountyId}/files/inputs`, talent).expect(404);
    const key = await get(`/api/lifecycle/bounties/${bountyId}/files/key`, owner).expect(200);
    expect(key.headers['content-disposition']).toBe('attachment; filename="key.csv"');
    expect(key.headers['x-content-type-options']).toBe('nosniff');

    await form('/staff/bounties/approve', staff, [['id', bountyId]]).expect(303);
    await setupForm(owner, bountyId, files).expect(409);
  }, 60_000);

  it('serves the entrants’ files to signed-in people as attachments, and the key to nobody else', async () => {
    const inputs = await get(`/api/lifecycle/bounties/${bountyId}/files/inputs`, talent).expect(200);
    expect(inputs.headers['content-disposition']).toBe('attachment; filename="inputs.csv"');
    expect(inputs.headers['x-content-type-options']).toBe('nosniff');
    expect(inputs.headers['content-type']).toBe('text/csv');
    expect(inputs.text).toBe(inputsCsv);
    await get(`/api/lifecycle/bounties/${bountyId}/files/sample`, rival).expect(200);
    await get(`/api/lifecycle/bounties/${bountyId}/files/key`, talent).expect(404);
    await get(`/api/lifecycle/bounties/${bountyId}/files/key`, staff).expect(404);
    await get(`/api/lifecycle/bounties/${bountyId}/files/training`, talent).expect(404);
    await get(`/api/lifecycle/bounties/${bountyId}/files/../../etc`, talent).expect(404);
    await get(`/api/lifecycle/bounties/${bountyId}/files/inputs`).expect(401);
  });

  it('takes entries from an entrant with a submission, scores them off the request path, and never shows a private score', async () => {
    await sendEntry(talent, entryCsv(target)).expect(409);
    await form(`/submit/${bountyId}`, talent, [
      ['repository', 'https://git.example/ada/late-parcels'],
      ['writeUp', 'Gradient boosting on the parcel features.'],
      ['answers', 'See the entries.'],
    ]).expect(303);

    // A wrong file is queued, found wrong, not kept and not counted.
    const before = await blobCount();
    await sendEntry(talent, `id,prediction\nrow-000,0.5\nrow-000,0.6\nnope,x\n`)
      .expect(303)
      .expect('Location', `/submit/${bountyId}?done=entry-queued#entries`);
    let mine = await entriesWhenScored(talent);
    expect(mine.body.entries[0]).toMatchObject({ status: 'invalid', publicScore: null });
    expect(mine.body.entries[0].problems.join(' ')).toMatch(/Line 3/);
    expect(mine.body.usedToday).toBe(0);
    expect(await blobCount()).toBe(before);

    await sendEntry(
      talent,
      entryCsv((i) => (target(i) ? 0.9 : 0.1)),
    ).expect(303);
    await sendEntry(
      talent,
      entryCsv((i) => (target(i) ? 0.4 : 0.6)),
    ).expect(303);
    mine = await entriesWhenScored(talent);
    const scored = mine.body.entries.filter((entry: { status: string }) => entry.status === 'scored');
    expect(scored.map((entry: { publicScore: number }) => entry.publicScore)).toEqual([1, 0]);
    expect(JSON.stringify(mine.body)).not.toMatch(/private|secret|digest|blob/i);
    // The best public one is final by default.
    expect(scored.map((entry: { final: boolean }) => entry.final)).toEqual([true, false]);

    // Over the day's limit: 429 with when the next entry is allowed, and the file is not kept.
    const blobsNow = await blobCount();
    const limited = await sendEntry(talent, entryCsv(target), 'entry.csv', 'application/json').expect(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body.message).toMatch(/next entry is allowed at 00:00 UTC/);
    await sendEntry(talent, entryCsv(target)).expect(429);
    expect(await blobCount()).toBe(blobsNow);

    // The team sees every entry with both scores; the entrant's page is theirs alone.
    const team = await get(`/api/lifecycle/organisations/acme/bounties/${bountyId}/scoring`, owner).expect(
      200,
    );
    expect(
      team.body.entries.filter((entry: { privateScore: number | null }) => entry.privateScore !== null),
    ).toHaveLength(2);
    const rivals = await get(`/api/lifecycle/bounties/${bountyId}/entries`, rival).expect(200);
    expect(rivals.body.entries).toEqual([]);
    await sendEntry(rival, entryCsv(target)).expect(409);
    await get(`/api/lifecycle/bounties/sq-missing/entries`, talent).expect(404);
    await sendEntry(owner, entryCsv(target)).expect(409);
  }, 120_000);

  it('lets the entrant choose final entries among their own scored ones', async () => {
    const mine = (await get(`/api/lifecycle/bounties/${bountyId}/entries`, talent).expect(200)).body;
    const [, worse] = mine.entries.filter((entry: { status: string }) => entry.status === 'scored');
    await form(`/submit/${bountyId}/finals`, talent, [['final', worse.id]])
      .expect(303)
      .expect('Location', `/submit/${bountyId}?done=finals-chosen#entries`);
    const after = (await get(`/api/lifecycle/bounties/${bountyId}/entries`, talent).expect(200)).body;
    expect(after.entries.find((entry: { id: string }) => entry.id === worse.id).final).toBe(true);
    await form(`/submit/${bountyId}/finals`, rival, [['final', worse.id]]).expect(422);
    await form(`/submit/${bountyId}/finals`, talent, [
      ['final', worse.id],
      ['final', mine.entries[1].id],
    ]).expect(422);
  });

  it('denies by default: signed out, from another origin, or not the object’s person or team', async () => {
    await request(site.app).get(`/api/lifecycle/bounties/${bountyId}/entries`).expect(401);
    const signedOut = await request(site.app)
      .post(`/submit/${bountyId}/entries`)
      .set('Host', '127.0.0.1')
      .set('Origin', SAME_ORIGIN)
      .attach('entry', Buffer.from(entryCsv(target)), 'entry.csv');
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.location).toMatch(/^\/sign-in\?next=/);
    for (const url of [
      `/submit/${bountyId}/entries`,
      `/submit/${bountyId}/finals`,
      `/sponsor/acme/bounties/${bountyId}/scoring`,
    ])
      await request(site.app)
        .post(url)
        .set('Cookie', owner)
        .set('Origin', 'https://evil.example')
        .type('form')
        .send('final=x')
        .expect(403);
    await get(`/api/lifecycle/organisations/acme/bounties/sq-missing/scoring`, owner).expect(404);
    await get(`/api/lifecycle/bounties/sq-missing/files/inputs`, talent).expect(404);
    await form(`/submit/sq-missing/finals`, talent, [['final', 'x']]).expect(404);
    await sendEntry(talent, entryCsv(target)).expect(429);
    // A plain form (no files) to a frozen setup: 409 with what was typed; a body that is no form: 422.
    const plain = await form(`/sponsor/acme/bounties/${bountyId}/scoring`, owner, [['metric', 'rmse']])
      .set('Accept', 'application/json')
      .expect(409);
    expect(plain.body.values.metric).toBe('rmse');
    await post(`/sponsor/acme/bounties/${bountyId}/scoring`, owner)
      .set('Accept', 'application/json')
      .type('text/plain')
      .send('metric=rmse')
      .expect(422);
    await post(`/submit/sq-missing/entries`, talent)
      .attach('entry', Buffer.from('id\n'), 'e.csv')
      .expect(404);
  });

  it('scores an entry left waiting (by a stopped instance) on the periodic run', async () => {
    const submission = await site.stores.lifecycle.submissionOf(
      bountyId,
      (await site.stores.scored.entriesOfBounty(bountyId))[0]!.authorId,
    );
    const blob = await site.stores.blobs.put(
      (await import('node:stream')).Readable.from([Buffer.from(entryCsv(target))]),
      { contentType: 'text/csv', maxBytes: 1_000_000 },
    );
    const waiting = await site.stores.scored.addEntry({
      bountyId,
      submissionId: submission!.id,
      authorId: submission!.authorId,
      blobId: blob.id,
      fileName: 'left-by-a-stopped-instance.csv',
      at: new Date().toISOString(),
    });
    const until = Date.now() + 60_000;
    while ((await site.stores.scored.entry(waiting.id))?.status === 'queued') {
      if (Date.now() > until) throw new Error('not scored in time');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await site.stores.scored.entry(waiting.id)).toMatchObject({ status: 'scored', publicScore: 1 });
  }, 90_000);

  it('answers 503 with Retry-After while the scoring queue is full, keeping nothing', async () => {
    // Twenty entries waiting, each held by a fresh claim (another instance at work).
    const at = new Date().toISOString();
    const held: Array<[string, string]> = [];
    for (let i = 0; i < 20; i += 1) {
      await site.stores.scored.addEntry({
        bountyId: 'sq-elsewhere',
        submissionId: 'sub-elsewhere',
        authorId: 'someone-else',
        blobId: `not-a-blob-${i}`,
        fileName: 'e.csv',
        at,
      });
      const claim = await site.stores.scored.claimWaiting(`held-${i}`, at, '2000-01-01T00:00:00.000Z');
      if (claim) held.push([claim.id, `held-${i}`]);
    }
    await form(`/submit/${bountyId}`, rival, [
      ['repository', 'https://git.example/bob/late-parcels'],
      ['writeUp', 'A logistic regression.'],
      ['answers', 'See the entries.'],
    ]).expect(303);
    const before = await blobCount();
    const full = await sendEntry(rival, entryCsv(target), 'entry.csv', 'application/json').expect(503);
    expect(Number(full.headers['retry-after'])).toBeGreaterThan(0);
    expect(await blobCount()).toBe(before);
    for (const [id, token] of held) await site.stores.scored.recordInvalid(id, token, ['test'], at);
    await sendEntry(rival, entryCsv(target)).expect(303);
  });

  it('puts the entries in the account export without a private score, and removes them with the account', async () => {
    const exported = await get('/api/account/export', talent).expect(200);
    const text = JSON.stringify(exported.body);
    expect(exported.body.scoredEntries.length).toBeGreaterThan(0);
    expect(text).not.toMatch(/private/i);
    const before = await blobCount();
    const authorId = (await site.stores.scored.entriesOfBounty(bountyId))[0]!.authorId;
    const until = Date.now() + 60_000;
    while ((await site.stores.scored.entriesOfBounty(bountyId)).some((entry) => entry.status === 'queued')) {
      if (Date.now() > until) throw new Error('not scored in time');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const rowsBefore = (await get(`/api/hosted-bounties/${bountyId}/leaderboard`).expect(200)).body.rows
      .length;
    await form('/account/delete', talent, [['confirm', 'DELETE']]).expect(303);
    // Files, names and unscored entries go; the scored ones stay without them, for the board's anonymous row.
    const left = await site.stores.scored.entriesByPerson(authorId);
    expect(left.length).toBeGreaterThan(0);
    expect(
      left.every((entry) => entry.status === 'scored' && entry.blobId === null && entry.fileName === ''),
    ).toBe(true);
    expect(await blobCount()).toBeLessThan(before);
    const board = await get(`/api/hosted-bounties/${bountyId}/leaderboard`).expect(200);
    expect(board.body.rows).toHaveLength(rowsBefore);
    expect(JSON.stringify(board.body)).not.toContain('"ada"');
    expect(JSON.stringify(board.body)).toMatch(/Entrant \d/);
  });
});

describe('download names', () => {
  it('keep letters, digits, dots, dashes and underscores only', () => {
    expect(safeFileName('inputs.csv')).toBe('inputs.csv');
    expect(safeFileName('../../etc/passwd')).toBe('etc_passwd');
    expect(safeFileName('a"b\r\nc.csv')).toBe('a_b_c.csv');
    expect(safeFileName('')).toBe('file');
  });
});
