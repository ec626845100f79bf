import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import pg from 'pg';
import { createApp, openStoresFor, type AppStores } from '../app';
import { REMOTE_NAMES, readServerConfig, remoteUrlVariable } from '../config/serverConfig';
import { countHit } from '../rate-limits/rateLimitRules';
import { startFakeProvider } from '../leads/forwarding/fakeProvider';
import { createLeadForwarder } from '../leads/forwarding/leadForwarder';
import {
  createPostgresLeadOutbox,
  createSqliteLeadOutbox,
  type LeadOutbox,
} from '../leads/forwarding/leadOutbox';
import { idempotencyKey } from '../leads/forwarding/providerSubmission';
import { openDatabase } from './database';
import { MIGRATIONS, migrate, openPostgres } from './postgres';
import {
  createTestDatabase,
  postgresAvailable,
  startTestPostgres,
  type TestPostgres,
} from '../testing/testPostgres';

// One contract for every adapter of the server's write stores: SQLite (the default) and PostgreSQL
// (DATABASE_URL), the latter on a real server this suite starts on loopback.

const lead = (email: string) => ({
  email,
  challengeType: 'hiring' as const,
  challengeDescription: 'Can our next ML hire really deploy models?',
  costImpact: '$1.5M',
  pageUri: 'https://sidequest.example/for-clients',
  pageName: 'For Clients | Side Quest',
});

const forwardingEnv = (crmUrl: string) => ({
  MARKETING_PORTAL_ID: 'p',
  MARKETING_LEAD_FORM_ID: 'f',
  MARKETING_SUBMIT_URL: crmUrl,
});

async function waitFor(check: () => boolean | Promise<boolean>, ms = 10_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface Adapter {
  /** Opens the stores on a fresh, empty database; `env` adds configuration. */
  open(env?: Record<string, string>): Promise<{ stores: AppStores; env: Record<string, string> }>;
  /** A second, independent outbox on the same database (another server instance). */
  outbox(env: Record<string, string>): { outbox: LeadOutbox; close(): Promise<void> };
}

let postgres: TestPostgres | null = null;
let databases = 0;
const havePostgres = postgresAvailable();

beforeAll(async () => {
  if (havePostgres) postgres = await startTestPostgres();
}, 60_000);
afterAll(async () => {
  await postgres?.destroy();
});

const adapters: Array<[string, Adapter]> = [
  [
    'SQLite',
    {
      async open(extra = {}) {
        const env = { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'sq-contract-')), ...extra };
        return { stores: await openStoresFor(readServerConfig(env)), env };
      },
      outbox(env) {
        const db = openDatabase(env.DATA_DIR as string, 'leads.db');
        return {
          outbox: createSqliteLeadOutbox(db),
          close: async () => {
            db.close();
          },
        };
      },
    },
  ],
];
if (havePostgres)
  adapters.push([
    'PostgreSQL',
    {
      async open(extra = {}) {
        databases += 1;
        const url = await createTestDatabase(
          (postgres as TestPostgres).url,
          `contract_${process.pid}_${databases}`,
        );
        const env = {
          DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'sq-contract-')),
          DATABASE_URL: url,
          AUTH_SECRET: 'a-contract-test-secret-0123456789abcdef',
          ...extra,
        };
        return { stores: await openStoresFor(readServerConfig(env)), env };
      },
      outbox(env) {
        const pool = openPostgres(env.DATABASE_URL as string);
        return { outbox: createPostgresLeadOutbox(pool), close: () => pool.end() };
      },
    },
  ]);

const forwardingSettings = (submitUrl: string) => ({
  submitUrl,
  portalId: 'p',
  formId: 'f',
  timeoutMs: 5_000,
  retryBaseMs: 10,
  retryMaxMs: 50,
  pollMs: 10_000,
});

/**
 * Saves 40 leads, runs `instances` forwarders' passes side by side until nothing is due; returns what the
 * provider fake saw. It answers after a short pause, so deliveries overlap.
 */
