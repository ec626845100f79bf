import type { TestSite } from '../testing/testAccounts';
import { openApiSchemas, type OpenApiDocument } from '../public-api/openApiSchemas';
import {
  binaryKey,
  completeProfile,
  expectNoPrivateScore,
  passDeadlines,
  postBounty,
  sendEntry,
  siteKinds,
  siteRequests,
  scoredSitePeople,
  startScoredSite,
  waitUntilScored,
} from '../testing/testScoredSite';

// The leaderboard over HTTP on both databases (issue 45 item 5): the public board while open (public
// scores only, never a private one), the API's copy against its OpenAPI schema, the team's CSV and who
// is denied it; a withdrawal and a rejection leave the board; at the deadline (the test clock) the
// revealed board with each rank's move, the baseline's private score, and one e-mail to each entrant.
const kinds = siteKinds('leaderboard_routes');

const { ids, target, keyCsv, inputsCsv } = binaryKey(60);
/** Predictions: the truth blurred by a noise of its own per seed, so each entry scores differently. */
const entryCsv = (seed: number, signal: number) =>
  `id,prediction\n${ids
    .map((id, i) => {
      const noise = (Math.sin(seed * 97.1 + i * 13.37) + 1) / 2;
      return `${id},${(signal * target(i) + (1 - signal) * noise).toFixed(6)}`;
    })
    .join('\n')}\n`;

