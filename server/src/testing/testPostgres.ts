// Test and benchmark helper (not shipped code): a throwaway PostgreSQL cluster on loopback, from the
// Debian `postgresql` package's binaries, in a temporary folder, stopped by the caller.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface TestPostgres {
  url: string;
  /** Stops the server (the data stays), e.g. to see what readiness says. */
  stopServer(): Promise<void>;
  startServer(): Promise<void>;
  /** Stops the server and deletes its data. */
  destroy(): Promise<void>;
}

/** The folder holding initdb and postgres, newest version first; null when PostgreSQL is not installed. */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((version) => fs.existsSync(path.join(root, version, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

/**
 * Whether the PostgreSQL half of a suite runs. Under CI (the CI variable set) missing binaries fail the
 * run; on a developer machine without them the suite is skipped with a message.
 */
export function postgresAvailable(): boolean {
  if (postgresBinDir()) return true;
  if (process.env.CI)
    throw new Error('PostgreSQL binaries are required under CI (apt-get install -y postgresql)');
  console.warn('PostgreSQL is not installed (/usr/lib/postgresql/*/bin): skipping the PostgreSQL tests');
  return false;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** PostgreSQL refuses to run as root: as root, its commands run as the postgres user. */
const asRoot = process.getuid?.() === 0;
function command(bin: string, args: string[]): [string, string[]] {
  return asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
}

export async function startTestPostgres(): Promise<TestPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-pg-'));
  const dataDir = path.join(dir, 'data');
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  const [initdb, initArgs] = command(path.join(bin, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'sq',
    '--auth=trust',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  execFileSync(initdb, initArgs, { stdio: 'ignore' });
  const port = await freePort();
  let child: ChildProcess | null = null;

  async function startServer() {
    const [postgres, args] = command(path.join(bin as string, 'postgres'), [
      '-D',
      dataDir,
      '-p',
      String(port),
      '-k',
      dir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=100',
    ]);
    let output = '';
    child = spawn(postgres, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr?.on('data', (chunk) => (output += chunk));
    const running = child;
    // Bounded wait for the server to take connections.
    for (let attempt = 0; ; attempt++) {
      if (running.exitCode !== null) throw new Error(`postgres exited with ${running.exitCode}:\n${output}`);
      const client = new pg.Client({ host: '127.0.0.1', port, user: 'sq', database: 'postgres' });
      try {
        await client.connect();
        await client.end();
        return;
      } catch {
        if (attempt > 300) throw new Error(`postgres did not start within 30 s:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }

  async function stopServer() {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    // pg_ctl signals the postmaster itself (runuser does not pass signals on): a fast shutdown.
    const [pgCtl, args] = command(path.join(bin as string, 'pg_ctl'), [
      'stop',
      '-D',
      dataDir,
      '-m',
      'fast',
      '-w',
    ]);
    execFileSync(pgCtl, args, { stdio: 'ignore' });
    await exited;
  }

  await startServer();
  return {
    url: `postgres://sq@127.0.0.1:${port}/postgres`,
    stopServer,
    startServer,
    async destroy() {
      await stopServer();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh, empty database on the cluster for one test, so tests never see each other's rows. */
export async function createTestDatabase(serverUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * For a test file whose PostgreSQL half runs when the binaries are there (postgresAvailable): starts one
 * cluster before its tests and destroys it after. `database()` makes a fresh, empty database on it.
 */
export function postgresForThisFile(prefix: string): { available: boolean; database(): Promise<string> } {
  const available = postgresAvailable();
  let server: TestPostgres | null = null;
  let made = 0;
  beforeAll(async () => {
    if (available) server = await startTestPostgres();
  }, 60_000);
  // As long as the start may take: a fast shutdown writes every dirty page (tens of MB after a big test).
  afterAll(async () => {
    await server?.destroy();
  }, 60_000);
  return {
    available,
    async database() {
      if (!server) throw new Error('PostgreSQL is not running');
      made += 1;
      return createTestDatabase(server.url, `${prefix}_${process.pid}_${made}`);
    },
  };
}
