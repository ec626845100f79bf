import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createApp, openStores } from '../app';
import { REMOTE_NAMES, readServerConfig, remoteUrlVariable } from '../config/serverConfig';
import { readinessReport } from './readiness';

/** Every remote's manifest on one loopback host; `failing` names the remotes that answer 500. */
async function startManifestHost() {
  const failing = new Set<string>();
  const server = http.createServer((req, res) => {
    const name = (req.url ?? '').split('/')[1] ?? '';
    if (failing.has(name)) return void res.writeHead(500).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(`{"id":"${name}"}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const env = Object.fromEntries(
    REMOTE_NAMES.map((name) => [remoteUrlVariable(name), `${origin}/${name}/mf-manifest.json`]),
  );
  return { failing, env, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('readinessReport', () => {
  it('is ready only when every check passed, and names the ones that failed', () => {
    expect(readinessReport({ database: { ok: true }, 'remote:compass': { ok: true } }, 3)).toEqual({
      status: 'ready',
      failed: [],
      checks: { database: { ok: true }, 'remote:compass': { ok: true } },
      outboxBacklog: 3,
    });
    expect(
      readinessReport({ database: { ok: false, error: 'down' }, 'remote:compass': { ok: true } }, null),
    ).toMatchObject({ status: 'not ready', failed: ['database'], outboxBacklog: null });
  });
});

/** Only the clock is faked: the servers, sockets and timers of the test run for real. */
const FAKE_CLOCK_ONLY = {
  doNotFake: [
    'nextTick',
    'setImmediate',
    'clearImmediate',
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
    'queueMicrotask',
    'hrtime',
    'performance',
  ],
} satisfies Parameters<typeof jest.useFakeTimers>[0];

describe('GET /api/ready', () => {
  let host: Awaited<ReturnType<typeof startManifestHost>>;
  beforeEach(async () => (host = await startManifestHost()));
  afterEach(() => {
    jest.useRealTimers();
    return host.stop();
  });

  it('answers 200 when the database and every remote manifest answer, 503 naming what failed otherwise', async () => {
    const config = readServerConfig({
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'sq-ready-')),
      ...host.env,
    });
    // The clock is the test's, so the stores' caches can be made old on purpose below.
    jest.useFakeTimers(FAKE_CLOCK_ONLY);
    const stores = openStores(config);
    const app = createApp(config, stores);
    const ready = await request(app).get('/api/ready').expect(200);
    expect(ready.body).toMatchObject({ status: 'ready', failed: [], outboxBacklog: 0 });
    // No SMTP_URL: the site serves, and says its e-mail only lands in files.
    expect(ready.body.mail).toEqual({ configured: false, delivery: 'files in DATA_DIR/mail', backlog: 0 });
    expect(Object.keys(ready.body.checks)).toEqual([
      'database',
      ...REMOTE_NAMES.map((name) => `remote:${name}`),
    ]);

    host.failing.add('compass');
    const remoteDown = await request(app).get('/api/ready').expect(503);
    expect(remoteDown.body).toMatchObject({ status: 'not ready', failed: ['remote:compass'] });
    expect(remoteDown.body.checks['remote:compass'].error).toMatch(/answered 500/);
    host.failing.clear();
    await request(app).get('/api/ready').expect(200);

    await stores.close();
    const databaseDown = await request(app).get('/api/ready').expect(503);
    expect(databaseDown.body).toMatchObject({ failed: ['database'], outboxBacklog: null });
    // Liveness does not depend on the database, however old every cache of it is by then: a CI run once
    // got a 500 here when the site's page lane re-read the bounty store's version for /api/health.
    jest.setSystemTime(Date.now() + 60_000);
    await request(app).get('/api/health').expect(200, { status: 'ok' });
  });
});
