import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export type SqliteDatabase = Database.Database;

/**
 * Opens (creating when missing) one SQLite database file in DATA_DIR. WAL journaling with
 * synchronous=FULL: a write that returned is on disk, so a success answered after it survives a crash.
 * Each feature creates its own tables in its own module.
 */
export function openDatabase(dataDir: string, fileName: string): SqliteDatabase {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, fileName));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  return db;
}
