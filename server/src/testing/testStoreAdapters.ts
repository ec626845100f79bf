import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type SqliteDatabase } from '../db/database';
import { migrate, openPostgres, type PgPool } from '../db/postgres';
import { postgresForThisFile } from './testPostgres';

export interface OpenedStore<Store> {
  store: Store;
  /**
   * Another store on the same database, as a second server instance would open it (its own SQLite
   * handle, or its own PostgreSQL pool); close() closes it too.
   */
  another(): Promise<Store>;
  close(): Promise<void>;
}

export type StoreAdapter<Store> = [name: string, open: () => Promise<OpenedStore<Store>>];

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
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), `sq-${name}-`));
        const handles = [openDatabase(dir, sqliteFile)];
        return {
          store: createStore(handles[0]!),
          another: async () => {
            const handle = openDatabase(dir, sqliteFile);
            handles.push(handle);
            return createStore(handle);
          },
          close: async () => {
            for (const handle of handles) handle.close();
          },
        };
      },
    ],
  ];
  if (postgres.available)
    adapters.push([
      'PostgreSQL',
      async () => {
        const url = await postgres.database();
        const pools = [openPostgres(url)];
        await migrate(pools[0]!);
        return {
          store: createStore(pools[0]!),
          another: async () => {
            const pool = openPostgres(url);
            pools.push(pool);
            return createStore(pool);
          },
          close: async () => {
            await Promise.all(pools.map((pool) => pool.end()));
          },
        };
      },
    ]);
  return adapters;
}
