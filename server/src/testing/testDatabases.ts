// Test helper (not shipped code): the databases a test file's stores run on, opened and closed for it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type SqliteDatabase } from '../db/database';
import { migrate, openPostgres, type PgPool } from '../db/postgres';
import { postgresForThisFile } from './testPostgres';

export type TestDatabase =
  | {
      kind: 'SQLite';
      database: SqliteDatabase;
      /** The temporary DATA_DIR the file is in (files a store keeps beside it go here too). */
      dir: string;
      /** Another handle on the same file, as a second server instance opens it; close() closes it too. */
      another(): SqliteDatabase;
      close(): Promise<void>;
    }
  | {
      kind: 'PostgreSQL';
      database: PgPool;
      /** Another pool on the same database, as a second server instance opens it; close() ends it too. */
      another(): PgPool;
      close(): Promise<void>;
    };

type TestPostgresDatabase = Extract<TestDatabase, { kind: 'PostgreSQL' }>;

/**
 * A fresh, migrated database on a real PostgreSQL started on loopback for this file (required under
 * CI, see testPostgres.ts), with more pools on it; null where no PostgreSQL runs. Call it at the top
 * level of the test file: it registers the cluster.
 */
export function testPostgresDatabases(name: string): (() => Promise<TestPostgresDatabase>) | null {
  const postgres = postgresForThisFile(name);
  if (!postgres.available) return null;
  return async () => {
    const url = await postgres.database();
    const pools = [openPostgres(url)];
    await migrate(pools[0]!);
    return {
      kind: 'PostgreSQL',
      database: pools[0]!,
      another() {
        const pool = openPostgres(url);
        pools.push(pool);
        return pool;
      },
      async close() {
        await Promise.all(pools.map((pool) => pool.end()));
      },
    };
  };
}

/**
 * The databases a test file runs its stores on: `sqliteFile` in a temporary folder (deleted on close),
 * and a fresh, migrated PostgreSQL database (testPostgresDatabases). Call it at the top level of the
 * test file: it registers the cluster.
 */
export function testDatabases(
  name: string,
  sqliteFile: string,
): Array<[string, () => Promise<TestDatabase>]> {
  const postgres = testPostgresDatabases(name);
  const databases: Array<[string, () => Promise<TestDatabase>]> = [
    [
      'SQLite',
      async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), `sq-${name}-`));
        const handles = [openDatabase(dir, sqliteFile)];
        return {
          kind: 'SQLite',
          database: handles[0]!,
          dir,
          another() {
            const handle = openDatabase(dir, sqliteFile);
            handles.push(handle);
            return handle;
          },
          async close() {
            for (const handle of handles) handle.close();
            fs.rmSync(dir, { recursive: true, force: true });
          },
        };
      },
    ],
  ];
  if (postgres) databases.push(['PostgreSQL', postgres]);
  return databases;
}