describe.each(kinds)('the leaderboard on %s', (_kind, envFor) => {
  let site: TestSite;
  let env: Record<string, string>;
  let owner: string;
  let stranger: string;
  const entrants: Record<'ada' | 'bob' | 'cy' | 'dee', string> = { ada: '', bob: '', cy: '', dee: '' };
  let staff: string;
  let bountyId = '';

  const requests = siteRequests(() => site);
  const { post, form, get } = requests;
  const board = () => get(`/api/hosted-bounties/${bountyId}/leaderboard`).expect(200);

  beforeAll(async () => {
    env = await envFor();
    const started = await startScoredSite(
      env,
      scoredSitePeople('owner', 'stranger', 'ada', 'bob', 'cy', 'dee', 'staff'),
      {
        staff: 'staff',
        organisations: [
          ['owner', 'acme'],
          ['stranger', 'other'],
        ],
      },
    );
    site = started.site;
    ({
      owner,
      stranger,
      staff,
      ada: entrants.ada,
      bob: entrants.bob,
      cy: entrants.cy,
      dee: entrants.dee,
    } = started.cookies);
    for (const [name, cookie] of Object.entries(entrants))
      // ada's profile is public: the board names her; the others are "Entrant N".
      await completeProfile(requests, cookie, `${name}-x`, name === 'ada' ? [['profilePublic', 'on']] : []);
    bountyId = await postBounty(requests, owner);
  }, 120_000);
  afterAll(() => site.close(), 60_000);

  const setupForm = (baseline: string) =>
    post(`/sponsor/acme/bounties/${bountyId}/scoring`, owner)
      .set('Accept', 'application/json')
      .field('metric', 'roc_auc')
      .field('publicShare', '30')
      .field('dailyEntries', '5')
      .field('finalEntries', '1')
      .field('licence', 'CC BY 4.0')
      .attach('key', Buffer.from(keyCsv), { filename: 'key.csv', contentType: 'text/csv' })
      .attach('inputs', Buffer.from(inputsCsv), { filename: 'inputs.csv', contentType: 'text/csv' })
      .attach('baseline', Buffer.from(baseline), { filename: 'baseline.csv', contentType: 'text/csv' });

  it('scores the baseline at upload (a wrong one is a problem of the form) and shows no board before publication', async () => {
    const refused = await setupForm('id,prediction\nrow-000,2\n').expect(422);
    expect(refused.body.problems.join(' ')).toMatch(/^Baseline: Line 2/);
    await setupForm(entryCsv(1, 0.2)).expect(303);
    const baseline = await site.stores.scored.baseline(bountyId);
    expect(baseline).toEqual({ public: expect.any(Number), private: expect.any(Number) });
    await get(`/api/hosted-bounties/${bountyId}/leaderboard`).expect(404);
    await get(`/api/v1/bounties/${bountyId}/leaderboard`).expect(404);
    await form('/staff/bounties/approve', staff, [['id', bountyId]]).expect(303);
    const empty = (await board()).body;
    expect(empty).toMatchObject({ phase: 'public', rows: [], baseline: baseline!.public, removed: [] });
    // The card and the page know the bounty is scored (they link to the board).
    expect((await get(`/api/hosted-bounties/${bountyId}`).expect(200)).body.hosted.scored).toBe(true);
  }, 60_000);

  it('ranks public scores while open, never shows a private one, and drops the cached board on each score', async () => {
    for (const [name, cookie] of Object.entries(entrants))
      await form(`/submit/${bountyId}`, cookie, [
        ['repository', `https://git.example/${name}/late-parcels`],
        ['writeUp', `How ${name} predicted late parcels.`],
        ['answers', 'See the entries.'],
      ]).expect(303);
    const send = (cookie: string, text: string) => sendEntry(requests, cookie, bountyId, text).expect(303);
    await send(entrants.ada, entryCsv(2, 0.3));
    await waitUntilScored(site);
    // Cached after this read; the next score drops it.
    expect((await board()).body.rows).toHaveLength(1);
    await send(entrants.bob, entryCsv(3, 0.15));
    await send(entrants.cy, entryCsv(4, 0.22));
    await send(entrants.dee, entryCsv(5, 0.18));
    await send(entrants.ada, entryCsv(6, 0.05));
    await waitUntilScored(site);

    const open = (await board()).body;
    expect(open.phase).toBe('public');
    expect(open.rows).toHaveLength(4);
    const scores = open.rows.map((row: { score: number }) => row.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(open.rows.map((row: { rank: number }) => row.rank)).toEqual([1, 2, 3, 4]);
    const ada = open.rows.find((row: { entrant: string }) => row.entrant === 'ada-x');
    expect(ada).toMatchObject({ handle: 'ada-x', entries: 2, move: null });
    for (const row of open.rows.filter((r: { entrant: string }) => r.entrant !== 'ada-x'))
      expect(row.entrant).toMatch(/^Entrant [2-4]$/);
    // Every score on the board is a public one, and no private score is among its numbers.
    const entries = await site.stores.scored.entriesOfBounty(bountyId);
    const baseline = (await site.stores.scored.baseline(bountyId))!;
    const withBaseline = [...entries, { publicScore: baseline.public, privateScore: baseline.private }];
    expect(open.baseline).toBe(baseline.public);
    for (const score of scores) expect(withBaseline.map((entry) => entry.publicScore)).toContain(score);
    expectNoPrivateScore(open, withBaseline);

    // The public API: the same board with its page's address, as its OpenAPI schema says.
    const api = await get(`/api/v1/bounties/${bountyId}/leaderboard`).expect(200);
    expect(api.headers['access-control-allow-origin']).toBe('*');
    expect(api.body.url).toMatch(new RegExp(`/bounty/${bountyId}/leaderboard$`));
    const { paths, check } = openApiSchemas(
      (await get('/api/openapi.json').expect(200)).body as OpenApiDocument,
    );
    expect(paths).toContain('/api/v1/bounties/{id}/leaderboard');
    check('Leaderboard')(api.body);
    await get('/api/v1/bounties/no-such-bounty/leaderboard').expect(404);
    await get('/api/hosted-bounties/no-such-bounty/leaderboard').expect(404);
  }, 120_000);

  it('gives the team the board as CSV, and nobody else', async () => {
    const csv = await get(`/api/lifecycle/bounties/${bountyId}/leaderboard.csv`, owner).expect(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="Predict_which_parcels_arrive_late-leaderboard.csv"',
    );
    expect(csv.headers['x-content-type-options']).toBe('nosniff');
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('rank,entrant,score,entries,best_entry_at,move,board');
    expect(lines).toHaveLength(6);
    expect(lines[5]).toMatch(/^,Baseline \(sponsor\),/);
    await get(`/api/lifecycle/bounties/${bountyId}/leaderboard.csv`, entrants.ada).expect(404);
    await get(`/api/lifecycle/bounties/${bountyId}/leaderboard.csv`, stranger).expect(404);
    await get(`/api/lifecycle/bounties/${bountyId}/leaderboard.csv`, staff).expect(404);
    await get(`/api/lifecycle/bounties/${bountyId}/leaderboard.csv`).expect(401);
    await get(`/api/lifecycle/bounties/no-such-bounty/leaderboard.csv`, owner).expect(404);
  });

  it('drops a withdrawn submission silently and a rejected one without the reason, which only its author reads', async () => {
    const submissionOf = async (cookie: string) =>
      (await get('/api/lifecycle/submissions', cookie).expect(200)).body.submissions[0].id as string;
    await form('/account/submissions/withdraw', entrants.dee, [
      ['submission', await submissionOf(entrants.dee)],
    ]).expect(303);
    await form(`/sponsor/acme/bounties/${bountyId}/reject`, owner, [
      ['submission', await submissionOf(entrants.cy)],
      ['reason', 'The entries copy the sample file.'],
    ]).expect(303);
    const after = (await board()).body;
    expect(after.rows).toHaveLength(2);
    expect(after.removed).toEqual([{ entrant: 'Entrant 3' }]);
    expect(JSON.stringify(after)).not.toContain('copy the sample');
  });

  it('reveals the private board at the deadline with each move, and mails each entrant once', async () => {
    const before = (await board()).body;
    const since = site.smtp.received.length;
    await passDeadlines(site, env, bountyId, 3);
    const revealed = (await board()).body;
    expect(revealed.phase).toBe('private');
    expect(revealed.baseline).toBe((await site.stores.scored.baseline(bountyId))!.private);
    // Each entrant's one final entry (finalEntries 1: their best public one), scored on the private part.
    const entries = await site.stores.scored.entriesOfBounty(bountyId);
    for (const row of revealed.rows) {
      const publicRank = before.rows.findIndex((r: { entrant: string }) => r.entrant === row.entrant) + 1;
      expect(row.move).toBe(publicRank - row.rank);
      expect(entries.some((entry) => entry.privateScore === row.score)).toBe(true);
    }
    const ada = await site.smtp.nextMessageTo('ada@example.com', {
      since,
      subject: 'Final leaderboard: Predict which parcels arrive late',
      timeoutMs: 20_000,
    });
    const adaRow = revealed.rows.find((row: { entrant: string }) => row.entrant === 'ada-x');
    expect(ada.text).toContain(`You placed ${adaRow.rank} of 2`);
    expect(ada.text).toContain(`/bounty/${bountyId}/leaderboard`);
    expect(ada.headerLines.find((line) => line.key === 'list-unsubscribe')?.line).toMatch(
      /\/unsubscribe\/[^>]*talent-updates/,
    );
    await site.smtp.nextMessageTo('bob@example.com', {
      since,
      subject: 'Final leaderboard: Predict which parcels arrive late',
    });
    // Claimed once: a second pass mails nobody again; the rejected and the withdrawn are not mailed.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const finalMails = site.smtp.received
      .slice(since)
      .filter((mail) => String(mail.subject).startsWith('Final leaderboard'));
    expect(finalMails.map((mail) => (mail.to as { text: string }).text).sort()).toEqual([
      'ada@example.com',
      'bob@example.com',
    ]);
  }, 60_000);
});
