import { randomUUID } from 'node:crypto';
import { sql, type ExpressionBuilder } from 'kysely';
import type { PgPool, SqliteDatabase } from '../db/database';
import { openStoreDatabase } from '../db/storeDatabase';
import {
  LEASE_MS,
  LIVE_WITHIN_MS,
  MAX_ATTEMPTS,
  holdsLease,
  liveRuntimes,
  queueRetryAfterSeconds,
  runStateAt,
  runnerLive,
  stateAfterFailedAttempt,
  type RunState,
} from './leaseRules';

/** The runs queue's SQLite file in DATA_DIR when there is no DATABASE_URL. */
export const RUNS_DB_FILE = 'runs.db';

/**
 * The runs queue and the runners' heartbeats (issue 56 item 1), one text for both databases: SQLite runs
 * it at open, PostgreSQL as a migration (db/postgres.ts). Times are epoch milliseconds (BIGINT), so lease
 * arithmetic happens in the statements that claim and renew. `spec` and `outcome` are JSON text.
 */
export const RUNS_SCHEMA = `
  CREATE TABLE IF NOT EXISTS runs (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    runtime TEXT,
    spec TEXT NOT NULL,
    state TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    lease_holder TEXT,
    lease_expires_at BIGINT,
    created_at BIGINT NOT NULL,
    started_at BIGINT,
    finished_at BIGINT,
    outcome TEXT,
    log_tail TEXT,
    failure TEXT
  );
  CREATE INDEX IF NOT EXISTS runs_by_state ON runs (state, created_at);
  CREATE TABLE IF NOT EXISTS runners (
    id TEXT PRIMARY KEY,
    host TEXT NOT NULL,
    pid INTEGER NOT NULL,
    started_at BIGINT NOT NULL,
    last_seen_at BIGINT NOT NULL,
    can_sandbox INTEGER NOT NULL,
    sandbox_problem TEXT,
    runtimes TEXT NOT NULL,
    concurrency INTEGER NOT NULL,
    running INTEGER NOT NULL
  );
`;

/** A heartbeat older than this is removed at the next heartbeat of any runner (a runner restarted long ago). */
const FORGET_RUNNERS_AFTER_MS = 24 * 60 * 60 * 1000;
/** Until runs have finished, a run is taken to last this long for Retry-After. */
const ASSUMED_RUN_SECONDS = 10;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

interface Tables {
  runs: {
    id: string;
    kind: string;
    runtime: string | null;
    spec: string;
    state: string;
    attempts: number;
    lease_holder: string | null;
    lease_expires_at: number | null;
    created_at: number;
    started_at: number | null;
    finished_at: number | null;
    outcome: string | null;
    log_tail: string | null;
    failure: string | null;
  };
  runners: {
    id: string;
    host: string;
    pid: number;
    started_at: number;
    last_seen_at: number;
    can_sandbox: number;
    sandbox_problem: string | null;
    runtimes: string;
    concurrency: number;
    running: number;
  };
}

/** What the web process queues. */
export interface NewRun {
  /** What the run is for, e.g. 'reference', 'public', 'hidden', 'prepare-layer'; the caller's vocabulary. */
  kind: string;
  /** The runtime it needs (a runner claims only runs of runtimes it found in its sandbox); null: any. */
  runtime: string | null;
  /** What to run, for the runner's handler (sandboxHandler.ts reads it as a SandboxRunSpec). */
  spec: JsonObject;
}

export interface Run extends NewRun {
  id: string;
  /** As a reader should see it now (runStateAt): a run whose lease ran out reads as waiting again. */
  state: RunState;
  /** Claims so far, at most MAX_ATTEMPTS. */
  attempts: number;
  /** The runner that holds the lease, or held it last. */
  leaseHolder: string | null;
  leaseExpiresAt: number | null;
  createdAt: number;
  /** When its latest attempt was claimed. */
  startedAt: number | null;
  finishedAt: number | null;
  /** 'done': what the handler returned (the raw sandbox outcome; verdicts are the caller's). */
  outcome: Json | null;
  /** 'done': the end of its output. */
  logTail: string | null;
  /** Why its latest attempt failed for the site's own reasons (for the operator, never for entrants). */
  failure: string | null;
}

/** What a runner stores for a run it ran. */
export interface RunResult {
  outcome: Json;
  logTail: string;
}

