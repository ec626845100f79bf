/**
 * Per-address request limit over a sliding one-minute window, kept in memory. It uses the sliding
 * window counter (this window's count plus the previous window's, weighted by how much of it still
 * overlaps), which needs two numbers per address however high the limit is set.
 */
export interface RateLimiter {
  /** Counts one request from `key` and says whether it is within the limit. */
  allow(key: string, now?: number): boolean;
  /** Seconds until `key` may send again (for Retry-After). */
  retryAfterSeconds(now?: number): number;
}

interface Window {
  start: number;
  count: number;
  previous: number;
}

/** Past this many tracked addresses, stale ones are swept so memory stays bounded. */
const SWEEP_AT = 10_000;

export function createRateLimiter(limit: number, windowMs = 60_000): RateLimiter {
  const windows = new Map<string, Window>();

  const sweep = (now: number) => {
    for (const [key, window] of windows) {
      if (now - window.start >= 2 * windowMs) windows.delete(key);
    }
  };

  return {
    allow(key, now = Date.now()) {
      const currentStart = now - (now % windowMs);
      let window = windows.get(key);
      if (!window) {
        if (windows.size >= SWEEP_AT) sweep(now);
        window = { start: currentStart, count: 0, previous: 0 };
        windows.set(key, window);
      } else if (window.start !== currentStart) {
        window.previous = currentStart - window.start === windowMs ? window.count : 0;
        window.start = currentStart;
        window.count = 0;
      }
      const overlap = 1 - (now - currentStart) / windowMs;
      const estimate = window.previous * overlap + window.count;
      if (estimate >= limit) return false;
      window.count += 1;
      return true;
    },
    retryAfterSeconds(now = Date.now()) {
      return Math.max(1, Math.ceil((windowMs - (now % windowMs)) / 1000));
    },
  };
}
