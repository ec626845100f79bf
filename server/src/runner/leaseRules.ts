/**
 * The runs queue's rules (issue 56 item 1), pure: a claim holds a run for a lease that its runner renews;
 * a run whose lease ran out may be claimed again, at most MAX_ATTEMPTS claims in all; a runner is live
 * while its heartbeat is recent. The store's SQL applies the same rules in its conditional writes
 * (runStore.ts); its reads report a stored row through `runStateAt`, so a reader never waits for a
 * runner to notice a lease that ran out.
 */

/** How long a claim holds a run without renewal. */
export const LEASE_MS = 60_000;
/** How often a runner renews the leases it holds: two renewals may fail before the lease runs out. */
export const RENEW_EVERY_MS = 20_000;
/** Claims a run may have in all; after the last one's lease runs out (or it fails), it could not run. */
export const MAX_ATTEMPTS = 3;
/** How often a runner records that it is alive. */
export const HEARTBEAT_EVERY_MS = 30_000;
/** A runner seen within this long is live: three heartbeats, so one late write does not hide it. */
export const LIVE_WITHIN_MS = 90_000;

/**
 * queued: waits for a runner. running: a runner holds its lease. done: its outcome is stored.
 * could-not-run: the site could not run it (runners died or failed on it MAX_ATTEMPTS times); it never
 * counts against an entrant's daily limit.
 */
export type RunState = 'queued' | 'running' | 'done' | 'could-not-run';

/** What the rules read of a stored run. */
export interface LeasedRun {
  state: RunState;
  attempts: number;
  leaseHolder: string | null;
  /** Epoch ms; null while no runner holds it. */
  leaseExpiresAt: number | null;
}

/** Whether a running run's lease has run out (a runner that died or lost its database). */
export function leaseExpired(run: LeasedRun, now: number): boolean {
  return run.state === 'running' && (run.leaseExpiresAt === null || run.leaseExpiresAt <= now);
}

/** Whether a runner may claim the run now: it waits, or its runner's lease ran out with attempts left. */
export function claimable(run: LeasedRun, now: number): boolean {
  return run.state === 'queued' || (leaseExpired(run, now) && run.attempts < MAX_ATTEMPTS);
}

/** Whether the run's last attempt's lease ran out: it could not run, whoever notices first. */
export function attemptsExhausted(run: LeasedRun, now: number): boolean {
  return leaseExpired(run, now) && run.attempts >= MAX_ATTEMPTS;
}

/**
 * Whether `holder` may renew the lease or store the outcome: it holds the lease and the lease has not
 * run out. Strict: a holder whose lease ran out is refused even when nobody claimed the run since, because
 * another runner may be claiming it at this moment and would run it again.
 */
export function holdsLease(run: LeasedRun, holder: string, now: number): boolean {
  return (
    run.state === 'running' &&
    run.leaseHolder === holder &&
    run.leaseExpiresAt !== null &&
    run.leaseExpiresAt > now
  );
}

/** Where a run goes when its attempt fails for the site's own reasons (a sandbox that could not be made). */
export function stateAfterFailedAttempt(attempts: number): 'queued' | 'could-not-run' {
  return attempts >= MAX_ATTEMPTS ? 'could-not-run' : 'queued';
}

/**
 * The state a reader should see: a run whose lease ran out waits to be claimed again ('queued'), or,
 * after its last attempt, could not run; otherwise the stored state.
 */
export function runStateAt(run: LeasedRun, now: number): RunState {
  if (attemptsExhausted(run, now)) return 'could-not-run';
  if (leaseExpired(run, now)) return 'queued';
  return run.state;
}

/** What the rules read of a runner's heartbeat. */
export interface RunnerBeat {
  lastSeenAt: number;
  canSandbox: boolean;
  runtimes: readonly string[];
}

export function runnerLive(runner: RunnerBeat, now: number): boolean {
  return now - runner.lastSeenAt <= LIVE_WITHIN_MS;
}

/** The runtimes some live runner that can make a sandbox offers, sorted, each once. */
export function liveRuntimes(runners: readonly RunnerBeat[], now: number): string[] {
  const runtimes = new Set<string>();
  for (const runner of runners)
    if (runner.canSandbox && runnerLive(runner, now))
      for (const runtime of runner.runtimes) runtimes.add(runtime);
  return [...runtimes].sort();
}

/**
 * When to try again once the queue is past its bound (a 503's Retry-After): the waiting runs shared among
 * the live runners' slots at the recent mean run time, at least 1 s; with no live slot, a minute.
 */
export function queueRetryAfterSeconds(waiting: number, slots: number, meanRunSeconds: number): number {
  if (slots <= 0) return 60;
  return Math.max(1, Math.ceil((waiting * meanRunSeconds) / slots));
}
