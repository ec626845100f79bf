import {
  LEASE_MS,
  LIVE_WITHIN_MS,
  attemptsExhausted,
  claimable,
  holdsLease,
  leaseExpired,
  liveRuntimes,
  queueRetryAfterSeconds,
  runStateAt,
  stateAfterFailedAttempt,
  type LeasedRun,
} from './leaseRules';

const now = 1_000_000;
const queued: LeasedRun = { state: 'queued', attempts: 0, leaseHolder: null, leaseExpiresAt: null };
const running = (attempts: number, leaseExpiresAt: number): LeasedRun => ({
  state: 'running',
  attempts,
  leaseHolder: 'runner-a',
  leaseExpiresAt,
});

describe('the lease', () => {
  it('holds until its expiry, which is the first moment it no longer holds', () => {
    const run = running(1, now + LEASE_MS);
    expect(leaseExpired(run, now + LEASE_MS - 1)).toBe(false);
    expect(holdsLease(run, 'runner-a', now + LEASE_MS - 1)).toBe(true);
    expect(leaseExpired(run, now + LEASE_MS)).toBe(true);
    expect(holdsLease(run, 'runner-a', now + LEASE_MS)).toBe(false);
  });

  it('belongs to its holder only', () => {
    expect(holdsLease(running(1, now + 1), 'runner-b', now)).toBe(false);
  });

  it('is refused to its holder once expired, even before anyone claimed the run again', () => {
    const run = running(1, now - 1);
    expect(claimable(run, now)).toBe(true);
    expect(holdsLease(run, 'runner-a', now)).toBe(false);
  });

  it('never holds a run that is not running', () => {
    for (const state of ['queued', 'done', 'could-not-run'] as const)
      expect(holdsLease({ ...running(1, now + 1), state }, 'runner-a', now)).toBe(false);
  });
});

describe('claiming', () => {
  it('takes a queued run, and a running one only once its lease expired with attempts left', () => {
    expect(claimable(queued, now)).toBe(true);
    expect(claimable(running(1, now + 1), now)).toBe(false);
    expect(claimable(running(1, now), now)).toBe(true);
    expect(claimable(running(2, now), now)).toBe(true);
    expect(claimable(running(3, now), now)).toBe(false);
  });

  it('never takes a finished run', () => {
    expect(claimable({ ...queued, state: 'done' }, now)).toBe(false);
    expect(claimable({ ...queued, state: 'could-not-run' }, now)).toBe(false);
  });
});

describe('a run that could not run', () => {
  it('is one whose third lease expired', () => {
    expect(attemptsExhausted(running(3, now), now)).toBe(true);
    expect(attemptsExhausted(running(3, now + 1), now)).toBe(false);
    expect(attemptsExhausted(running(2, now), now)).toBe(false);
  });

  it('is one whose third attempt failed; earlier failures wait for another attempt', () => {
    expect(stateAfterFailedAttempt(1)).toBe('queued');
    expect(stateAfterFailedAttempt(2)).toBe('queued');
    expect(stateAfterFailedAttempt(3)).toBe('could-not-run');
  });

  it('is what a reader sees as soon as the last lease expires; an earlier expired lease reads as waiting', () => {
    expect(runStateAt(running(3, now), now)).toBe('could-not-run');
    expect(runStateAt(running(1, now), now)).toBe('queued');
    expect(runStateAt(running(1, now + 1), now)).toBe('running');
    expect(runStateAt({ ...queued, state: 'done' }, now)).toBe('done');
  });
});

describe('live runners', () => {
  const beat = (lastSeenAt: number, canSandbox: boolean, runtimes: string[]) => ({
    lastSeenAt,
    canSandbox,
    runtimes,
  });

  it('offer the runtimes of runners seen recently that can make a sandbox, each once', () => {
    expect(
      liveRuntimes(
        [
          beat(now - 1_000, true, ['python3-pytest', 'node20']),
          beat(now - LIVE_WITHIN_MS, true, ['node20']),
          beat(now - LIVE_WITHIN_MS - 1, true, ['ruby']),
          beat(now, false, ['go']),
        ],
        now,
      ),
    ).toEqual(['node20', 'python3-pytest']);
  });

  it('offer nothing when none is live', () => {
    expect(liveRuntimes([], now)).toEqual([]);
  });
});

describe("a full queue's Retry-After", () => {
  it('shares the waiting runs among the live slots at the mean run time', () => {
    expect(queueRetryAfterSeconds(20, 2, 3)).toBe(30);
    expect(queueRetryAfterSeconds(1, 4, 0.1)).toBe(1);
  });

  it('is a minute when no runner is live', () => {
    expect(queueRetryAfterSeconds(5, 0, 3)).toBe(60);
  });
});