/** What a runner records of itself every heartbeat. */
export interface RunnerHeartbeat {
  id: string;
  host: string;
  pid: number;
  startedAt: number;
  /** Whether it can make a sandbox; when not, it runs nothing. */
  canSandbox: boolean;
  /** Why it cannot (null when it can). */
  sandboxProblem: string | null;
  /** The runtimes found inside its sandbox. */
  runtimes: string[];
  /** Runs it takes at a time. */
  concurrency: number;
  /** Runs it holds now. */
  running: number;
}

export interface RunnerStatus extends RunnerHeartbeat {
  lastSeenAt: number;
  live: boolean;
}

/** The queue is past the bound the caller gave: answer 503 with Retry-After. */
export class RunQueueFullError extends Error {
  constructor(
    readonly waiting: number,
    readonly retryAfterSeconds: number,
  ) {
    super(`Runs are busy: ${waiting} are waiting. Try again in ${retryAfterSeconds} s.`);
    this.name = 'RunQueueFullError';
  }
}

type RunRow = Tables['runs'];

const parseJson = (text: string | null): Json | null => (text === null ? null : (JSON.parse(text) as Json));

const toRun = (row: RunRow, now: number): Run => {
  const leased = {
    state: row.state as RunState,
    attempts: Number(row.attempts),
    leaseHolder: row.lease_holder,
    leaseExpiresAt: row.lease_expires_at === null ? null : Number(row.lease_expires_at),
  };
  return {
    id: row.id,
    kind: row.kind,
    runtime: row.runtime,
    spec: JSON.parse(row.spec) as JsonObject,
    ...leased,
    state: runStateAt(leased, now),
    createdAt: Number(row.created_at),
    startedAt: row.started_at === null ? null : Number(row.started_at),
    finishedAt: row.finished_at === null ? null : Number(row.finished_at),
    outcome: parseJson(row.outcome),
    logTail: row.log_tail,
    failure: row.failure,
  };
};

const toRunner = (row: Tables['runners'], now: number): RunnerStatus => {
  const status = {
    id: row.id,
    host: row.host,
    pid: Number(row.pid),
    startedAt: Number(row.started_at),
    lastSeenAt: Number(row.last_seen_at),
    canSandbox: Number(row.can_sandbox) === 1,
    sandboxProblem: row.sandbox_problem,
    runtimes: JSON.parse(row.runtimes) as string[],
    concurrency: Number(row.concurrency),
    running: Number(row.running),
  };
  return { ...status, live: runnerLive(status, now) };
};

type RunsExpression = ExpressionBuilder<Tables, 'runs'>;

/** leaseRules' claimable(), as SQL. */
const claimableAt = (now: number) => (eb: RunsExpression) =>
  eb.or([
    eb('state', '=', 'queued'),
    eb.and([
      eb('state', '=', 'running'),
      eb('lease_expires_at', '<=', now),
      eb('attempts', '<', MAX_ATTEMPTS),
    ]),
  ]);

/** leaseRules' holdsLease(), as SQL: the holder's lease, not yet run out. */
const heldBy = (holder: string, now: number) => (eb: RunsExpression) =>
  eb.and([eb('state', '=', 'running'), eb('lease_holder', '=', holder), eb('lease_expires_at', '>', now)]);

/**
 * The runs queue on SQLite (DATA_DIR/RUNS_DB_FILE, shared by the server and the runner it starts) or on
 * PostgreSQL (shared by every server and runner). Every write that decides who runs what is one
 * conditional statement: a claim takes the oldest claimable run (on PostgreSQL through
 * `FOR UPDATE SKIP LOCKED`, so runners claiming at once skip each other's rows; SQLite serialises writers),
 * and only a lease's holder, before it runs out, may renew it, store the outcome or give the run back.
 * Callers pass `now` (epoch ms), so tests move time instead of waiting.
 */
