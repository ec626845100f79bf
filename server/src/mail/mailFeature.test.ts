import request from 'supertest';
import { authSecret } from '../accounts/authSecret';
import { SAME_ORIGIN, TEST_AUTH_SECRET, startTestSite, type TestSite } from '../testing/testAccounts';
import { postgresForThisFile } from '../testing/testPostgres';
import { lifecycleMails } from '../lifecycle/lifecycleMails';
import { createMailFeature } from './mailFeature';
import { createUnsubscribeTokens } from './unsubscribeTokens';

// Mail preferences and one-click unsubscribe over HTTP, on both databases: SQLite (the default) and
// PostgreSQL (DATABASE_URL).
const postgres = postgresForThisFile('mailprefs');
const kinds: Array<[string, () => Promise<Record<string, string>>]> = [['SQLite', async () => ({})]];
if (postgres.available) kinds.push(['PostgreSQL', async () => ({ DATABASE_URL: await postgres.database() })]);

const ALL_ON = {
  'bounty-alerts': true,
  'talent-updates': true,
  'team-notices': true,
  'interview-requests': true,
};
const ALL_ON_FORM = 'bounty-alerts=on&talent-updates=on&team-notices=on&interview-requests=on';

describe.each(kinds)('mail preferences and unsubscribe on %s', (_kind, envFor) => {
  let site: TestSite;
  let cookie: string;
  let personId: string;
  let tokens: ReturnType<typeof createUnsubscribeTokens>;
  let secret: string;
  beforeAll(async () => {
    const env = await envFor();
    site = await startTestSite(env);
    cookie = await site.signIn('prefs@example.com');
    const context = await site.stores.accounts.auth.$context;
    personId = (await context.internalAdapter.findUserByEmail('prefs@example.com'))?.user.id as string;
    secret = env.DATABASE_URL ? TEST_AUTH_SECRET : authSecret(null, site.dataDir).secret;
    tokens = createUnsubscribeTokens(secret);
  });
  afterAll(() => site.close());

  const switches = async () =>
    (await request(site.app).get('/api/account/mail').set('Cookie', cookie).expect(200)).body.switches;
  const save = (fields: string) =>
    request(site.app)
      .post('/account/mail')
      .set('Host', '127.0.0.1')
      .set('Origin', SAME_ORIGIN)
      .set('Cookie', cookie)
      .type('form')
      .send(fields);

  it('has every optional kind on until the person turns one off, and saves the form', async () => {
    expect(await switches()).toEqual(ALL_ON);
    const saved = await save('bounty-alerts=on&team-notices=on&interview-requests=on').expect(303);
    expect(saved.headers.location).toBe('/account?done=mail#mail');
    expect(await switches()).toEqual({ ...ALL_ON, 'talent-updates': false });
    await save(ALL_ON_FORM).expect(303);
    expect(await switches()).toEqual(ALL_ON);
  });

  it('refuses the form signed out and from another origin', async () => {
    await request(site.app).get('/api/account/mail').expect(401);
    const signedOut = await request(site.app).post('/account/mail').type('form').send('bounty-alerts=on');
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.location).toMatch(/^\/sign-in\?next=/);
    await request(site.app)
      .post('/account/mail')
      .set('Cookie', cookie)
      .set('Origin', 'https://evil.example.com')
      .type('form')
      .send('')
      .expect(403);
    expect(await switches()).toEqual(ALL_ON);
  });

  it('puts the switches in the export', async () => {
    await save('bounty-alerts=on').expect(303);
    const exported = await request(site.app).get('/api/account/export').set('Cookie', cookie).expect(200);
    expect(exported.body.mailPreferences).toEqual({
      'bounty-alerts': true,
      'talent-updates': false,
      'team-notices': false,
      'interview-requests': false,
    });
    await save(ALL_ON_FORM).expect(303);
  });

  it('forgets the switches with the account', async () => {
    const leaving = await site.signIn('leaving@example.com');
    const context = await site.stores.accounts.auth.$context;
    const id = (await context.internalAdapter.findUserByEmail('leaving@example.com'))?.user.id as string;
    await request(site.app)
      .post('/account/mail')
      .set('Host', '127.0.0.1')
      .set('Origin', SAME_ORIGIN)
      .set('Cookie', leaving)
      .type('form')
      .send('team-notices=on')
      .expect(303);
    expect(await site.stores.mailPreferences.stored(id)).toEqual({
      'bounty-alerts': false,
      'talent-updates': false,
      'team-notices': true,
      'interview-requests': false,
    });
    await request(site.app)
      .post('/account/delete')
      .set('Host', '127.0.0.1')
      .set('Origin', SAME_ORIGIN)
      .set('Cookie', leaving)
      .type('form')
      .send('confirm=DELETE')
      .expect(303);
    expect(await site.stores.mailPreferences.stored(id)).toEqual({});
  });

  it("the lifecycle's optional mail follows the switches; the mail a duty depends on always goes", async () => {
    const feature = createMailFeature({
      mailer: site.stores.mailer,
      store: site.stores.mailPreferences,
      accounts: site.stores.accounts,
      legacyLifecycleSwitch: (userId) => site.stores.lifecycle.optionalMail(userId),
      secret,
      origin: 'https://side-quest.example.com',
      counters: site.stores.rateLimitCounters,
      log: { info: () => undefined, warn: () => undefined },
    });
    await save('bounty-alerts=on&team-notices=on').expect(303);
    const since = site.smtp.received.length;
    const to = 'prefs@example.com';
    expect(
      await feature.post.send(lifecycleMails.submissionRejected(to, 'Importer', 'Too slow.', 'u')),
    ).toBeNull();
    await feature.post.send(lifecycleMails.paymentRecorded(to, 'Importer', 1500, 'https://x/answer'));
    await feature.post.send(
      lifecycleMails.reminder(to, 'Importer', 'Payment is overdue', 'https://x/console'),
    );
    await feature.post.send(lifecycleMails.submissionReceived(to, 'Importer', 'https://x/console'));
    await site.stores.mailer.flush();
    const arrived = site.smtp.received.slice(since);
    expect(arrived.map((mail) => mail.subject)).toEqual([
      'Did you receive $1,500 for Importer?',
      'Payment is overdue: Importer',
      'New submission to Importer',
    ]);
    const unsubscribe = (index: number) =>
      arrived[index]?.headerLines.find((line) => line.key === 'list-unsubscribe')?.line ?? null;
    // Duty mail has no unsubscribe; the team notice stops team notices of this person in one click.
    expect(unsubscribe(0)).toBeNull();
    expect(unsubscribe(1)).toBeNull();
    expect(unsubscribe(2)?.replace(/\r?\n[ \t]+/g, ' ')).toMatch(
      new RegExp(
        `^List-Unsubscribe: ?<https://side-quest\\.example\\.com/unsubscribe/${personId}\\.team-notices\\.\\d+\\.[\\w-]+>$`,
      ),
    );
    await save(ALL_ON_FORM).expect(303);
  });

  it('GET shows a page with a button and changes nothing (mail scanners follow links)', async () => {
    const token = tokens.sign({ kind: 'team-notices', personId });
    const page = await request(site.app).get(`/unsubscribe/${token}`).expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text).toContain('<button type="submit">Unsubscribe</button>');
    expect(page.text).toContain('Nothing changes until you press the button.');
    expect(page.text).not.toContain('prefs@example.com');
    expect(await switches()).toEqual(ALL_ON);
  });

  it('one-click POST with no cookie and no Origin stops that kind at once, and again is the same answer', async () => {
    const token = tokens.sign({ kind: 'team-notices', personId });
    for (let time = 0; time < 2; time++) {
      const answer = await request(site.app)
        .post(`/unsubscribe/${token}`)
        .type('form')
        .send('List-Unsubscribe=One-Click')
        .expect(200);
      expect(answer.text).toContain('You are unsubscribed');
      expect(await switches()).toEqual({ ...ALL_ON, 'team-notices': false });
    }
    // A mail provider posts from its own servers: another Origin is no reason to refuse it.
    const other = tokens.sign({ kind: 'bounty-alerts', personId });
    await request(site.app)
      .post(`/unsubscribe/${other}`)
      .set('Origin', 'https://mail.provider.example.com')
      .field('List-Unsubscribe', 'One-Click')
      .expect(200);
    expect(await switches()).toEqual({
      'bounty-alerts': false,
      'talent-updates': true,
      'team-notices': false,
      'interview-requests': true,
    });
    await save(ALL_ON_FORM).expect(303);
  });

  it('a forged, expired or cut token changes nothing and says so with its status', async () => {
    const token = tokens.sign({ kind: 'talent-updates', personId });
    const [, kind, expiry, signature] = token.split('.');
    const forged = `someone-else.${kind}.${expiry}.${signature}`;
    const forgedPost = await request(site.app).post(`/unsubscribe/${forged}`).expect(403);
    expect(forgedPost.text).toContain('This unsubscribe link is not valid');
    expect(forgedPost.text).toContain('nothing was changed');
    await request(site.app).get(`/unsubscribe/${forged}`).expect(403);
    // Signed right, but two days ago for one day.
    const twoDaysAgo = createUnsubscribeTokens(secret, () => Date.now() - 2 * 24 * 60 * 60 * 1000);
    const expired = await request(site.app)
      .post(`/unsubscribe/${twoDaysAgo.sign({ kind: 'talent-updates', personId }, 1)}`)
      .expect(410);
    expect(expired.text).toContain('This unsubscribe link has expired');
    await request(site.app)
      .post(`/unsubscribe/${token.split('.').slice(0, 3).join('.')}`)
      .expect(400);
    expect(await switches()).toEqual(ALL_ON);
  });

  it('is rate-limited per client address', async () => {
    const token = tokens.sign({ kind: 'talent-updates', personId });
    const from = (agent: request.Test) => agent.set('X-Forwarded-For', '203.0.113.77');
    for (let n = 0; n < 30; n++) await from(request(site.app).post(`/unsubscribe/${token}`)).expect(200);
    const limited = await from(request(site.app).post(`/unsubscribe/${token}`)).expect(429);
    expect(limited.headers['retry-after']).toEqual(expect.any(String));
  });
});
