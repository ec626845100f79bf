import type { SqliteDatabase } from '../db/database';
import type { PgPool } from '../db/postgres';
import { testDatabases } from './testDatabases';

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
 * The adapters a store's contract test runs on: the store made on each of testDatabases (SQLite in a
 * temporary folder, a fresh migrated PostgreSQL database). Call it at the top level of the test file:
 * it registers the cluster's start and stop.
 */
export function storeAdapters<Store>(
  name: string,
  sqliteFile: string,
  createStore: (database: SqliteDatabase | PgPool) => Store,
): Array<StoreAdapter<Store>> {
  return testDatabases(name, sqliteFile).map(([kind, open]) => [
    kind,
    async () => {
      const opened = await open();
      return {
        store: createStore(opened.database),
        another: async () => createStore(opened.another()),
        close: () => opened.close(),
      };
    },
  ]);
}

/**
 * In a describe block of one adapter: a fresh store opened before each test and closed after it. Call
 * it at the top of the block; the function it returns gives the running test's store.
 */
export function storePerTest<Store>(open: () => Promise<OpenedStore<Store>>): () => Store {
  let opened: OpenedStore<Store> | null = null;
  beforeEach(async () => {
    opened = await open();
  });
  afterEach(async () => {
    await opened?.close();
    opened = null;
  });
  return () => {
    if (!opened) throw new Error('The store is open only while a test runs.');
    return opened.store;
  };
}
