import type { SqliteDatabase } from '../db/database';
import type { PgPool } from '../db/postgres';
import type { RemoteName } from '../config/serverConfig';

export const RELEASES_DB_FILE = 'releases.db';

/** One immutable build of a remote, kept under releases/<name>/<version>/. */
export interface ReleaseRecord {
  name: RemoteName;
  version: string;
  /** The commit it was built from (short hash; with `-dirty` when the tree had changes). */
  commit: string;
  builtAt: string;
  registeredAt: string;
}

export interface RemoteReleaseState {
  name: RemoteName;
  /** What every visitor gets (unless a canary or an override says otherwise); null: the unversioned build. */
  live: string | null;
  canary: { version: string; percent: number } | null;
  /** The versions that were live before, most recent first (rollback goes to the first). */
  previous: string[];
}

export type ReleaseAction = 'release' | 'promote' | 'canary' | 'finish' | 'rollback' | 'prune';

export interface AuditEntry {
  at: string;
  by: string;
  action: ReleaseAction;
  name: RemoteName;
  from: string | null;
  to: string | null;
}

/** A refusal the CLI prints as it is (unknown version, nothing to roll back to...). */
export class ReleaseError extends Error {}

/**
 * The release registry: per remote its releases, the live version and its history, a canary, and an
 * audit log of every change. One implementation over a small SQL executor, so the embedded SQLite file
 * and a shared PostgreSQL hold exactly the same records.
 */
export interface ReleaseStore {
  addRelease(release: Omit<ReleaseRecord, 'registeredAt'>, by: string): Promise<ReleaseRecord>;
  releases(name?: RemoteName): Promise<ReleaseRecord[]>;
  states(): Promise<RemoteReleaseState[]>;
  promote(name: RemoteName, version: string, by: string): Promise<AuditEntry>;
  startCanary(name: RemoteName, version: string, percent: number, by: string): Promise<AuditEntry>;
  finishCanary(name: RemoteName, by: string): Promise<AuditEntry>;
  rollback(name: RemoteName, by: string): Promise<AuditEntry>;
  /** Forgets a release (its files are deleted by the caller); refuses the live version and the canary. */
  removeRelease(name: RemoteName, version: string, by: string): Promise<AuditEntry>;
  audit(limit?: number): Promise<AuditEntry[]>;
}

type Row = Record<string, unknown>;

/** What the store needs from a database: queries with `?` placeholders, and a transaction. */
interface SqlExecutor {
  all(sql: string, params?: unknown[]): Promise<Row[]>;
  run(sql: string, params?: unknown[]): Promise<void>;
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
}

// PostgreSQL has the same tables from its migration 2 (db/postgres.ts).
const SQLITE_SCHEMA = `
  CREATE TABLE IF NOT EXISTS releases (
    name TEXT NOT NULL, version TEXT NOT NULL, commit_hash TEXT NOT NULL, built_at TEXT NOT NULL,
    registered_at TEXT NOT NULL, PRIMARY KEY (name, version));
  CREATE TABLE IF NOT EXISTS release_state (
    name TEXT PRIMARY KEY, canary_version TEXT, canary_percent INTEGER NOT NULL DEFAULT 0);
  CREATE TABLE IF NOT EXISTS release_live_history (
    name TEXT NOT NULL, seq INTEGER NOT NULL, version TEXT NOT NULL, PRIMARY KEY (name, seq));
  CREATE TABLE IF NOT EXISTS release_audit (
    id INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, by_user TEXT NOT NULL, action TEXT NOT NULL,
    name TEXT NOT NULL, from_version TEXT, to_version TEXT);
`;

function sqliteExecutor(db: SqliteDatabase): SqlExecutor {
  const executor: SqlExecutor = {
    all: async (sql, params = []) => db.prepare(sql).all(...params) as Row[],
    run: async (sql, params = []) => void db.prepare(sql).run(...params),
    async transaction(work) {
      // IMMEDIATE: two CLIs (or a CLI and a server) never interleave their read-then-write.
      db.exec('BEGIN IMMEDIATE');
      try {
        const result = await work(executor);
        db.exec('COMMIT');
        return result;
      } catch (error) {
        db.exec('ROLLBACK');
        throw error;
      }
    },
  };
  return executor;
}

