import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type SqliteDatabase } from '../../db/database';
import { createLeadStore, type StoredLead } from '../leadStore';
import { startFakeProvider, type FakeProvider } from './fakeProvider';
import { createLeadForwarder, type ForwardingSettings } from './leadForwarder';
import { createSqliteLeadOutbox, type LeadOutbox } from './leadOutbox';
import {
  backoffDelay,
  idempotencyKey,
  isRetryableStatus,
  submissionBody,
  submissionUrl,
} from './providerSubmission';

const lead = {
  email: 'lead@example.com',
  challengeType: 'hiring' as const,
  challengeDescription: 'Can our next ML hire really deploy models?',
  costImpact: '$1.5M',
  pageUri: 'https://sidequest.example/for-clients',
  pageName: 'For Clients | Side Quest',
};

function outbox(db: SqliteDatabase) {
  return db
    .prepare('SELECT lead_id, status, attempts, last_error FROM lead_outbox ORDER BY lead_id')
    .all() as Array<{
    lead_id: number;
    status: string;
    attempts: number;
    last_error: string | null;
  }>;
}

/** Every stored lead, read back through a connection of its own (as another instance would). */
function storedLeads(dataDir: string): StoredLead[] {
  const db = openDatabase(dataDir, 'leads.db');
  try {
    return db
      .prepare(
        `SELECT id, email, challenge_type AS challengeType, challenge_description AS challengeDescription,
           cost_impact AS costImpact, page_uri AS pageUri, page_name AS pageName, created_at AS createdAt
         FROM leads ORDER BY id`,
      )
      .all() as StoredLead[];
  } finally {
    db.close();
  }
}

/**
 * An instance killed after the provider accepted a lead and before the outcome reached the outbox: the
 * delivery runs for real, then nothing is recorded (the row stays pending, as after SIGKILL).
 */
function killedBeforeRecording(outbox: LeadOutbox): LeadOutbox {
  return {
    deliverNextDue: (now, deliver) =>
      outbox.deliverNextDue(now, async (row) => {
        await deliver(row);
        throw new Error('killed before the outcome was recorded');
      }),
  };
}

