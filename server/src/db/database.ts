import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type pg from 'pg';

export type SqliteDatabase = Database.Database;

/**
 * A PostgreSQL connection pool (openPostgres in ./postgres). Here, beside SQLite's handle, so a store can
 * name both without importing the migrations, which import the stores' schemas.
 */
export type PgPool = pg.Pool;

/**
 * Opens (creating when missing) one SQLite database file in DATA_DIR. WAL journaling with
 * synchronous=FULL (unless `durable: false`): a write that returned is on disk, so a success answered after
 * it survives a crash.
 * Each feature creates its own tables in its own module.
 */
export function openDatabase(
  dataDir: string,
  fileName: string,
  { durable = true }: { durable?: boolean } = {},
): SqliteDatabase {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, fileName));
  db.pragma('journal_mode = WAL');
  // durable: false (NORMAL) skips the fsync per commit, for data that may lose its last writes in a
  // power cut, such as rate-limit counters; it is still never corrupted.
  db.pragma(`synchronous = ${durable ? 'FULL' : 'NORMAL'}`);
  db.pragma('busy_timeout = 5000');
  return db;
}