export function createRunStore(database: SqliteDatabase | PgPool) {
  const { db, isSqlite } = openStoreDatabase<Tables>(database, RUNS_SCHEMA);

  async function runRow(id: string): Promise<RunRow | undefined> {
    return db.selectFrom('runs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Runs whose last attempt's lease ran out could not run: recorded by whichever runner claims first. */
  async function giveUpExhausted(now: number): Promise<void> {
    await db
      .updateTable('runs')
      .set({
        state: 'could-not-run',
        lease_expires_at: null,
        finished_at: now,
        failure: `Its runner stopped renewing the lease on attempt ${MAX_ATTEMPTS} of ${MAX_ATTEMPTS}.`,
      })
      .where('state', '=', 'running')
      .where('lease_expires_at', '<=', now)
      .where('attempts', '>=', MAX_ATTEMPTS)
      .execute();
  }

  async function waitingCount(now: number): Promise<number> {
    const row = await db
      .selectFrom('runs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(claimableAt(now))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async function liveRunners(now: number): Promise<RunnerStatus[]> {
    const rows = await db
      .selectFrom('runners')
      .selectAll()
      .where('last_seen_at', '>=', now - LIVE_WITHIN_MS)
      .orderBy('id')
      .execute();
    return rows.map((row) => toRunner(row, now));
  }

  /** The mean time of the latest finished runs, for Retry-After. */
  async function meanRunSeconds(): Promise<number> {
    const recent = db
      .selectFrom('runs')
      .select(sql<number>`finished_at - started_at`.as('took'))
      .where('state', '=', 'done')
      .orderBy('finished_at', 'desc')
      .limit(20)
      .as('recent');
    const row = await db
      .selectFrom(recent)
      .select((eb) => eb.fn.avg<number | string | null>('took').as('mean'))
      .executeTakeFirst();
    const mean = row?.mean === null || row?.mean === undefined ? null : Number(row.mean);
    return mean === null ? ASSUMED_RUN_SECONDS : mean / 1000;
  }

  return {
    /**
     * Queues a run. With `maxWaiting`, refuses it with RunQueueFullError when that many already wait (a
     * public run of an entry, answered 503 with Retry-After); runs the site owes (hidden, reference) pass
     * no bound.
     */
    async enqueue(run: NewRun, now: number, options: { maxWaiting?: number } = {}): Promise<Run> {
      if (options.maxWaiting !== undefined) {
        const waiting = await waitingCount(now);
        if (waiting >= options.maxWaiting) {
          const slots = (await liveRunners(now))
            .filter((runner) => runner.canSandbox)
            .reduce((sum, runner) => sum + runner.concurrency, 0);
          throw new RunQueueFullError(
            waiting,
            queueRetryAfterSeconds(waiting, slots, await meanRunSeconds()),
          );
        }
      }
      const id = randomUUID();
      await db
        .insertInto('runs')
        .values({
          id,
          kind: run.kind,
          runtime: run.runtime,
          spec: JSON.stringify(run.spec),
          state: 'queued',
          attempts: 0,
          lease_holder: null,
          lease_expires_at: null,
          created_at: now,
          started_at: null,
          finished_at: null,
          outcome: null,
          log_tail: null,
          failure: null,
        })
        .execute();
      return toRun((await runRow(id)) as RunRow, now);
    },

    async run(id: string, now: number): Promise<Run | null> {
      const row = await runRow(id);
      return row ? toRun(row, now) : null;
    },

    /** Several runs at once (a board's entries), in no particular order; unknown ids are left out. */
    async runs(ids: readonly string[], now: number): Promise<Run[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('runs')
        .selectAll()
        .where('id', 'in', [...ids])
        .execute();
      return rows.map((row) => toRun(row, now));
    },

    /** Runs waiting for a runner (queued, or whose lease ran out with attempts left) and runs held now. */
    async depth(now: number): Promise<{ waiting: number; running: number }> {
      const running = await db
        .selectFrom('runs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('state', '=', 'running')
        .where('lease_expires_at', '>', now)
        .executeTakeFirst();
      return { waiting: await waitingCount(now), running: Number(running?.n ?? 0) };
    },

    /**
     * Claims the oldest claimable run of a runtime this runner has (or of none) for `holder`, with a
     * lease of LEASE_MS and one more attempt counted; null when nothing waits. First records as
     * could-not-run the runs whose last lease ran out.
     */
    async claim(holder: string, runtimes: readonly string[], now: number): Promise<Run | null> {
      await giveUpExhausted(now);
      const runtimeFits = (eb: RunsExpression) =>
        runtimes.length === 0
          ? eb('runtime', 'is', null)
          : eb.or([eb('runtime', 'is', null), eb('runtime', 'in', [...runtimes])]);
      let oldest = db
        .selectFrom('runs')
        .select('id')
        .where(claimableAt(now))
        .where(runtimeFits)
        .orderBy('created_at')
        .orderBy('id')
        .limit(1);
      // Runners claiming at the same moment skip the row this one locked rather than wait for it.
      if (!isSqlite) oldest = oldest.forUpdate().skipLocked();
      const row = await db
        .updateTable('runs')
        .set((eb) => ({
          state: 'running',
          attempts: eb('attempts', '+', 1),
          lease_holder: holder,
          lease_expires_at: now + LEASE_MS,
          started_at: now,
        }))
        .where('id', '=', oldest)
        // Checked again on the row itself: it may have changed since the subquery read it.
        .where(claimableAt(now))
        .returningAll()
        .executeTakeFirst();
      return row ? toRun(row, now) : null;
    },

    /** Extends the holder's lease by LEASE_MS from now; false when it no longer holds it (lease lost). */
    async renew(id: string, holder: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('runs')
        .set({ lease_expires_at: now + LEASE_MS })
        .where('id', '=', id)
        .where(heldBy(holder, now))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Stores the run's outcome; false (nothing stored) unless `holder` holds a lease that has not run out. */
    async complete(id: string, holder: string, result: RunResult, now: number): Promise<boolean> {
      const written = await db
        .updateTable('runs')
        .set({
          state: 'done',
          outcome: JSON.stringify(result.outcome),
          log_tail: result.logTail,
          lease_expires_at: null,
          finished_at: now,
          failure: null,
        })
        .where('id', '=', id)
        .where(heldBy(holder, now))
        .executeTakeFirst();
      return Number(written.numUpdatedRows) === 1;
    },

    /**
     * The attempt failed for the site's own reasons (no sandbox could be made, a blob was missing): the
     * run waits for another attempt, or after the last one could not run. False when `holder` no longer
     * holds the lease.
     */
    async fail(id: string, holder: string, failure: string, now: number): Promise<boolean> {
      const row = await runRow(id);
      if (!row) return false;
      const attempts = Number(row.attempts);
      const leased = {
        state: row.state as RunState,
        attempts,
        leaseHolder: row.lease_holder,
        leaseExpiresAt: row.lease_expires_at,
      };
      if (!holdsLease(leased, holder, now)) return false;
      const state = stateAfterFailedAttempt(attempts);
      const written = await db
        .updateTable('runs')
        .set({
          state,
          lease_expires_at: null,
          finished_at: state === 'could-not-run' ? now : null,
          failure: failure.slice(0, 2000),
        })
        .where('id', '=', id)
        .where('attempts', '=', attempts)
        .where(heldBy(holder, now))
        .executeTakeFirst();
      return Number(written.numUpdatedRows) === 1;
    },

    /**
     * Gives the run back without counting the attempt (a runner stopping gracefully): another runner
     * claims it at once instead of after the lease. False when `holder` no longer holds the lease.
     */
    async release(id: string, holder: string, now: number): Promise<boolean> {
      const written = await db
        .updateTable('runs')
        .set((eb) => ({ state: 'queued', attempts: eb('attempts', '-', 1), lease_expires_at: null }))
        .where('id', '=', id)
        .where(heldBy(holder, now))
        .executeTakeFirst();
      return Number(written.numUpdatedRows) === 1;
    },

    /** Records that a runner is alive and what it can run; forgets runners not seen for a day. */
    async heartbeat(beat: RunnerHeartbeat, now: number): Promise<void> {
      const values = {
        host: beat.host,
        pid: beat.pid,
        started_at: beat.startedAt,
        last_seen_at: now,
        can_sandbox: beat.canSandbox ? 1 : 0,
        sandbox_problem: beat.sandboxProblem,
        runtimes: JSON.stringify(beat.runtimes),
        concurrency: beat.concurrency,
        running: beat.running,
      };
      await db
        .insertInto('runners')
        .values({ id: beat.id, ...values })
        .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
        .execute();
      await db
        .deleteFrom('runners')
        .where('last_seen_at', '<', now - FORGET_RUNNERS_AFTER_MS)
        .execute();
    },

    /** A runner that stopped gracefully is no longer counted live. */
    async forgetRunner(id: string): Promise<void> {
      await db.deleteFrom('runners').where('id', '=', id).execute();
    },

    /** Every runner seen in the last day, with whether it is live (an operator's view). */
    async runners(now: number): Promise<RunnerStatus[]> {
      const rows = await db.selectFrom('runners').selectAll().orderBy('last_seen_at', 'desc').execute();
      return rows.map((row) => toRunner(row, now));
    },

    /**
     * The runtimes some live runner that can make a sandbox offers (leaseRules' liveRuntimes): the post
     * form offers test-scored bounties only in these.
     */
    async liveRunnerRuntimes(now: number): Promise<string[]> {
      return liveRuntimes(await liveRunners(now), now);
    },
  };
}

export type RunStore = ReturnType<typeof createRunStore>;
