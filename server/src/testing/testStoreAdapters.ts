import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type SqliteDatabase } from '../db/database';
import { migrate, openPostgres, type PgPool } from '../db/postgres';
import { postgresForThisFile } from './testPostgres';

export type StoreAdapter<Store> = [
  name: string,
  open: () => Promise<{ store: Store; close(): Promise<void> }>,
];

/**
 * The adapters a store's contract test runs on: SQLite in a temporary folder, and a fresh, migrated
 * database on a real PostgreSQL started on loopback for this file (required under CI, see
 * testPostgres.ts). Call it at the top level of the test file: it registers the cluster's start and stop.
 */
export function storeAdapters<Store>(
  name: string,
  sqliteFile: string,
  createStore: (database: SqliteDatabase | PgPool) => Store,
): Array<StoreAdapter<Store>> {
  const postgres = postgresForThisFile(name);
  const adapters: Array<StoreAdapter<Store>> = [
    [
      'SQLite',
      async () => {
        const db = openDatabase(fs.mkdtempSync(path.join(os.tmpdir(), `sq-${name}-`)), sqliteFile);
        return {
          store: createStore(db),
          close: async () => {
            db.close();
          },
        };
      },
    ],
  ];
  if (postgres.available)
    adapters.push([
      'PostgreSQL',
      async () => {
        const pool = openPostgres(await postgres.database());
        await migrate(pool);
        return { store: createStore(pool), close: () => pool.end() };
      },
    ]);
  return adapters;
}
