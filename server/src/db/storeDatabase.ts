import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { PgPool, SqliteDatabase } from './database';

/**
 * A store's query builder on either database: on SQLite the store's schema is made first (at open); on
 * PostgreSQL the migrations made it (db/postgres.ts). `isSqlite` for the few statements that differ
 * (an advisory lock, a conflict clause).
 */
export function openStoreDatabase<Tables>(
  database: SqliteDatabase | PgPool,
  sqliteSchema: string,
): { db: Kysely<Tables>; isSqlite: boolean } {
  const isSqlite = 'prepare' in database && typeof database.prepare === 'function';
  if (isSqlite) (database as SqliteDatabase).exec(sqliteSchema);
  const db = new Kysely<Tables>({
    dialect: isSqlite
      ? new SqliteDialect({ database: database as SqliteDatabase })
      : new PostgresDialect({ pool: database as PgPool }),
  });
  return { db, isSqlite };
}
