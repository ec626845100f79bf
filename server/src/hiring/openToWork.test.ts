import request from 'supertest';
import { SAME_ORIGIN, startTestSite, type TestSite } from '../testing/testAccounts';
import { postgresForThisFile } from '../testing/testPostgres';

// Open to work over HTTP on both databases: the account's forms, and who is told what (issue 46 items 1
// and 2). The demo history gives the directory its public profiles and wins.
const postgres = postgresForThisFile('open_to_work');
const kinds: Array<[string, () => Promise<Record<string, string>>]> = [['SQLite', async () => ({})]];
if (postgres.available) kinds.push(['PostgreSQL', async () => ({ DATABASE_URL: await postgres.database() })]);

describe.each(kinds)('open to work on %s', (_kind, envFor) => {
  let site: TestSite;
  let ada: string;
  let talent: string;
  let verifiedOwner: string;
  let verifiedMember: string;
  let unverifiedOwner: string;
  let staff: string;

  const post = (url: string, cookie: string) =>
    request(site.app).post(url).set('Host', '127.0.0.1').set('Origin', SAME_ORIGIN).set('Cookie', cookie);
  const form = (url: string, cookie: string, fields: [string, string][]) =>
    post(url, cookie).type('form').send(new URLSearchParams(fields).toString());
  const get = (url: string, cookie?: string) => {
    const call = request(site.app).get(url);
    return cookie ? call.set('Cookie', cookie) : call;
  };
  const available = (overrides: Record<string, string> = {}): [string, string][] => [
    ['kinds', 'freelance'],
    ['kinds', 'full-time'],
    ['remote', 'on'],
    ['countries', 'DE'],
    ['availableFrom', '2027-02-01'],
    ...Object.entries({ audience: 'verified-sponsors', ...overrides }),
  ];
  async function organisation(owner: string, slug: string, verify: boolean) {
    await post('/sponsor', owner)
      .field('name', slug)
      .field('slug', slug)
      .field('website', `${slug}.example.com`)
      .expect(303);
    const mine = await get('/api/organisations', owner).expect(200);
    const id = (mine.body.organisations as { id: string; slug: string }[]).find((o) => o.slug === slug)?.id;
    if (verify) await form('/staff/organisations/verify', staff, [['id', id ?? '']]).expect(303);
  }

  beforeAll(async () => {
    site = await startTestSite({ SEED_DEMO: '1', ...(await envFor()) });
    [ada, talent, verifiedOwner, verifiedMember, unverifiedOwner, staff] = (await Promise.all(
      [
        'ada@example.com',
        'talent@example.com',
        'owner@hirer.example.com',
        'member@hirer.example.com',
        'owner@unverified.example.com',
        'staff@side-quest.example.com',
      ].map((email) => site.signIn(email)),
    )) as [string, string, string, string, string, string];
    await site.stores.accounts.setRole('staff@side-quest.example.com', 'staff');
    await organisation(verifiedOwner, 'hirer', true);
    await organisation(unverifiedOwner, 'unverified', false);
    await form('/sponsor/hirer/invitations', verifiedOwner, [
      ['email', 'member@hirer.example.com'],
      ['role', 'member'],
    ]).expect(303);
    const invited = await get('/api/organisations', verifiedMember).expect(200);
    await form('/sponsor/invitations', verifiedMember, [
      ['invitationId', invited.body.invitations[0].id],
      ['answer', 'accept'],
    ]).expect(303);
  }, 60_000);
  afterAll(() => site.close());

  it('needs a public profile, sends back what is wrong (422), and saves what is right', async () => {
    expect((await get('/api/account/hiring', ada).expect(200)).body).toEqual({
      hasPublicProfile: false,
      handle: null,
      openToWorkOn: false,
      openToWork: null,
      interviewRequestsOn: true,
    });
    // The page comes back with what was typed and what is wrong (rendered; this site renders no HTML).
    await form('/account/open-to-work', ada, available()).expect(422);
    expect((await get('/api/account/hiring', ada).expect(200)).body.openToWorkOn).toBe(false);
    await form('/account/profile', ada, [
      ['name', 'Ada Lovelace'],
      ['handle', 'ada'],
      ['profilePublic', 'on'],
    ]).expect(303);
    const wrong = await form('/account/open-to-work', ada, [
      ['kinds', 'internship'],
      ['availableFrom', '2027-02-30'],
      ['audience', 'verified-sponsors'],
    ]).expect(422);
    expect(wrong.headers['cache-control']).toBe('private, no-store');
    expect((await get('/api/account/hiring', ada).expect(200)).body.openToWorkOn).toBe(false);

    await form('/account/open-to-work', ada, available())
      .expect(303)
      .expect('Location', '/account?hiring=open-to-work#open-to-work');
    expect((await get('/api/account/hiring', ada).expect(200)).body).toMatchObject({
      hasPublicProfile: true,
      handle: 'ada',
      openToWorkOn: true,
      openToWork: {
        kinds: ['freelance', 'full-time'],
        remote: true,
        countries: ['DE'],
        availableFrom: '2027-02-01',
        audience: 'verified-sponsors',
      },
    });
  });

  it('never tells the public of an availability for verified sponsors', async () => {
    const profile = await get('/api/v1/talent/ada').expect(200);
    expect(profile.body.openToWork).toBeNull();
    const open = await get('/api/v1/talent?work=any').expect(200);
    expect((open.body.data as { handle: string }[]).map((row) => row.handle)).not.toContain('ada');
    const everyone = await get('/api/v1/talent').expect(200);
    expect(everyone.body.data.find((row: { handle: string }) => row.handle === 'ada').openToWork).toBeNull();
    expect((await get('/api/v1/talent/priya-nair').expect(200)).body.openToWork).toBeNull();
    expect((open.body.data as { handle: string }[]).map((row) => row.handle)).not.toContain('priya-nair');
    for (const answer of [profile, open, everyone]) expect(answer.text).not.toContain('verified-sponsors');
  });

  it("tells only a verified organisation's owners and admins; 404 to everyone else", async () => {
    await get('/api/hiring/open-to-work/ada').expect(401);
    await get('/api/hiring/talent').expect(401);
    for (const cookie of [talent, verifiedMember, unverifiedOwner, ada]) {
      await get('/api/hiring/open-to-work/ada', cookie).expect(404);
      const directory = await get('/api/hiring/talent?work=any', cookie).expect(200);
      expect(directory.text).not.toContain('"ada"');
    }
    const seen = await get('/api/hiring/open-to-work/ada', verifiedOwner).expect(200);
    expect(seen.headers['cache-control']).toBe('private, no-store');
    expect(seen.body.openToWork).toMatchObject({
      audience: 'verified-sponsors',
      kinds: ['freelance', 'full-time'],
    });
    const directory = await get('/api/hiring/talent?work=freelance', verifiedOwner).expect(200);
    expect((directory.body.data as { handle: string }[]).map((row) => row.handle)).toContain('ada');
    // Unknown and private handles are the same 404.
    await get('/api/hiring/open-to-work/lin-zhao', verifiedOwner).expect(404);
    await get('/api/hiring/open-to-work/nobody-here', verifiedOwner).expect(404);
    await get('/api/hiring/talent?page=0', verifiedOwner).expect(400);
  });

  it('shows an availability for every visitor to the public, and switches it off at once', async () => {
    await form('/account/open-to-work', ada, available({ audience: 'everyone' })).expect(303);
    expect((await get('/api/v1/talent/ada').expect(200)).body.openToWork).toMatchObject({
      audience: 'everyone',
    });
    const open = await get('/api/v1/talent?work=full-time').expect(200);
    // Ada beside the demo's Tomáš (open to every visitor); never the demo's Priya (verified sponsors only).
    expect((open.body.data as { handle: string }[]).map((row) => row.handle).sort()).toEqual([
      'ada',
      'tomas-novak',
    ]);

    await form('/account/open-to-work/off', ada, [])
      .expect(303)
      .expect('Location', '/account?hiring=open-to-work-off#open-to-work');
    expect((await get('/api/v1/talent/ada').expect(200)).body.openToWork).toBeNull();
    const after = await get('/api/v1/talent?work=any').expect(200);
    expect((after.body.data as { handle: string }[]).map((row) => row.handle)).toEqual(['tomas-novak']);
    await get('/api/hiring/open-to-work/ada', verifiedOwner).expect(404);
    // The details stay for next time.
    expect((await get('/api/account/hiring', ada).expect(200)).body.openToWork.audience).toBe('everyone');
  });

  it('turns interview requests off and on; a choice it cannot read is a 400', async () => {
    await form('/account/interview-requests/settings', ada, [['requests', 'off']])
      .expect(303)
      .expect('Location', '/account?hiring=requests-off#open-to-work');
    expect((await get('/api/account/hiring', ada).expect(200)).body.interviewRequestsOn).toBe(false);
    await form('/account/interview-requests/settings', ada, [['requests', 'maybe']]).expect(400);
    await form('/account/interview-requests/settings', ada, [['requests', 'on']]).expect(303);
    expect((await get('/api/account/hiring', ada).expect(200)).body.interviewRequestsOn).toBe(true);
  });

  it('refuses the forms signed out and from another origin', async () => {
    const signedOut = await request(site.app)
      .post('/account/open-to-work')
      .set('Host', '127.0.0.1')
      .set('Origin', SAME_ORIGIN)
      .type('form')
      .send('kinds=freelance');
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.location).toMatch(/^\/sign-in\?next=/);
    await request(site.app)
      .post('/account/open-to-work/off')
      .set('Cookie', ada)
      .set('Origin', 'https://evil.example')
      .type('form')
      .send('')
      .expect(403);
    await get('/api/account/hiring').expect(401);
  });

  it('puts the availability in the account export, and deletes it with the account', async () => {
    const leaver = await site.signIn('leaver@example.com');
    await form('/account/profile', leaver, [
      ['name', 'Leaver'],
      ['handle', 'leaver'],
      ['profilePublic', 'on'],
    ]).expect(303);
    await form('/account/open-to-work', leaver, available({ audience: 'everyone' })).expect(303);
    const exported = await get('/api/account/export', leaver).expect(200);
    expect(exported.body.hiring).toMatchObject({
      openToWorkOn: true,
      openToWork: { audience: 'everyone', countries: ['DE'] },
      interviewRequestsOn: true,
    });
    const id = [...(await site.stores.hiring.openToWorkByUser()).entries()].find(
      ([, availability]) => availability.audience === 'everyone' && availability.countries.join() === 'DE',
    )?.[0] as string;
    await form('/account/delete', leaver, [['confirm', 'DELETE']]).expect(303);
    expect((await site.stores.hiring.preferences(id)).openToWork).toBeNull();
    await get('/api/v1/talent/leaver').expect(404);
  });
});