const numbered = (sql: string) => {
  let index = 0;
  return sql.replace(/\?/g, () => `$${(index += 1)}`);
};

function postgresExecutor(pool: PgPool): SqlExecutor {
  const on = (client: { query: PgPool['query'] }): Omit<SqlExecutor, 'transaction'> => ({
    all: async (sql, params = []) => (await client.query(numbered(sql), params)).rows as Row[],
    run: async (sql, params = []) => void (await client.query(numbered(sql), params)),
  });
  return {
    ...on(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        // One registry change at a time across every instance and CLI.
        await client.query('SELECT pg_advisory_xact_lock(727275)');
        const tx: SqlExecutor = {
          ...on(client as unknown as { query: PgPool['query'] }),
          transaction: () => Promise.reject(new Error('nested transaction')),
        };
        const result = await work(tx);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
  };
}

export function createSqliteReleaseStore(db: SqliteDatabase): ReleaseStore {
  db.exec(SQLITE_SCHEMA);
  return createReleaseStore(sqliteExecutor(db));
}

export function createPostgresReleaseStore(pool: PgPool): ReleaseStore {
  return createReleaseStore(postgresExecutor(pool));
}

const toRelease = (row: Row): ReleaseRecord => ({
  name: row.name as RemoteName,
  version: String(row.version),
  commit: String(row.commit_hash),
  builtAt: String(row.built_at),
  registeredAt: String(row.registered_at),
});

function createReleaseStore(sql: SqlExecutor): ReleaseStore {
  async function record(
    tx: SqlExecutor,
    entry: Omit<AuditEntry, 'at'>,
    now = new Date().toISOString(),
  ): Promise<AuditEntry> {
    await tx.run(
      'INSERT INTO release_audit (at, by_user, action, name, from_version, to_version) VALUES (?, ?, ?, ?, ?, ?)',
      [now, entry.by, entry.action, entry.name, entry.from, entry.to],
    );
    return { at: now, ...entry };
  }

  async function history(tx: SqlExecutor, name: RemoteName): Promise<string[]> {
    const rows = await tx.all('SELECT version FROM release_live_history WHERE name = ? ORDER BY seq DESC', [
      name,
    ]);
    return rows.map((row) => String(row.version));
  }

  async function canaryOf(tx: SqlExecutor, name: RemoteName) {
    const [row] = await tx.all('SELECT canary_version, canary_percent FROM release_state WHERE name = ?', [
      name,
    ]);
    return row?.canary_version
      ? { version: String(row.canary_version), percent: Number(row.canary_percent) }
      : null;
  }

  async function requireRelease(tx: SqlExecutor, name: RemoteName, version: string) {
    const rows = await tx.all('SELECT 1 FROM releases WHERE name = ? AND version = ?', [name, version]);
    if (rows.length === 0)
      throw new ReleaseError(`${name}@${version} is not a release (npm run releases lists them)`);
  }

  async function pushLive(tx: SqlExecutor, name: RemoteName, version: string) {
    const [row] = await tx.all(
      'SELECT COALESCE(MAX(seq), 0) AS top FROM release_live_history WHERE name = ?',
      [name],
    );
    await tx.run('INSERT INTO release_live_history (name, seq, version) VALUES (?, ?, ?)', [
      name,
      Number(row?.top ?? 0) + 1,
      version,
    ]);
  }

  async function setCanary(
    tx: SqlExecutor,
    name: RemoteName,
    canary: { version: string; percent: number } | null,
  ) {
    await tx.run('DELETE FROM release_state WHERE name = ?', [name]);
    if (canary)
      await tx.run('INSERT INTO release_state (name, canary_version, canary_percent) VALUES (?, ?, ?)', [
        name,
        canary.version,
        canary.percent,
      ]);
  }

  return {
    async addRelease(release, by) {
      return sql.transaction(async (tx) => {
        const exists = await tx.all('SELECT 1 FROM releases WHERE name = ? AND version = ?', [
          release.name,
          release.version,
        ]);
        if (exists.length > 0)
          throw new ReleaseError(`${release.name}@${release.version} is already released`);
        const registeredAt = new Date().toISOString();
        await tx.run(
          'INSERT INTO releases (name, version, commit_hash, built_at, registered_at) VALUES (?, ?, ?, ?, ?)',
          [release.name, release.version, release.commit, release.builtAt, registeredAt],
        );
        await record(tx, { by, action: 'release', name: release.name, from: null, to: release.version });
        return { ...release, registeredAt };
      });
    },

    async releases(name) {
      const rows = name
        ? await sql.all('SELECT * FROM releases WHERE name = ? ORDER BY registered_at DESC, version', [name])
        : await sql.all('SELECT * FROM releases ORDER BY name, registered_at DESC, version');
      return rows.map(toRelease);
    },

    async states() {
      const names = await sql.all(
        `SELECT name FROM releases UNION SELECT name FROM release_live_history
         UNION SELECT name FROM release_state ORDER BY name`,
      );
      return Promise.all(
        names.map(async ({ name }) => {
          const remote = name as RemoteName;
          const [live = null, ...previous] = await history(sql, remote);
          return { name: remote, live, previous, canary: await canaryOf(sql, remote) };
        }),
      );
    },

    promote(name, version, by) {
      return sql.transaction(async (tx) => {
        await requireRelease(tx, name, version);
        const [live = null] = await history(tx, name);
        if (live === version) throw new ReleaseError(`${name}@${version} is already live`);
        await pushLive(tx, name, version);
        await setCanary(tx, name, null);
        return record(tx, { by, action: 'promote', name, from: live, to: version });
      });
    },

    startCanary(name, version, percent, by) {
      return sql.transaction(async (tx) => {
        await requireRelease(tx, name, version);
        const [live = null] = await history(tx, name);
        if (live === version) throw new ReleaseError(`${name}@${version} is already live`);
        await setCanary(tx, name, { version, percent });
        return record(tx, { by, action: 'canary', name, from: live, to: `${version} (${percent}%)` });
      });
    },

    finishCanary(name, by) {
      return sql.transaction(async (tx) => {
        const canary = await canaryOf(tx, name);
        if (!canary) throw new ReleaseError(`${name} has no canary to finish`);
        const [live = null] = await history(tx, name);
        await pushLive(tx, name, canary.version);
        await setCanary(tx, name, null);
        return record(tx, { by, action: 'finish', name, from: live, to: canary.version });
      });
    },

    rollback(name, by) {
      return sql.transaction(async (tx) => {
        const canary = await canaryOf(tx, name);
        const [live = null, previous = null] = await history(tx, name);
        if (canary) {
          // A canary is ended first: everyone is back on the live version.
          await setCanary(tx, name, null);
          return record(tx, { by, action: 'rollback', name, from: canary.version, to: live });
        }
        if (!live) throw new ReleaseError(`${name} has no live release to roll back`);
        await tx.run(
          'DELETE FROM release_live_history WHERE name = ? AND seq = (SELECT MAX(seq) FROM release_live_history WHERE name = ?)',
          [name, name],
        );
        return record(tx, { by, action: 'rollback', name, from: live, to: previous });
      });
    },

    removeRelease(name, version, by) {
      return sql.transaction(async (tx) => {
        const [live = null] = await history(tx, name);
        const canary = await canaryOf(tx, name);
        if (version === live || version === canary?.version)
          throw new ReleaseError(`${name}@${version} is in use and cannot be pruned`);
        await tx.run('DELETE FROM releases WHERE name = ? AND version = ?', [name, version]);
        // An older live entry of it is no longer a place to roll back to.
        await tx.run('DELETE FROM release_live_history WHERE name = ? AND version = ?', [name, version]);
        return record(tx, { by, action: 'prune', name, from: version, to: null });
      });
    },

    async audit(limit = 100) {
      const rows = await sql.all(
        'SELECT at, by_user, action, name, from_version, to_version FROM release_audit ORDER BY id DESC LIMIT ?',
        [limit],
      );
      return rows.map((row) => ({
        at: String(row.at),
        by: String(row.by_user),
        action: row.action as ReleaseAction,
        name: row.name as RemoteName,
        from: row.from_version === null ? null : String(row.from_version),
        to: row.to_version === null ? null : String(row.to_version),
      }));
    },
  };
}
