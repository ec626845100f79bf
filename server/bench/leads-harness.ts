// Shared by the leads benchmarks: starts the real server (tsx src/main.ts) as a child process on a
// loopback port with its own data folder, and reads the leads database it writes.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { startFakeProvider } from '../src/leads/forwarding/fakeProvider';

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
      // Every instance on one DATABASE_URL must share it (the server refuses to start without it there).
      AUTH_SECRET: 'a-bench-secret-shared-by-every-instance-0123',
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
 * A loopback stand-in for the marketing provider's submission API (the CRM): answers 200 after `delayMs`
 * and honours the Idempotency-Key (a repeated key gets the first answer back and records nothing: a
 * replay). Counts requests and records per lead e-mail apart, so a lead sent twice and a lead recorded
 * twice show up separately (server/src/leads/forwarding/fakeProvider.ts).
 */
export function startFakeCrm(delayMs = 5) {
  return startFakeProvider({ delayMs });
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
