/**
 * A runner (`npm run runner`, and the one `npm start` starts beside the server): claims queued runs from
 * the database and runs each in a sandbox (README.md beside this). It runs at nice 10, so the web
 * process on the same machine keeps its share of the CPU, and never runs code outside a sandbox: where
 * probeSandbox() says no sandbox can be made, it logs why and only heartbeats, saying so.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { BLOBS_DIR, createFolderBlobStore, createPostgresBlobStore } from '../blobs';
import { ConfigError } from '../config/serverConfig';
import { openDatabase } from '../db/database';
import { migrate, openPostgres } from '../db/postgres';
import { createLogger } from '../ops/logging';
import { probeSandbox, runInSandbox } from '../sandbox';
import { startRunner } from './runner';
import { readRunnerConfig, type RunnerConfig } from './runnerConfig';
import { RUNS_DB_FILE, createRunStore } from './runStore';
import { createSandboxHandler } from './sandboxHandler';

/** A runner's priority: below the web process's 0. */
const RUNNER_NICE = 10;
/** How long stopping may take (runs given back, the heartbeat removed) before the process just exits. */
const STOP_WAIT_MS = 10_000;

async function openQueue(config: RunnerConfig) {
  if (!config.databaseUrl) {
    const db = openDatabase(config.dataDir, RUNS_DB_FILE);
    return {
      store: createRunStore(db),
      blobs: createFolderBlobStore(path.join(config.dataDir, BLOBS_DIR)),
      close: async () => {
        db.close();
      },
    };
  }
  // A small pool: a claim, a renewal per run in flight, a heartbeat and a blob read at a time.
  const pool = openPostgres(config.databaseUrl, config.concurrency + 3);
  try {
    await migrate(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { store: createRunStore(pool), blobs: createPostgresBlobStore(pool), close: () => pool.end() };
}

async function main() {
  let config: RunnerConfig;
  try {
    config = readRunnerConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel).child({ process: 'runner' });
  try {
    os.setPriority(RUNNER_NICE);
  } catch (error) {
    logger.warn({ err: error }, `The runner could not lower its priority to nice ${RUNNER_NICE}`);
  }
  const queue = await openQueue(config);
  const handler = createSandboxHandler({ blobs: queue.blobs, workDir: config.workDir, runInSandbox });
  const sandbox = await probeSandbox();
  const id = `${os.hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  if (sandbox.ok)
    logger.info(
      { runnerId: id, runtimes: sandbox.runtimes, concurrency: config.concurrency },
      `The runner is taking runs (runtimes: ${sandbox.runtimes.join(', ') || 'none'})`,
    );
  else
    logger.error(
      { runnerId: id, reason: sandbox.reason },
      `This runner cannot make a sandbox, so it runs nothing: ${sandbox.reason ?? 'no reason given'}`,
    );

  const runner = startRunner({
    store: queue.store,
    handler,
    identity: { id, host: os.hostname(), pid: process.pid, startedAt: Date.now() },
    sandbox,
    concurrency: config.concurrency,
    log: logger,
  });

  let stopping = false;
  const stop = (why: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ runnerId: id }, `The runner is stopping (${why})`);
    const bound = setTimeout(() => process.exit(1), STOP_WAIT_MS);
    runner
      .stop()
      .then(() => queue.close())
      .then(
        () => {
          clearTimeout(bound);
          process.exit(0);
        },
        (error: unknown) => {
          logger.error({ err: error }, 'The runner did not stop cleanly');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  // Started by the server: it ends with the server, even one killed without a word.
  process.on('disconnect', () => stop('the server it was started by has gone'));
}

main().catch((error: unknown) => {
  console.error('The runner could not start:', error);
  process.exit(1);
});
