import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import Database from 'better-sqlite3';
import { startSite, type RunningSite } from '@side-quest/build/e2e';

type Mode = 'fail' | 'hang' | 'ok';

/** The marketing provider's form-submission API, faked on loopback: fails, hangs or accepts. */
async function startFakeProvider() {
  const state = { mode: 'fail' as Mode, attempts: 0, delivered: [] as Array<{ url: string; body: unknown }> };
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      state.attempts += 1;
      if (state.mode === 'hang') return;
      if (state.mode === 'fail') return void res.writeHead(502).end('bad gateway');
      state.delivered.push({ url: req.url ?? '', body: JSON.parse(raw) });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"inlineMessage":"ok"}');
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

async function until(check: () => boolean, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function outboxStatus(dataDir: string): string[] {
  const db = new Database(path.join(dataDir, 'leads.db'), { readonly: true });
  try {
    return (
      db.prepare('SELECT status FROM lead_outbox ORDER BY lead_id').all() as Array<{ status: string }>
    ).map((row) => row.status);
  } finally {
    db.close();
  }
}

describe('lead forwarding by the running server', () => {
  let provider: Awaited<ReturnType<typeof startFakeProvider>>;
  let site: RunningSite | undefined;

  beforeAll(async () => {
    provider = await startFakeProvider();
  });
  afterAll(async () => {
    await site?.stop();
    await provider?.stop();
  });

  it('retries through failures and hangs, survives a restart, and delivers once the provider is back', async () => {
    const env = {
      MARKETING_PORTAL_ID: '4242',
      MARKETING_LEAD_FORM_ID: 'lead-form-guid',
      MARKETING_SUBMIT_URL: provider.url,
      MARKETING_SUBMIT_TIMEOUT_MS: '300',
      LEADS_RETRY_BASE_MS: '100',
      LEADS_RETRY_MAX_MS: '400',
    };
    site = await startSite({ env });
    const dataDir = site.dataDir;
    const answer = await fetch(`${site.baseUrl}/api/submit-form`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'forward@example.com',
        challengeType: 'hiring',
        challengeDescription: 'Our interviews miss people who can actually ship',
        costImpact: '$1.5M',
        pageUri: `${site.baseUrl}/for-clients`,
        pageName: 'For Clients | Side Quest',
      }),
    });
    expect(await answer.json()).toEqual({ success: true, message: expect.any(String) });

    await until(() => provider.state.attempts >= 2, 10000, 'retries while the provider fails');
    provider.state.mode = 'hang';
    const beforeHang = provider.state.attempts;
    await until(() => provider.state.attempts >= beforeHang + 2, 10000, 'retries past hanging requests');
    expect(outboxStatus(dataDir)).toEqual(['pending']);

    await site.stop();
    provider.state.mode = 'ok';
    site = await startSite({ env, dataDir });
    await until(() => provider.state.delivered.length === 1, 15000, 'delivery after the restart');
    await until(() => outboxStatus(dataDir)[0] === 'delivered', 5000, 'the outbox row marked delivered');

    const [delivery] = provider.state.delivered;
    expect(delivery?.url).toBe('/submissions/v3/integration/submit/4242/lead-form-guid');
    expect(delivery?.body).toMatchObject({
      fields: expect.arrayContaining([{ objectTypeId: '0-1', name: 'email', value: 'forward@example.com' }]),
      context: { pageName: 'For Clients | Side Quest' },
    });
  });
});
