// Test helpers (not shipped code) for the runner's tests: run stores on each database, a clock the test
// moves, a runner's options with quick ticks, a bounded wait, and archives and a node run's spec to run.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/database';
import { migrate, openPostgres } from '../db/postgres';
import type { RunHandler, RunnerOptions } from '../runner/runner';
import { runSpecJson, type SandboxRunSpec, type TestRunSpec } from '../runner/runSpec';
import { RUNTIME_RULES } from '../test-scoring/runtimes';
import { RUNS_DB_FILE, createRunStore, type Run, type RunStore } from '../runner/runStore';
import { postgresForThisFile } from './testPostgres';

/** Opens `count` independent stores on one fresh database (runners, or the server and a runner). */
export type OpenRunStores = (count: number) => Promise<{ stores: RunStore[]; close(): Promise<void> }>;

/**
 * SQLite (handles on one file, as the server and the runner it starts share it) and, when available, a
 * real PostgreSQL (a pool per store, as runners on several machines). Call at the top level of a test file.
 */
export function runStoresOnEachDatabase(prefix: string): Array<[string, OpenRunStores]> {
  const postgres = postgresForThisFile(prefix);
  const databases: Array<[string, OpenRunStores]> = [
    [
      'SQLite',
      async (count) => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), `sq-${prefix}-`));
        const handles = Array.from({ length: count }, () =>
          openDatabase(dir, RUNS_DB_FILE, { durable: false }),
        );
        return {
          stores: handles.map((handle) => createRunStore(handle)),
          close: async () => handles.forEach((handle) => handle.close()),
        };
      },
    ],
  ];
  if (postgres.available)
    databases.push([
      'PostgreSQL',
      async (count) => {
        const url = await postgres.database();
        const pools = Array.from({ length: count }, () => openPostgres(url, 4));
        await migrate(pools[0] as (typeof pools)[0]);
        return {
          stores: pools.map((pool) => createRunStore(pool)),
          close: async () => {
            await Promise.all(pools.map((pool) => pool.end()));
          },
        };
      },
    ]);
  return databases;
}

/** A runner's log that keeps its lines for the test to read. */
export const quietLog = () => {
  const lines: Array<{ level: string; message: string; details: object }> = [];
  const at = (level: string) => (details: object, message: string) => lines.push({ level, message, details });
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
};

/** A clock the test moves to expire leases; it starts at real time so stored times look real. */
export const testClock = () => {
  let offset = 0;
  return { now: () => Date.now() + offset, advance: (ms: number) => (offset += ms) };
};

/** A runner's options with quick ticks (the rules' times come from the clock, not from these). */
export const runnerOptions = (
  id: string,
  store: RunStore,
  handler: RunHandler,
  overrides: Partial<RunnerOptions> = {},
): RunnerOptions => ({
  store,
  handler,
  identity: { id, host: 'test-host', pid: process.pid, startedAt: Date.now() },
  sandbox: { ok: true, reason: null, runtimes: ['node20'] },
  concurrency: 1,
  log: quietLog(),
  pollMs: 5,
  renewEveryMs: 5,
  heartbeatEveryMs: 20,
  ...overrides,
});

/** Asks `check` every `everyMs` until it gives a value, at most `tries` times. */
export async function until<T>(
  check: () => Promise<T | null | false>,
  what: string,
  { tries = 2_000, everyMs = 5 }: { tries?: number; everyMs?: number } = {},
): Promise<T> {
  for (let n = 0; n < tries; n++) {
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/** A tar.gz of the given files (paths may name folders), made with the system's tar. */
export function tarGzOf(files: Record<string, string>): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-test-archive-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return execFileSync('tar', ['-czf', '-', '-C', dir, ...Object.keys(files)]);
}

/** The spec of a node20 run of an entry's tar.gz on a tests layer's tar.gz (both blobs), as a bounty's. */
export function nodeTestsRunSpec(entryBlobId: string, testsBlobId: string): TestRunSpec {
  const node = RUNTIME_RULES.node20;
  return {
    archive: { blobId: entryBlobId, format: 'tar.gz' },
    reservedPaths: [...node.reservedPaths],
    layers: [
      { archive: { blobId: testsBlobId, format: 'tar.gz' }, sandboxPath: `/work/${node.testsFolder}` },
    ],
    command: [...node.command],
    resultsPath: node.resultsPath,
    wallMs: 30_000,
  };
}

/** A run of `spec` as a runner holds it (claimed, first attempt), for a handler called directly. */
export function runningRunOf(spec: SandboxRunSpec, id = 'run-1', runtime = 'node20'): Run {
  return {
    id,
    kind: 'public',
    runtime,
    spec: runSpecJson(spec),
    state: 'running',
    attempts: 1,
    leaseHolder: 'runner-a',
    leaseExpiresAt: Date.now() + 60_000,
    createdAt: Date.now(),
    startedAt: Date.now(),
    finishedAt: null,
    outcome: null,
    logTail: null,
    failure: null,
  };
}
