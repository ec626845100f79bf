import request from 'supertest';
import { openStoresFor, type AppStores } from '../app';
import { SAME_ORIGIN, TEST_AUTH_SECRET, startTestSite, type TestSite } from '../testing/testAccounts';
import { readServerConfig, type ServerConfig } from '../config/serverConfig';
import { postgresForThisFile } from '../testing/testPostgres';
import { fakeBuilds } from '../site/fakeBuilds';
import type { MailLog } from '../mail';
import { alertsOnStores } from './alertsCommand';

// Saved-search alerts over HTTP and the digest pass, on both databases: SQLite (the default) and
// PostgreSQL (DATABASE_URL). "Publishing" here imports a bounty into the embedded catalogue.
const postgres = postgresForThisFile('alerts');
const kinds: Array<[string, () => Promise<Record<string, string>>]> = [['SQLite', async () => ({})]];
if (postgres.available) kinds.push(['PostgreSQL', async () => ({ DATABASE_URL: await postgres.database() })]);

const quiet: MailLog = { info: () => undefined, warn: () => undefined };
let counter = 0;
const rustBounty = (title: string) => ({
  id: `alert-test-${(counter += 1)}`,
  document: {
    item_title: title,
    platform_name: 'Ferrous Labs',
    summary_description: 'A Rust task',
    skill_tags: ['Rust'],
    reward_amount: 800,
    deadline: '2099-01-01',
    bounty_area: 'Software',
    created_at: '2020-01-01T00:00:00.000Z',
    is_high_value_bounty: true,
  },
});