async function deliverAll(adapter: Adapter, instances: number) {
  const crm = await startFakeProvider({ delayMs: 2 });
  const { stores, env } = await adapter.open(forwardingEnv(crm.url));
  const emails = Array.from({ length: 40 }, (_, i) => `lead${i}@example.com`);
  const outboxes = Array.from({ length: instances }, () => adapter.outbox(env));
  try {
    await Promise.all(emails.map((email) => stores.leads.save(lead(email))));
    expect(await stores.leads.pendingDeliveries()).toBe(40);
    const forwarders = outboxes.map(({ outbox }) => createLeadForwarder(outbox, forwardingSettings(crm.url)));
    while ((await stores.leads.pendingDeliveries()) > 0)
      await Promise.all(forwarders.map((forwarder) => forwarder.deliverDue()));
    const keys = new Map((await stores.leads.all()).map((stored) => [stored.email, idempotencyKey(stored)]));
    return { emails, keys, crm };
  } finally {
    await Promise.all(outboxes.map((instance) => instance.close()));
    await stores.close();
    await crm.stop();
  }
}

/** Every lead sent once, with its own key, and recorded once. */
function expectEachLeadOnce({ emails, keys, crm }: Awaited<ReturnType<typeof deliverAll>>) {
  expect([...crm.sentPerEmail.keys()].sort()).toEqual([...emails].sort());
  expect([...crm.sentPerEmail.values()].every((count) => count === 1)).toBe(true);
  expect(crm.requests.map((request) => request.key)).toEqual(
    crm.requests.map((request) => keys.get(request.email ?? '')),
  );
  expect(new Set(keys.values()).size).toBe(emails.length);
  expect(crm.recordedTwice()).toEqual([]);
  expect(crm.replays()).toBe(0);
}

