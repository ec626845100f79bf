import path from 'node:path';
import { ConfigError, REPO_ROOT, parseDatabaseUrl, parseLogLevel } from '../config/serverConfig';

/**
 * What a runner reads from its environment: where the queue and the blobs are, and how much to run.
 * Nothing else of the server's configuration (AUTH_SECRET, SMTP_URL, tokens): a runner needs none, and a
 * runner started beside the server is given none (runnerEnvironment).
 */
export interface RunnerConfig {
  /** DATA_DIR: runs.db and blobs/ without DATABASE_URL; always this runner's layers and per-run folders. */
  dataDir: string;
  /** DATABASE_URL: the shared queue and blob store; null: SQLite in DATA_DIR. */
  databaseUrl: string | null;
  logLevel: string;
  /** RUNNER_CONCURRENCY: runs at a time, 1-16 (default 1: each run gets a core on a two-core machine). */
  concurrency: number;
  /** RUNNER_WORK_DIR (default DATA_DIR/runner): this runner's unpacked layers and per-run folders. */
  workDir: string;
}

/** The variables a runner reads (the server passes exactly these, when set, to the runner it starts). */
export const RUNNER_VARIABLES = [
  'DATA_DIR',
  'DATABASE_URL',
  'LOG_LEVEL',
  'LOG_FORMAT',
  'RUNNER_CONCURRENCY',
  'RUNNER_WORK_DIR',
] as const;
/** What Node itself needs to start; nothing of the site's. */
const PROCESS_VARIABLES = ['PATH', 'HOME', 'TMPDIR', 'TZ', 'LANG', 'NODE_ENV'] as const;

export function readRunnerConfig(env: NodeJS.ProcessEnv = process.env): RunnerConfig {
  const concurrencyText = env.RUNNER_CONCURRENCY ?? '';
  const concurrency = concurrencyText === '' ? 1 : Number(concurrencyText);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 16)
    throw new ConfigError(`RUNNER_CONCURRENCY must be a whole number from 1 to 16, got "${concurrencyText}"`);
  const dataDir = path.resolve(env.DATA_DIR || path.join(REPO_ROOT, '.data'));
  return {
    dataDir,
    databaseUrl: parseDatabaseUrl(env.DATABASE_URL),
    logLevel: parseLogLevel(env.LOG_LEVEL),
    concurrency,
    workDir: path.resolve(env.RUNNER_WORK_DIR || path.join(dataDir, 'runner')),
  };
}

/**
 * The environment of the runner the server starts: the runner's variables (DATA_DIR resolved as the
 * server resolved it) and Node's own, nothing more.
 */
export function runnerEnvironment(env: NodeJS.ProcessEnv, dataDir: string): NodeJS.ProcessEnv {
  const passed: NodeJS.ProcessEnv = {};
  for (const name of [...PROCESS_VARIABLES, ...RUNNER_VARIABLES]) if (env[name]) passed[name] = env[name];
  passed.DATA_DIR = dataDir;
  return passed;
}

/** RUNNER: whether the server starts a runner beside itself: unset or `on` (the default), or `off`. */
export function runnerBesideServer(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env.RUNNER ?? '';
  if (value === '' || value === 'on') return true;
  if (value === 'off') return false;
  throw new ConfigError(`RUNNER must be on or off, got "${value}"`);
}