describe.each(kinds)('saved-search alerts on %s', (_kind, envFor) => {
  let site: TestSite;
  let config: ServerConfig;
  let ada: string;
  let bob: string;
  beforeAll(async () => {
    const env = await envFor();
    site = await startTestSite(env);
    config = {
      ...readServerConfig({
        DATA_DIR: site.dataDir,
        SMTP_URL: site.smtp.url,
        SSR: 'off',
        SEED_DEMO: '0',
        ...(env.DATABASE_URL ? { AUTH_SECRET: TEST_AUTH_SECRET } : {}),
        ...env,
      }),
      distDirs: fakeBuilds(),
    };
    ada = await site.signIn('ada.alerts@example.com');
    bob = await site.signIn('bob.alerts@example.com');
  });
  afterAll(() => site.close());

  const post = (path: string, cookie: string | null, fields = '') => {
    const call = request(site.app).post(path).set('Host', '127.0.0.1').set('Origin', SAME_ORIGIN);
    if (cookie) call.set('Cookie', cookie);
    return call.type('form').send(fields);
  };
  const alertsOf = async (cookie: string) =>
    (await request(site.app).get('/api/account/alerts').set('Cookie', cookie).expect(200)).body;

  it('signed out: the page and the API are refused, and the list form leads through sign-in and back', async () => {
    await request(site.app).get('/api/account/alerts').expect(401);
    const page = await request(site.app).get('/account/alerts?new=1&skill=Rust').expect(303);
    expect(page.headers.location).toBe(
      `/sign-in?next=${encodeURIComponent('/account/alerts?new=1&skill=Rust')}`,
    );
    const form = await post('/account/alerts?new=1&skill=Rust', null).expect(303);
    expect(form.headers.location).toBe(
      `/sign-in?next=${encodeURIComponent('/account/alerts?new=1&skill=Rust')}`,
    );
    await post('/account/alerts/update', null, 'id=x').expect(303);
    await post('/account/alerts/delete', null, 'id=x').expect(303);
  });

  it("keeps the list's filters from the form's address, without sort or paging, named after them", async () => {
    const saved = await post('/account/alerts?new=1&skill=rust&q=task&sort=title&pages=2', ada).expect(303);
    expect(saved.headers.location).toBe('/account/alerts?done=created');
    const { alerts, mailOn } = await alertsOf(ada);
    expect(mailOn).toBe(true);
    expect(alerts).toEqual([
      expect.objectContaining({
        name: 'Search “task” · Skills: rust',
        query: 'q=task&skill=rust',
        summary: 'Search “task” · Skills: rust',
        frequency: 'daily',
        paused: false,
        lastDigestAt: null,
      }),
    ]);
  });

  it('sends nothing for what was listed before the alert was made', async () => {
    // The dataset has Python bounties: none of them is new to an alert made now.
    await post('/account/alerts?new=1&skill=Python', bob).expect(303);
    const pass = await alertsOnStores(config, site.stores, quiet);
    const since = site.smtp.received.length;
    expect(await pass.sendDue()).toMatchObject({ sent: 0 });
    await site.stores.mailer.flush();
    expect(site.smtp.received.slice(since)).toEqual([]);
    for (const alert of (await alertsOf(bob)).alerts)
      await post('/account/alerts/delete', bob, `id=${alert.id}`);
  });

  it("renames, sets weekly, pauses and deletes only one's own alerts; another's is Not found", async () => {
    await post('/account/alerts', bob, 'query=skill%3DGo&name=Go+work&frequency=weekly').expect(303);
    const [alert] = (await alertsOf(bob)).alerts;
    expect(alert).toMatchObject({ name: 'Go work', query: 'skill=Go', frequency: 'weekly' });
    await post('/account/alerts/update', ada, `id=${alert.id}&name=Mine&frequency=daily`).expect(404);
    await post('/account/alerts/delete', ada, `id=${alert.id}`).expect(404);
    await post('/account/alerts/update', bob, `id=${alert.id}&name=Go+jobs&frequency=daily&paused=on`).expect(
      303,
    );
    expect((await alertsOf(bob)).alerts[0]).toMatchObject({
      name: 'Go jobs',
      frequency: 'daily',
      paused: true,
    });
    // Refused with the page again (its message is rendered into it; these unit tests serve no build).
    await post('/account/alerts/update', bob, `id=${alert.id}&name=Go&frequency=hourly`).expect(422);
    await post('/account/alerts/update', bob, `id=${alert.id}&name=+&frequency=daily`).expect(422);
    await post('/account/alerts/delete', bob, `id=${alert.id}`).expect(303);
    expect((await alertsOf(bob)).alerts).toEqual([]);
  });

  it('keeps at most 10 alerts a person, and says so', async () => {
    for (let n = 0; n < 10; n++) await post(`/account/alerts?new=1&min=${n + 1}`, bob).expect(303);
    await post('/account/alerts?new=1&min=99', bob).expect(409);
    expect((await alertsOf(bob)).alerts).toHaveLength(10);
    for (const alert of (await alertsOf(bob)).alerts)
      await post('/account/alerts/delete', bob, `id=${alert.id}`);
  });

  it('sends one digest of what is new and matching, with one-click unsubscribe, once however many instances run', async () => {
    // Ada's alert (skill rust, search "task") was made above: the catalogue of then is not new to it.
    const first = rustBounty('Rust task: a faster importer');
    site.stores.bounties.put([
      first,
      {
        ...rustBounty('Go task'),
        document: { ...rustBounty('x').document, item_title: 'Go task', skill_tags: ['Go'] },
      },
    ]);
    const since = site.smtp.received.length;
    // Two instances (their own connections to the same database) run the pass at once.
    const other: AppStores = await openStoresFor({ ...config, seedDemo: false });
    try {
      const [one, two] = await Promise.all([
        alertsOnStores(config, site.stores, quiet),
        alertsOnStores(config, other, quiet),
      ]);
      const results = await Promise.all([one.sendDue(), two.sendDue()]);
      expect(results.map((result) => result.sent).sort()).toEqual([0, 1]);
      await Promise.all([site.stores.mailer.flush(), other.mailer.flush()]);
    } finally {
      await other.close();
    }
    const digest = await site.smtp.nextMessageTo('ada.alerts@example.com', { since });
    expect(digest.subject).toBe('1 new bounty: Search “task” · Skills: rust');
    expect(digest.text).toContain('1. Rust task: a faster importer — Ferrous Labs — $800');
    expect(digest.text).toContain(`/bounty/${first.id}`);
    expect(digest.text).not.toContain('Go task');
    // A long header field is folded on the wire: unfolded here.
    const header = (key: string) =>
      (digest.headerLines.find((line) => line.key === key)?.line ?? '').replace(/\r?\n[ \t]+/g, ' ');
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const link =
      /^List-Unsubscribe: ?<(http:\/\/localhost:3000\/unsubscribe\/al_[\w-]+\.alert\.\d+\.[\w-]+)>$/.exec(
        header('list-unsubscribe'),
      )?.[1] as string;
    expect(link).toEqual(expect.any(String));
    // The link of the text is the header's: a mail program without one-click still has it.
    expect(digest.text).toContain(`Stop this alert: ${link}`);
    expect(site.smtp.received.slice(since)).toHaveLength(1);

    // Nothing new since: nothing is sent, and the same period is never sent twice.
    const again = await alertsOnStores(config, site.stores, quiet);
    expect((await again.sendDue()).sent).toBe(0);
    site.stores.bounties.put([rustBounty('Rust task: later the same day')]);
    expect((await again.sendDue()).sent).toBe(0);

    // One click (no cookie, no Origin) pauses the alert.
    const path = new URL(link).pathname;
    await request(site.app).post(path).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect((await alertsOf(ada)).alerts[0]).toMatchObject({ paused: true });
    expect((await alertsOf(ada)).alerts[0].lastDigestAt).toEqual(expect.any(String));
  });

  it('puts the alerts in the export and deletes them with the account', async () => {
    const leaving = await site.signIn('leaving.alerts@example.com');
    await post('/account/alerts?new=1&domain=AI%2FML', leaving).expect(303);
    const exported = await request(site.app).get('/api/account/export').set('Cookie', leaving).expect(200);
    expect(exported.body.alerts).toEqual([
      expect.objectContaining({ name: 'AI/ML', query: 'domain=AI%2FML', frequency: 'daily', paused: false }),
    ]);
    expect(JSON.stringify(exported.body.alerts)).not.toMatch(/userId|al_/);
    const context = await site.stores.accounts.auth.$context;
    const id = (await context.internalAdapter.findUserByEmail('leaving.alerts@example.com'))?.user
      .id as string;
    await post('/account/delete', leaving, 'confirm=DELETE').expect(303);
    expect(await site.stores.alerts.listOf(id)).toEqual([]);
  });
});
