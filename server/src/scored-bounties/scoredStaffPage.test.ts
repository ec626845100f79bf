import type { TestSite } from '../testing/testAccounts';
import {
  binaryKey,
  completeProfile,
  PARCELS_BOUNTY,
  postBounty,
  scoringSetupForm,
  sendEntry,
  siteKinds,
  siteRequests,
  scoredSitePeople,
  startScoredSite,
  waitUntilScored,
} from '../testing/testScoredSite';

// Staff's scores page of a scored bounty over HTTP on both databases (issue 45 items 6 and 12): staff
// see each submission's entrant, public and private score, scored entries and copy flags, sorted by
// plain ?sort= links; everyone else gets 404 (the team has its console), the signed-out a sign-in.
const kinds = siteKinds('scored_staff_page', { BOUNTY_SUBMISSIONS_RATE_LIMIT: '1000' });
const { ids, target, keyCsv, inputsCsv } = binaryKey(40);
const entryCsv = (score: (i: number) => number) =>
  `id,prediction\n${ids.map((id, i) => `${id},${score(i)}`).join('\n')}\n`;
/** The parcels bounty under another title. */
const titled = (title: string) =>
  PARCELS_BOUNTY.map(([name, value]): [string, string] => [name, name === 'title' ? title : value]);

describe.each(kinds)('the staff scores page on %s', (_kind, envFor) => {
  let site: TestSite;
  let owner: string;
  let ada: string;
  let bob: string;
  let staff: string;
  let bountyId = '';
  let plainBountyId = '';
  let pendingBountyId = '';

  const requests = siteRequests(() => site);
  const { form, get } = requests;

  beforeAll(async () => {
    const started = await startScoredSite(await envFor(), scoredSitePeople('owner', 'ada', 'bob', 'staff'), {
      staff: 'staff',
      organisations: [['owner', 'acme']],
    });
    site = started.site;
    ({ owner, ada, bob, staff } = started.cookies);
    bountyId = await postBounty(requests, owner);
    plainBountyId = await postBounty(requests, owner, undefined, titled('Write a parcel tracking guide'));
    pendingBountyId = await postBounty(requests, owner, undefined, titled('Rank parcel routes by delay'));
    for (const id of [bountyId, pendingBountyId])
      await scoringSetupForm(requests, owner, id, {
        key: ['key.csv', keyCsv],
        inputs: ['inputs.csv', inputsCsv],
      }).expect(303);
    for (const id of [bountyId, plainBountyId])
      await form('/staff/bounties/approve', staff, [['id', id]]).expect(303);

    // Ada's entry first; Bob's has the same predictions in other digits: a copy flag on Bob's.
    for (const [cookie, handle, entry] of [
      [ada, 'ada', entryCsv((i) => (target(i) ? 0.9 : 0.1))],
      [bob, 'bob', entryCsv((i) => (target(i) ? 0.9 : 1e-1)).replace(/0\.1\n/g, '1e-1\n')],
    ] as const) {
      await completeProfile(requests, cookie, handle);
      await form(`/submit/${bountyId}`, cookie, [
        ['repository', `https://git.example/${handle}/late-parcels`],
        ['writeUp', 'Gradient boosting on the parcel features.'],
        ['answers', 'See the entries.'],
      ]).expect(303);
      await sendEntry(requests, cookie, bountyId, entry).expect(303);
      await waitUntilScored(site);
    }
    // Bob sends a worse one as well: he has two scored entries.
    await sendEntry(
      requests,
      bob,
      bountyId,
      entryCsv(() => 0.5),
    ).expect(303);
    await waitUntilScored(site);
  }, 180_000);
  afterAll(() => site.close(), 60_000);

  it('shows staff each submission’s entrant, both scores, scored entries and copy flags (whose and when)', async () => {
    const answer = await get(`/staff/scored-bounties/${bountyId}`, staff).expect(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.text).toContain('<h1>Scores: Predict which parcels arrive late</h1>');
    const rows = answer.text.split('data-testid="staff-review-row"').slice(1);
    expect(rows).toHaveLength(2);
    // Public and private score 1 each (both perfect); Ada has 1 scored entry, Bob 2 and the flag.
    expect(rows[0]).toMatch(
      /<th scope="row">ada<\/th>.*<td>1<\/td><td>1<\/td><td>1<\/td><td><span class="muted">None/s,
    );
    expect(rows[1]).toMatch(/<th scope="row">bob<\/th>.*<td>1<\/td><td>1<\/td><td>2<\/td>/s);
    expect(rows[1]).toMatch(
      /Entry of \w+day, .* UTC has the same predictions as ada’s entry of \w+day, .* UTC\./,
    );
    // The split secret and the key's blob never reach the page.
    const setup = await site.stores.scored.setup(bountyId);
    expect(answer.text).not.toContain(setup!.splitSecret);
    expect(answer.text).not.toContain(setup!.key.blobId);
  });

  it('sorts by plain ?sort= links, marking the current one; an unknown sort is the default', async () => {
    const byFlags = await get(`/staff/scored-bounties/${bountyId}?sort=flags`, staff).expect(200);
    expect(byFlags.text).toContain('<a href="?sort=flags#submissions" aria-current="true">Copy flags</a>');
    const order = (html: string) =>
      [...html.matchAll(/<th scope="row">(\w+)<\/th>/g)].map((match) => match[1]);
    expect(order(byFlags.text)).toEqual(['bob', 'ada']);
    const byEntries = await get(`/staff/scored-bounties/${bountyId}?sort=entries`, staff).expect(200);
    expect(order(byEntries.text)).toEqual(['bob', 'ada']);
    const odd = await get(`/staff/scored-bounties/${bountyId}?sort=%3Cscript%3E`, staff).expect(200);
    expect(odd.text).not.toContain('<script');
    expect(odd.text).toContain('<a href="?sort=public#submissions" aria-current="true">Public score</a>');
  });

  it('lists the scored bounties, linked from the staff console', async () => {
    const list = await get('/staff/scored-bounties', staff).expect(200);
    expect(list.text).toContain(
      `<a href="/staff/scored-bounties/${bountyId}">Predict which parcels arrive late</a>`,
    );
    expect(list.text).not.toContain('Write a parcel tracking guide');
    const console = await get('/staff', staff).expect(200);
    expect(console.text).toContain('<a href="/staff/scored-bounties">Scored bounties</a>');
    // A scored bounty awaiting approval links to its setup from its queue card; an unscored one does not.
    expect(console.text).toContain(
      `<a href="/staff/scored-bounties/${pendingBountyId}">scoring setup and scores of “Rank parcel routes by delay”</a>`,
    );
    expect(console.text.match(/scoring setup and scores of/g)).toHaveLength(1);
    const pending = await get(`/staff/scored-bounties/${pendingBountyId}`, staff).expect(200);
    expect(pending.text).toContain('<dd>Pending approval</dd>');
    expect(pending.text).toContain('<p>No submissions yet.</p>');
  });

  it('answers 404 to anyone but staff (the team and entrants too), and for a bounty not scored', async () => {
    for (const cookie of [owner, ada, bob]) {
      await get(`/staff/scored-bounties/${bountyId}`, cookie).expect(404);
      await get('/staff/scored-bounties', cookie).expect(404);
    }
    const signedOut = await get(`/staff/scored-bounties/${bountyId}`).expect(303);
    expect(signedOut.headers.location).toBe(
      `/sign-in?next=${encodeURIComponent(`/staff/scored-bounties/${bountyId}`)}`,
    );
    await get(`/staff/scored-bounties/${plainBountyId}`, staff).expect(404);
    await get('/staff/scored-bounties/sq-nothing-here', staff).expect(404);
    await get(`/staff/scored-bounties/${bountyId}/more`, staff).expect(404);
  });
});
