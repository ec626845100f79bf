/**
 * The rules of the write routes' rate limits, kept apart from the stores that count: a fixed window per
 * client address and route. Both stores (SQLite, PostgreSQL) apply `countHit` atomically in SQL; this
 * function is the reference their contract test checks them against.
 */
export interface WindowCount {
  hits: number;
  /** When the window ends (ms since the epoch). */
  resetAt: number;
}

/** The count after one more hit at `now`: a window that has ended starts over at 1. */
export function countHit(current: WindowCount | null, now: number, windowMs: number): WindowCount {
  if (!current || current.resetAt <= now) return { hits: 1, resetAt: now + windowMs };
  return { hits: current.hits + 1, resetAt: current.resetAt };
}

/** Whole seconds until the window ends, at least 1 (the Retry-After header and the message). */
export function retryAfterSeconds(resetAt: number, now: number): number {
  return Math.max(1, Math.ceil((resetAt - now) / 1000));
}

/** The message of a 429. */
export function tooManyAttemptsMessage(seconds: number): string {
  return `Too many attempts — try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;
}
