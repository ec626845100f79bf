import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { openDatabase, type SqliteDatabase } from '../../db/database';
import { createLeadStore } from '../leadStore';
import { createLeadForwarder, type ForwardingSettings } from './leadForwarder';
import { createSqliteLeadOutbox } from './leadOutbox';
import { backoffDelay, submissionUrl } from './providerSubmission';

type Mode = 'fail' | 'hang' | 'ok' | 'reject' | 'slow';

/** A loopback stand-in for the provider's form-submission API whose behaviour a test switches. */
async function startFakeProvider() {
  const state = { mode: 'fail' as Mode, received: [] as Array<{ url: string; body: unknown }>, attempts: 0 };
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      state.attempts += 1;
      if (state.mode === 'hang') return; // accept and never answer
      if (state.mode === 'fail') return void res.writeHead(503).end('{"status":"error"}');
      if (state.mode === 'reject') return void res.writeHead(400).end('{"message":"bad field"}');
      state.received.push({ url: req.url ?? '', body: JSON.parse(raw) });
      const answer = () =>
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"inlineMessage":"Thanks"}');
      // 'slow': the provider has accepted the lead but answers late.
      if (state.mode === 'slow') setTimeout(answer, 150);
      else answer();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((socket) => socket.destroy());
        server.close(() => resolve());
      }),
  };
}

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

async function waitFor(check: () => boolean, ms = 5000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('lead forwarding through the outbox', () => {
  let provider: Awaited<ReturnType<typeof startFakeProvider>>;
  let dataDir: string;
  let settings: ForwardingSettings;

  beforeEach(async () => {
    provider = await startFakeProvider();
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

    await waitFor(() => provider.state.attempts >= 2);
    expect(outbox(db)[0]).toMatchObject({ status: 'pending', last_error: expect.stringMatching(/^503/) });

    provider.state.mode = 'hang';
    const attemptsBeforeHang = provider.state.attempts;
    await waitFor(() => provider.state.attempts >= attemptsBeforeHang + 2);
    await waitFor(() => /no answer within 200 ms/.test(outbox(db)[0]?.last_error ?? ''));
    expect(provider.state.received).toHaveLength(0);

    provider.state.mode = 'ok';
    await waitFor(() => outbox(db)[0]?.status === 'delivered');
    await forwarder.stop();

    expect(provider.state.received).toHaveLength(1);
    const [delivery] = provider.state.received;
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
    await waitFor(() => provider.state.attempts >= 1);
    await before.stop();
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
    expect(
      provider.state.received.map((d) => (d.body as { fields: Array<{ value: string }> }).fields[0]?.value),
    ).toEqual(['lead@example.com', 'second@example.com']);
    reopened.close();
  });

  it('stop() waits for the delivery in flight and records it, so a restart never sends it again', async () => {
    provider.state.mode = 'slow';
    const db = openDatabase(dataDir, 'leads.db');
    const store = createLeadStore(db, { outbox: true });
    await store.save(lead);
    const forwarder = createLeadForwarder(createSqliteLeadOutbox(db), { ...settings, timeoutMs: 10_000 });
    forwarder.start();
    await waitFor(() => provider.state.received.length === 1);
    await forwarder.stop();
    expect(outbox(db)[0]).toMatchObject({ status: 'delivered', attempts: 1 });

    provider.state.mode = 'ok';
    const restarted = createLeadForwarder(createSqliteLeadOutbox(db), settings);
    expect(await restarted.deliverDue()).toBe(0);
    expect(provider.state.received).toHaveLength(1);
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

  it('doubles the backoff per attempt up to the cap', () => {
    const noJitter = () => 0.5;
    expect([1, 2, 3, 4, 10].map((n) => backoffDelay(n, 1000, 5000, noJitter))).toEqual([
      1000, 2000, 4000, 5000, 5000,
    ]);
  });
});
