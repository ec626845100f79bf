import type { SqliteDatabase } from '../db/database';
import type { WindowCount } from './rateLimitRules';

export const RATE_LIMITS_DB_FILE = 'rate-limits.db';

/**
 * The write routes' hit counters, one fixed window per key (route and client address). Each call is one
 * atomic statement, so several server instances sharing the database count together.
 */
export interface RateLimitCounters {
  /** Counts one hit (rateLimitRules' countHit, done atomically) and returns the window's count. */
  hit(key: string, windowMs: number, now?: number): Promise<WindowCount>;
  /** Takes one hit back. */
  undo(key: string): Promise<void>;
  /** Forgets the key. */
  reset(key: string): Promise<void>;
}

/** Ended windows are deleted every this many hits, so the table holds only live windows. */
export const SWEEP_EVERY = 1_000;

/** The counters in SQLite (the default, one machine): a table in RATE_LIMITS_DB_FILE. */
export function createSqliteRateLimitCounters(db: SqliteDatabase): RateLimitCounters {
  db.exec(`
    CREATE TABLE IF NOT EXISTS rate_limit_hits (
      key TEXT PRIMARY KEY,
      hits INTEGER NOT NULL,
      reset_at INTEGER NOT NULL
    );
  `);
  const upsert = db.prepare(`
    INSERT INTO rate_limit_hits (key, hits, reset_at) VALUES (@key, 1, @now + @windowMs)
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN rate_limit_hits.reset_at <= @now THEN 1 ELSE rate_limit_hits.hits + 1 END,
      reset_at = CASE WHEN rate_limit_hits.reset_at <= @now THEN @now + @windowMs ELSE rate_limit_hits.reset_at END
    RETURNING hits, reset_at AS resetAt`);
  const decrement = db.prepare('UPDATE rate_limit_hits SET hits = MAX(hits - 1, 0) WHERE key = ?');
  const remove = db.prepare('DELETE FROM rate_limit_hits WHERE key = ?');
  const sweep = db.prepare('DELETE FROM rate_limit_hits WHERE reset_at <= ?');
  let hitsSinceSweep = 0;
  return {
    async hit(key, windowMs, now = Date.now()) {
      hitsSinceSweep += 1;
      if (hitsSinceSweep >= SWEEP_EVERY) {
        hitsSinceSweep = 0;
        sweep.run(now);
      }
      return upsert.get({ key, now, windowMs }) as WindowCount;
    },
    async undo(key) {
      decrement.run(key);
    },
    async reset(key) {
      remove.run(key);
    },
  };
}
