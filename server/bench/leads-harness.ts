// Shared by the leads benchmarks: starts the real server (tsx src/main.ts) as a child process on a
// loopback port with its own data folder, and reads the leads database it writes.
import { spawn, type ChildProcess } from 'node:child_process';
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
