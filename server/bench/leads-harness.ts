// Shared by the leads benchmarks: starts the real server (tsx src/main.ts) as a child process on a
// loopback port with its own data folder, and reads the leads database it writes.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';

const serverDir = path.resolve(__dirname, '..');
// tsx as a loader inside one node process (not its CLI, which runs the server in a child process):
// SIGKILL must hit the process that holds the database.
const tsxLoader = pathToFileURL(require.resolve('tsx')).href;

export interface LeadsServer {
  baseUrl: string;
  dataDir: string;
  child: ChildProcess;
  stop(): Promise<void>;
  kill9(): Promise<void>;
}

export async function startLeadsServer(options: { dataDir?: string; env?: Record<string, string> } = {}) {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sq-leads-bench-'));
  const child = spawn(process.execPath, ['--import', tsxLoader, 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LEADS_RATE_LIMIT: '100000000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    const check = () => {
      const match = /serving at http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const server: LeadsServer = {
    baseUrl: `http://127.0.0.1:${port}`,
    dataDir,
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
    async kill9() {
      child.kill('SIGKILL');
      await exited;
    },
  };
  return server;
}

/** Emails of every stored lead, read straight from the SQLite file. */
export function storedLeadEmails(dataDir: string): string[] {
  const db = new Database(path.join(dataDir, 'leads.db'), { readonly: true });
  try {
    return (db.prepare('SELECT email FROM leads').all() as Array<{ email: string }>).map((row) => row.email);
  } finally {
    db.close();
  }
}

export function validLead(email: string) {
  return {
    email,
    challengeType: 'bottleneck',
    challengeDescription: 'Our nightly data export times out for the largest customers',
    costImpact: '$250K',
    pageUri: 'http://127.0.0.1/for-clients',
    pageName: 'For Clients | Side Quest',
  };
}

/** POSTs one JSON body over `agent`; resolves with the status and text, rejects when the connection fails. */
export function postJson(
  agent: http.Agent,
  url: string,
  body: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * A loopback stand-in for the marketing provider's submission API (the CRM): answers 200 after
 * `delayMs` and counts every delivery per lead e-mail, so a lead sent twice shows up.
 */
export async function startFakeCrm(delayMs = 5) {
  const deliveries = new Map<string, number>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      try {
        const email = (JSON.parse(raw) as { fields: Array<{ name: string; value: string }> }).fields.find(
          (field) => field.name === 'email',
        )?.value;
        if (email) deliveries.set(email, (deliveries.get(email) ?? 0) + 1);
      } catch {
        return void res.writeHead(400).end();
      }
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    deliveries,
    /** Leads delivered more than once. */
    duplicates: () => [...deliveries].filter(([, count]) => count > 1).map(([email]) => email),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The environment that turns lead forwarding on, towards `crmUrl`. */
export function forwardingEnv(crmUrl: string): Record<string, string> {
  return {
    MARKETING_PORTAL_ID: 'bench',
    MARKETING_LEAD_FORM_ID: 'bench-form',
    MARKETING_SUBMIT_URL: crmUrl,
    LEADS_RETRY_BASE_MS: '50',
    LEADS_RETRY_MAX_MS: '500',
  };
}

/** Waits (bounded) until `check` holds; polls every 50 ms. */
export async function waitUntil(check: () => boolean | Promise<boolean>, ms: number, what: string) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`${what}: not reached within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Outbox rows not yet delivered (nor rejected), read straight from the SQLite file. */
export function pendingDeliveries(dataDir: string): number {
  const db = new Database(path.join(dataDir, 'leads.db'), { readonly: true });
  try {
    return (
      db.prepare("SELECT COUNT(*) AS n FROM lead_outbox WHERE status = 'pending'").get() as { n: number }
    ).n;
  } finally {
    db.close();
  }
}
