import { setTimeout as sleep } from 'node:timers/promises';
import { HEARTBEAT_EVERY_MS, LEASE_MS, RENEW_EVERY_MS } from './leaseRules';
import type { Run, RunResult, RunStore, RunnerHeartbeat } from './runStore';

/**
 * Runs one claimed run and resolves with what to store. Rejecting means the attempt failed for the site's
 * own reasons (no sandbox could be made, a blob is missing): the run is tried again, up to three attempts.
 * The signal aborts when the lease is lost or the runner stops: stop the job and settle soon.
 */
export type RunHandler = (run: Run, signal: AbortSignal) => Promise<RunResult>;

/** Why a run's signal aborted. */
export class RunAbortedError extends Error {
  constructor(readonly reason: 'lease-lost' | 'runner-stopping') {
    super(reason === 'lease-lost' ? 'The lease on this run was lost' : 'The runner is stopping');
    this.name = 'RunAbortedError';
  }
}

/** What the runner logs through (pino's Logger fits). */
export interface RunnerLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface RunnerOptions {
  store: Pick<RunStore, 'claim' | 'renew' | 'complete' | 'fail' | 'release' | 'heartbeat' | 'forgetRunner'>;
  handler: RunHandler;
  /** What the runner says of itself in its heartbeat (its id is the lease holder's name). */
  identity: Pick<RunnerHeartbeat, 'id' | 'host' | 'pid' | 'startedAt'>;
  /** What the sandbox probe found: without a sandbox the runner claims nothing, and says why. */
  sandbox: { ok: boolean; reason: string | null; runtimes: string[] };
  /** Runs at a time (RUNNER_CONCURRENCY, default 1). */
  concurrency: number;
  log: RunnerLog;
  /** Epoch ms; tests move it to expire leases without waiting. */
  now?: () => number;
  /** How long an idle slot waits before asking for a run again (default 1 s). */
  pollMs?: number;
  renewEveryMs?: number;
  heartbeatEveryMs?: number;
}

export interface Runner {
  /** Runs being run now. */
  readonly running: number;
  /**
   * Stops claiming, aborts the runs in flight and gives each back to the queue without counting the
   * attempt (another runner takes it at once, not after the lease), waits for the slots to end and
   * removes this runner's heartbeat.
   */
  stop(): Promise<void>;
}

/**
 * A runner (issue 56 item 1): `concurrency` slots, each claiming the oldest run it can, renewing its lease
 * every RENEW_EVERY_MS while the handler works, then storing the outcome; a heartbeat every
 * HEARTBEAT_EVERY_MS. A renewal the database refuses means another runner may hold the run: the job is
 * aborted. One that fails (a database unreachable for a moment) is tried again at the next tick, and the
 * job is aborted only once the lease has run out by this runner's own clock.
 */
export function startRunner(options: RunnerOptions): Runner {
  const { store, handler, identity, log } = options;
  const now = options.now ?? Date.now;
  const pollMs = options.pollMs ?? 1_000;
  const renewEveryMs = options.renewEveryMs ?? RENEW_EVERY_MS;
  const canRun = options.sandbox.ok;
  const stopping = new AbortController();
  const inFlight = new Map<string, AbortController>();

  const beat = async () => {
    try {
      await store.heartbeat(
        {
          ...identity,
          canSandbox: canRun,
          sandboxProblem: options.sandbox.reason,
          runtimes: options.sandbox.runtimes,
          concurrency: options.concurrency,
          running: inFlight.size,
        },
        now(),
      );
    } catch (error) {
      log.warn({ err: error }, 'The runner could not record its heartbeat');
    }
  };
  const firstBeat = beat();
  const heartbeats = setInterval(() => void beat(), options.heartbeatEveryMs ?? HEARTBEAT_EVERY_MS);

  async function execute(run: Run): Promise<void> {
    const job = new AbortController();
    inFlight.set(run.id, job);
    let leaseExpiresAt = run.leaseExpiresAt ?? now() + LEASE_MS;
    let renewing = false;
    const loseLease = () => {
      if (job.signal.aborted) return;
      log.warn(
        { runId: run.id },
        'The lease on a run was lost: the run is stopped and left to another runner',
      );
      job.abort(new RunAbortedError('lease-lost'));
    };
    const renewals = setInterval(() => {
      if (now() >= leaseExpiresAt) return loseLease();
      if (renewing || job.signal.aborted) return;
      renewing = true;
      const at = now();
      store.renew(run.id, identity.id, at).then(
        (renewed) => {
          renewing = false;
          if (renewed) leaseExpiresAt = at + LEASE_MS;
          else loseLease();
        },
        (error: unknown) => {
          renewing = false;
          log.warn({ err: error, runId: run.id }, 'Renewing a lease failed; trying again at the next tick');
        },
      );
    }, renewEveryMs);
    try {
      let result: RunResult;
      try {
        result = await handler(run, job.signal);
      } catch (error) {
        // An aborted job's end is not a failure of the run: stop() released it, or another runner holds it.
        if (job.signal.aborted) return;
        const failure = error instanceof Error ? error.message : String(error);
        log.error({ err: error, runId: run.id, attempt: run.attempts }, 'A run could not be run');
        await store.fail(run.id, identity.id, failure, now());
        return;
      }
      if (job.signal.aborted) return;
      if (!(await store.complete(run.id, identity.id, result, now())))
        log.warn({ runId: run.id }, "A run's outcome was refused: its lease had been lost");
    } finally {
      clearInterval(renewals);
      inFlight.delete(run.id);
    }
  }

  async function slot(): Promise<void> {
    while (!stopping.signal.aborted) {
      let run: Run | null = null;
      try {
        run = await store.claim(identity.id, options.sandbox.runtimes, now());
      } catch (error) {
        log.warn({ err: error }, 'Claiming a run failed; trying again');
      }
      if (run && stopping.signal.aborted) {
        // Claimed while stop() was giving the runs in flight back: this one goes back too.
        await store.release(run.id, identity.id, now()).catch(() => false);
      } else if (run) {
        log.info({ runId: run.id, kind: run.kind, attempt: run.attempts }, 'Running a run');
        try {
          await execute(run);
        } catch (error) {
          log.error(
            { err: error, runId: run.id },
            "Recording a run's end failed: its lease will run out and the run be claimed again",
          );
        }
      } else {
        await sleep(pollMs, undefined, { signal: stopping.signal }).catch(() => undefined);
      }
    }
  }

  const slots = canRun ? Array.from({ length: options.concurrency }, () => slot()) : [];

  return {
    get running() {
      return inFlight.size;
    },
    async stop() {
      if (stopping.signal.aborted) return;
      stopping.abort();
      clearInterval(heartbeats);
      await Promise.all(
        [...inFlight].map(async ([runId, job]) => {
          job.abort(new RunAbortedError('runner-stopping'));
          const released = await store.release(runId, identity.id, now()).catch(() => false);
          log.info({ runId, released }, 'The runner is stopping: its run is given back to the queue');
        }),
      );
      await Promise.all(slots);
      await firstBeat;
      await store.forgetRunner(identity.id).catch(() => undefined);
    },
  };
}