describe.each(adapters)('store contract: %s', (_name, adapter) => {
  it('stores leads, contacts and bounty submissions, and lists them back in order', async () => {
    const { stores } = await adapter.open();
    const first = await stores.leads.save(lead('a@example.com'));
    const second = await stores.leads.save(lead('b@example.com'));
    expect(second).toBeGreaterThan(first);
    expect(await stores.leads.count()).toBe(2);
    expect(await stores.leads.all()).toEqual([
      { ...lead('a@example.com'), id: first, createdAt: expect.any(String) },
      { ...lead('b@example.com'), id: second, createdAt: expect.any(String) },
    ]);
    expect(await stores.leads.pendingDeliveries()).toBe(0);

    const now = new Date('2030-01-02T03:04:05.000Z');
    const signup = await stores.contacts.addSignup(
      { email: 'ada@example.com', source: 'login', pageUri: '/x' },
      now,
    );
    expect(await stores.contacts.listSignups()).toEqual([signup]);
    expect(signup.createdAt).toBe('2030-01-02T03:04:05.000Z');
    const challenge = await stores.contacts.addChallengeRequest(
      {
        email: 'ada@example.com',
        company: 'Ferris',
        challengeDescription: 'Builds take an hour.',
        pageUri: '',
      },
      now,
    );
    expect(await stores.contacts.listChallengeRequests()).toEqual([challenge]);

    const draft = {
      title: 'T',
      company: 'C',
      description: 'D',
      bountyAmount: 1500.5,
      deadlineDays: 14,
      domain: 'AI/ML' as const,
    };
    const id = await stores.bountySubmissions.save(draft);
    expect(await stores.bountySubmissions.all()).toEqual([
      { ...draft, id, status: 'pending', createdAt: expect.any(String) },
    ]);
    // Staff archive a draft once; an unknown or archived one is not archived again.
    expect(await stores.bountySubmissions.archive(id)).toBe(true);
    expect(await stores.bountySubmissions.archive(id)).toBe(false);
    expect(await stores.bountySubmissions.archive(id + 1000)).toBe(false);
    expect((await stores.bountySubmissions.all())[0]?.status).toBe('archived');
    await stores.close();
  });

  it('counts rate-limit hits per key and window exactly as countHit says, atomically under concurrency', async () => {
    const { stores } = await adapter.open();
    const counters = stores.rateLimitCounters;
    let expected = null as ReturnType<typeof countHit> | null;
    for (const now of [1_000, 2_000, 60_999]) {
      expected = countHit(expected, now, 60_000);
      expect(await counters.hit('signups:1.2.3.4', 60_000, now)).toEqual(expected);
    }
    expect(await counters.hit('signups:1.2.3.4', 60_000, 61_000)).toEqual(countHit(expected, 61_000, 60_000));
    expect(await counters.hit('signups:5.6.7.8', 60_000, 61_000)).toEqual({ hits: 1, resetAt: 121_000 });
    await counters.undo('signups:5.6.7.8');
    expect(await counters.hit('signups:5.6.7.8', 60_000, 61_001)).toEqual({ hits: 1, resetAt: 121_000 });
    await counters.reset('signups:5.6.7.8');
    expect(await counters.hit('signups:5.6.7.8', 60_000, 70_000)).toEqual({ hits: 1, resetAt: 130_000 });
    // 50 hits at once: every count from 1 to 50 handed out once, none lost.
    const counts = await Promise.all(
      Array.from({ length: 50 }, () => counters.hit('leads:9.9.9.9', 60_000, 80_000)),
    );
    expect(counts.map((count) => count.hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    await stores.close();
  });

  it('the forwarder delivers every stored lead exactly once, each with its own idempotency key', async () => {
    expectEachLeadOnce(await deliverAll(adapter, 1));
  });

  it('keeps blobs where the other stores keep their data: DATA_DIR/blobs, or PostgreSQL', async () => {
    const { stores, env } = await adapter.open();
    const { id } = await stores.blobs.put(Readable.from([Buffer.from('id,target\n1,0\n')]), {
      contentType: 'text/csv',
      maxBytes: 100,
    });
    const onDisk = fs.existsSync(path.join(env.DATA_DIR as string, 'blobs', 'objects', id.slice(0, 2), id));
    expect(onDisk).toBe(!env.DATABASE_URL);
    if (env.DATABASE_URL) {
      const client = new pg.Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      const { rowCount } = await client.query('SELECT 1 FROM blobs WHERE id = $1 AND complete', [id]);
      await client.end();
      expect(rowCount).toBe(1);
    }
    await stores.close();
  });

  it('keeps scored bounties’ setups and entries in scored.db, or PostgreSQL (scoredStore.test.ts holds their contract)', async () => {
    const { stores, env } = await adapter.open();
    const entry = await stores.scored.addEntry({
      bountyId: 'b1',
      submissionId: 's1',
      authorId: 'u1',
      blobId: 'blob',
      fileName: 'entry.csv',
      at: '2026-11-30T10:00:00.000Z',
    });
    expect((await stores.scored.entriesOf('b1', 'u1')).map((e) => e.id)).toEqual([entry.id]);
    expect(fs.existsSync(path.join(env.DATA_DIR as string, 'scored.db'))).toBe(!env.DATABASE_URL);
    await stores.close();
  });
});

(havePostgres ? describe : describe.skip)('PostgreSQL operations', () => {
  // SQLite is one process's file; sharing an outbox between instances is what PostgreSQL is for.
  it('two instances working one outbox (FOR UPDATE SKIP LOCKED) deliver every lead exactly once', async () => {
    expectEachLeadOnce(await deliverAll(adapters[1]?.[1] as Adapter, 2));
  });

  it('an instance losing its connection with a lead at the provider: the other sends the same key, recorded once', async () => {
    const adapter = adapters[1]?.[1] as Adapter;
    const crm = await startFakeProvider();
    const { stores, env } = await adapter.open(forwardingEnv(crm.url));
    const one = adapter.outbox(env);
    const two = adapter.outbox(env);
    const admin = new pg.Client({ connectionString: env.DATABASE_URL });
    await admin.connect();
    try {
      await stores.leads.save(lead('race@example.com'));
      const settings = { ...forwardingSettings(crm.url), timeoutMs: 10_000 };
      const answer = crm.holdAnswers();
      const first = createLeadForwarder(one.outbox, settings)
        .deliverDue()
        .then(
          (delivered) => `delivered ${delivered}`,
          (error: Error) => error.message,
        );
      await waitFor(() => crm.requests.length === 1);
      // The provider has the lead and has not answered: instance one's connection, holding the row's lock,
      // dies (as with SIGKILL), and the lock with it.
      const claimed = `state = 'idle in transaction' AND query LIKE '%SKIP LOCKED%'`;
      const { rows } = await admin.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND ${claimed}`,
      );
      expect(rows).toHaveLength(1);
      await admin.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid]);
      await waitFor(
        async () =>
          (await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [rows[0]?.pid])).rowCount === 0,
      );
      // Instance two claims the row while instance one's request is still unanswered: both are in flight.
      const second = createLeadForwarder(two.outbox, settings).deliverDue();
      await waitFor(() => crm.requests.length === 2);
      answer();
      expect(await second).toBe(1);
      // Instance one's outcome could not be recorded: its connection is gone.
      expect(await first).toMatch(/connection|terminat/i);

      const [stored] = await stores.leads.all();
      const key = idempotencyKey(stored as NonNullable<typeof stored>);
      expect(crm.requests.map((request) => ({ key: request.key, outcome: request.outcome }))).toEqual([
        { key, outcome: 'recorded' },
        { key, outcome: 'replayed' },
      ]);
      expect(crm.records).toHaveLength(1);
      expect(crm.replays()).toBe(1);
      expect(await stores.leads.pendingDeliveries()).toBe(0);
    } finally {
      await admin.end();
      await Promise.all([one.close(), two.close()]);
      await stores.close();
      await crm.stop();
    }
  }, 30_000);

  it('applies the migrations once, however often and however many instances start', async () => {
    const url = await createTestDatabase((postgres as TestPostgres).url, `migrations_${process.pid}`);
    const pools = [openPostgres(url), openPostgres(url), openPostgres(url)];
    const applied = await Promise.all(pools.map((pool) => migrate(pool)));
    expect(applied.flat()).toEqual(MIGRATIONS.map((migration) => migration.version));
    expect(await migrate(pools[0] as pg.Pool)).toEqual([]);
    const { rows } = await (pools[0] as pg.Pool).query(
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    expect(rows).toEqual(MIGRATIONS.map((migration) => ({ version: migration.version })));
    await Promise.all(pools.map((pool) => pool.end()));
  });

  it('/api/ready goes 503 while the database is stopped and 200 once it is back', async () => {
    const manifests = http.createServer((_req, res) => res.end('{}'));
    await new Promise<void>((resolve) => manifests.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(manifests.address() as AddressInfo).port}`;
    const url = await createTestDatabase((postgres as TestPostgres).url, `ready_${process.pid}`);
    const config = readServerConfig({
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'sq-ready-pg-')),
      DATABASE_URL: url,
      AUTH_SECRET: 'a-contract-test-secret-0123456789abcdef',
      ...Object.fromEntries(REMOTE_NAMES.map((name) => [remoteUrlVariable(name), `${origin}/${name}.json`])),
    });
    const stores = await openStoresFor(config);
    const app = createApp(config, stores);
    await request(app).get('/api/ready').expect(200);
    await (postgres as TestPostgres).stopServer();
    try {
      const down = await request(app).get('/api/ready').expect(503);
      expect(down.body).toMatchObject({ status: 'not ready', failed: ['database'], outboxBacklog: null });
    } finally {
      await (postgres as TestPostgres).startServer();
    }
    await request(app).get('/api/ready').expect(200);
    await stores.close();
    await new Promise<void>((resolve) => manifests.close(() => resolve()));
  }, 30_000);
});
