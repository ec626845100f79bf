import { sql, type Compilable, type Kysely } from 'kysely';
import type { SqliteDatabase } from './database';

/** One limit an insert keeps: a query counting what is held (one row, column `n`) and the most allowed. */
export interface HeldLimit {
  count: Compilable<{ n: unknown }>;
  max: number;
}

/** Inserted, or refused by the limit at this index of `limits` (the first one reached, in their order). */
export type LimitedInsert = { inserted: true } | { inserted: false; refusedBy: number };

/**
 * Runs `insert` only while every limit's count is below its max, the counts and the insert as one step
 * that no other writer of the same keys can interleave with, so instances sharing the database keep a
 * limit exactly instead of each passing it by one.
 * - PostgreSQL: a transaction that first takes a transaction-scoped advisory lock on each of `lockKeys`,
 *   in the order given (every caller names the broader scope first, e.g. organisation then person, so
 *   two writers never wait on each other in a cycle). Under READ COMMITTED each count then sees every
 *   row an earlier holder committed.
 * - SQLite (pass its handle as `sqlite`): one synchronous IMMEDIATE transaction on the handle, so nothing
 *   else in this process runs between the counts and the insert, and another process's writer waits.
 * The order of `limits` (which refusal is told first) is the caller's, apart from the locks' order.
 */
export async function insertWithinLimits<DB>(
  db: Kysely<DB>,
  sqlite: SqliteDatabase | null,
  write: { lockKeys: readonly string[]; limits: readonly HeldLimit[]; insert: Compilable<unknown> },
): Promise<LimitedInsert> {
  const verdict = (counts: number[]): LimitedInsert | null => {
    const refusedBy = counts.findIndex((n, index) => n >= write.limits[index]!.max);
    return refusedBy === -1 ? null : { inserted: false, refusedBy };
  };
  if (sqlite) {
    const run = sqlite.transaction((): LimitedInsert => {
      const counts = write.limits.map(({ count }) => {
        const query = count.compile();
        const row = sqlite.prepare(query.sql).get(...query.parameters) as { n: unknown } | undefined;
        return Number(row?.n ?? 0);
      });
      const refusal = verdict(counts);
      if (refusal) return refusal;
      const query = write.insert.compile();
      sqlite.prepare(query.sql).run(...query.parameters);
      return { inserted: true };
    });
    return run.immediate();
  }
  return db.transaction().execute(async (trx): Promise<LimitedInsert> => {
    for (const key of write.lockKeys) await sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
    const counts: number[] = [];
    for (const { count } of write.limits) {
      const result = await trx.executeQuery(count.compile());
      counts.push(Number(result.rows[0]?.n ?? 0));
    }
    const refusal = verdict(counts);
    if (refusal) return refusal;
    await trx.executeQuery(write.insert.compile());
    return { inserted: true };
  });
}