async function waitFor(check: () => boolean, ms = 5000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('lead forwarding through the outbox', () => {
  let provider: FakeProvider;
  let dataDir: string;
  let settings: ForwardingSettings;

  beforeEach(async () => {
    provider = await startFakeProvider({ mode: 'fail' });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-outbox-'));
    settings = {
      submitUrl: provider.url,
      portalId: '123',
      formId: 'lead-form',
      timeoutMs: 200,
      retryBaseMs: 30,
      retryMaxMs: 200,
      pollMs: 20,
    };
  });
  afterEach(() => provider.stop());

  it('keeps retrying while the provider fails and hangs, and delivers once it recovers', async () => {
    const db = openDatabase(dataDir, 'leads.db');
    const store = createLeadStore(db, { outbox: true });
    const forwarder = createLeadForwarder(createSqliteLeadOutbox(db), settings);
    const id = await store.save(lead);
    forwarder.start();

    await waitFor(() => provider.requests.length >= 2);
    expect(outbox(db)[0]).toMatchObject({ status: 'pending', last_error: expect.stringMatching(/^503/) });

    provider.state.mode = 'hang';
    const attemptsBeforeHang = provider.requests.length;
    await waitFor(() => provider.requests.length >= attemptsBeforeHang + 2);
    await waitFor(() => /no answer within 200 ms/.test(outbox(db)[0]?.last_error ?? ''));
    expect(provider.records).toHaveLength(0);

    provider.state.mode = 'ok';
    await waitFor(() => outbox(db)[0]?.status === 'delivered');
    await forwarder.stop();

    expect(provider.records).toHaveLength(1);
    const [delivery] = provider.records;
    expect(delivery?.url).toBe('/submissions/v3/integration/submit/123/lead-form');
    expect(delivery?.body).toMatchObject({
      fields: expect.arrayContaining([
        { objectTypeId: '0-1', name: 'email', value: 'lead@example.com' },
        { objectTypeId: '0-1', name: 'challenge_type', value: 'hiring' },
        { objectTypeId: '0-1', name: 'cost_impact', value: '$1.5M' },
      ]),
      context: { pageUri: 'https://sidequest.example/for-clients', pageName: 'For Clients | Side Quest' },
    });
    expect(outbox(db)[0]?.lead_id).toBe(id);

    // Failed, timed-out and successful attempts alike carried the lead's one key and the same body.
    const [stored] = storedLeads(dataDir);
    expect(stored?.id).toBe(id);
    const keys = provider.requests.map((request) => request.key);
    expect(keys.length).toBeGreaterThanOrEqual(5);
    expect(new Set(keys)).toEqual(new Set([idempotencyKey(stored as StoredLead)]));
    expect(new Set(provider.requests.map((request) => JSON.stringify(request.body))).size).toBe(1);
    db.close();
  });

  it('picks up pending deliveries after a restart', async () => {
    provider.state.mode = 'fail';
    const first = openDatabase(dataDir, 'leads.db');
    const store = createLeadStore(first, { outbox: true });
    await store.save(lead);
    await store.save({ ...lead, email: 'second@example.com' });
    // A generous timeout: on a busy machine a request cut off by its timeout could still reach the provider.
    const patient = { ...settings, timeoutMs: 10_000 };
    const before = createLeadForwarder(createSqliteLeadOutbox(first), patient);
    before.start();
    await waitFor(() => provider.requests.length >= 1);
    await before.stop();
    const requestsBeforeRestart = provider.requests.length;
    first.close();

    provider.state.mode = 'ok';
    const reopened = openDatabase(dataDir, 'leads.db');
    createLeadStore(reopened, { outbox: true });
    const after = createLeadForwarder(createSqliteLeadOutbox(reopened), {
      ...patient,
      retryBaseMs: 1,
      retryMaxMs: 1,
    });
    // The earlier run pushed the first row into the future; move it due so the restart is what's tested.
    reopened.prepare('UPDATE lead_outbox SET next_attempt_at = 0').run();
    after.start();
    await waitFor(() => outbox(reopened).every((row) => row.status === 'delivered'));
    await after.stop();
    expect(provider.records.map((record) => record.email)).toEqual([
      'lead@example.com',
      'second@example.com',
    ]);
    // Before and after the restart, each lead's requests carried that lead's one key.
    expect(provider.requests.length).toBeGreaterThan(requestsBeforeRestart);
    const keysPerEmail = new Map<string, Set<string | null>>();
    for (const { email, key } of provider.requests)
      keysPerEmail.set(email ?? '', (keysPerEmail.get(email ?? '') ?? new Set()).add(key));
    expect(keysPerEmail).toEqual(
      new Map(storedLeads(dataDir).map((stored) => [stored.email, new Set([idempotencyKey(stored)])])),
    );
    reopened.close();
  });

  it('stop() waits for the delivery in flight and records it, so a restart never sends it again', async () => {
    // The provider accepts the lead at once but answers 150 ms later.
    provider.state.mode = 'ok';
    provider.state.delayMs = 150;
    const db = openDatabase(dataDir, 'leads.db');
    const store = createLeadStore(db, { outbox: true });
    await store.save(lead);
    const forwarder = createLeadForwarder(createSqliteLeadOutbox(db), { ...settings, timeoutMs: 10_000 });
    forwarder.start();
    await waitFor(() => provider.records.length === 1);
    await forwarder.stop();
    expect(outbox(db)[0]).toMatchObject({ status: 'delivered', attempts: 1 });

    provider.state.delayMs = 0;
    const restarted = createLeadForwarder(createSqliteLeadOutbox(db), settings);
    expect(await restarted.deliverDue()).toBe(0);
    expect(provider.requests).toHaveLength(1);
    db.close();
  });

  it('a lead the provider accepted before the instance died is sent again with the same key and recorded once', async () => {
    provider.state.mode = 'ok';
    const db = openDatabase(dataDir, 'leads.db');
    const store = createLeadStore(db, { outbox: true });
    await store.save(lead);
    const dying = createLeadForwarder(killedBeforeRecording(createSqliteLeadOutbox(db)), settings);
    await expect(dying.deliverDue()).rejects.toThrow('killed before the outcome was recorded');
    expect(provider.records).toHaveLength(1);
    expect(outbox(db)[0]).toMatchObject({ status: 'pending', attempts: 0 });
    db.close();

    // The restarted instance finds the row pending and delivers it again: same key, a replay.
    const restartedDb = openDatabase(dataDir, 'leads.db');
    createLeadStore(restartedDb, { outbox: true });
    const restarted = createLeadForwarder(createSqliteLeadOutbox(restartedDb), settings);
    expect(await restarted.deliverDue()).toBe(1);
    const [stored] = storedLeads(dataDir) as [StoredLead];
    expect(provider.requests.map(({ key, outcome }) => ({ key, outcome }))).toEqual([
      { key: idempotencyKey(stored), outcome: 'recorded' },
      { key: idempotencyKey(stored), outcome: 'replayed' },
    ]);
    expect(provider.sentTwice()).toEqual(['lead@example.com']);
    expect(provider.recordedTwice()).toEqual([]);
    expect(provider.records).toHaveLength(1);
    expect(provider.replays()).toBe(1);
    expect(outbox(restartedDb)[0]).toMatchObject({ status: 'delivered', attempts: 1 });
    restartedDb.close();
  });

  it('two instances racing on one lead send the same key, and the provider records it once', async () => {
    provider.state.mode = 'ok';
    const db = openDatabase(dataDir, 'leads.db');
    const store = createLeadStore(db, { outbox: true });
    await store.save(lead);
    // Two connections, two forwarders: nothing stops the second from taking the row the first has in flight.
    const otherDb = openDatabase(dataDir, 'leads.db');
    const patient = { ...settings, timeoutMs: 10_000 };
    const one = createLeadForwarder(createSqliteLeadOutbox(db), patient);
    const two = createLeadForwarder(createSqliteLeadOutbox(otherDb), patient);
    const answer = provider.holdAnswers();
    const first = one.deliverDue();
    await waitFor(() => provider.requests.length === 1);
    const second = two.deliverDue();
    await waitFor(() => provider.requests.length === 2);
    // Both requests are at the provider, neither answered yet.
    expect(outbox(db)[0]).toMatchObject({ status: 'pending', attempts: 0 });
    answer();
    expect(await Promise.all([first, second])).toEqual([1, 1]);

    const [stored] = storedLeads(dataDir) as [StoredLead];
    expect(provider.requests.map(({ key, outcome }) => ({ key, outcome }))).toEqual([
      { key: idempotencyKey(stored), outcome: 'recorded' },
      { key: idempotencyKey(stored), outcome: 'replayed' },
    ]);
    expect(provider.records).toHaveLength(1);
    expect(provider.replays()).toBe(1);
    expect(outbox(db)[0]?.status).toBe('delivered');
    otherDb.close();
    db.close();
  });

  it('marks a lead the provider refuses for good as rejected instead of retrying forever', async () => {
    provider.state.mode = 'reject';
    const db = openDatabase(dataDir, 'leads.db');
    const store = createLeadStore(db, { outbox: true });
    await store.save(lead);
    const forwarder = createLeadForwarder(createSqliteLeadOutbox(db), settings);
    const errorLog = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await forwarder.deliverDue();
    errorLog.mockRestore();
    expect(outbox(db)[0]).toMatchObject({
      status: 'rejected',
      attempts: 1,
      last_error: expect.stringMatching(/^400/),
    });
    db.close();
  });
});

describe('provider submission helpers', () => {
  it('builds the HubSpot-style submission URL from any base', () => {
    expect(submissionUrl('https://api.hsforms.com/', '1 2', 'f/g')).toBe(
      'https://api.hsforms.com/submissions/v3/integration/submit/1%202/f%2Fg',
    );
  });

  it('derives the idempotency key from the stored lead alone: the same on every call, one per lead', () => {
    const stored = { ...lead, id: 42, createdAt: '2030-01-02T03:04:05.000Z' };
    expect(idempotencyKey(stored)).toBe('side-quest-lead-42-1893553445000');
    // The same row read again (another attempt, another instance) gives the same key and the same body.
    expect(idempotencyKey({ ...stored })).toBe(idempotencyKey(stored));
    expect(JSON.stringify(submissionBody({ ...stored }))).toBe(JSON.stringify(submissionBody(stored)));
    expect(idempotencyKey({ ...stored, id: 43 })).not.toBe(idempotencyKey(stored));
    // Ids starting over in a recreated database do not reuse an old lead's key.
    expect(idempotencyKey({ ...stored, createdAt: '2031-01-02T03:04:05.000Z' })).not.toBe(
      idempotencyKey(stored),
    );
  });

  it('retries 409 (an earlier request with the key still in progress) but not other 4xx', () => {
    expect([408, 409, 429, 500, 503].map(isRetryableStatus)).toEqual([true, true, true, true, true]);
    expect([400, 401, 404, 422].map(isRetryableStatus)).toEqual([false, false, false, false]);
  });

  it('doubles the backoff per attempt up to the cap', () => {
    const noJitter = () => 0.5;
    expect([1, 2, 3, 4, 10].map((n) => backoffDelay(n, 1000, 5000, noJitter))).toEqual([
      1000, 2000, 4000, 5000, 5000,
    ]);
  });
});
