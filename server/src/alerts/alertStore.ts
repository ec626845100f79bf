import { randomBytes } from 'node:crypto';
import type { AlertFrequency } from '@side-quest/data/alerts';
import type { PgPool, SqliteDatabase } from '../db/database';
import { openStoreDatabase } from '../db/storeDatabase';
import { insertWithinLimits } from '../db/insertWithinLimits';

/** The alerts' SQLite file in DATA_DIR when there is no DATABASE_URL. */
export const ALERTS_DB_FILE = 'alerts.db';

/**
 * Saved-search alerts, the digests claimed per period, and when each bounty was first seen published.
 * One text for both databases (ISO dates as TEXT sort as time): SQLite runs it at open, PostgreSQL as
 * a migration (db/postgres.ts).
 */
export const ALERTS_SCHEMA = `
  CREATE TABLE IF NOT EXISTS saved_alerts (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    name TEXT NOT NULL,
    query TEXT NOT NULL,
    frequency TEXT NOT NULL,
    paused INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    last_digest_at TEXT
  );
  CREATE INDEX IF NOT EXISTS saved_alerts_user ON saved_alerts (user_id);
  CREATE TABLE IF NOT EXISTS alert_digests (
    alert_id TEXT NOT NULL,
    period TEXT NOT NULL,
    claimed_at TEXT NOT NULL,
    bounty_count INTEGER NOT NULL,
    PRIMARY KEY (alert_id, period)
  );
  CREATE TABLE IF NOT EXISTS bounty_first_seen (
    bounty_id TEXT PRIMARY KEY,
    first_seen_at TEXT NOT NULL
  );
`;

interface Tables {
  saved_alerts: {
    id: string;
    user_id: string;
    name: string;
    query: string;
    frequency: string;
    paused: number;
    created_at: string;
    last_digest_at: string | null;
  };
  alert_digests: { alert_id: string; period: string; claimed_at: string; bounty_count: number };
  bounty_first_seen: { bounty_id: string; first_seen_at: string };
}

export interface StoredAlert {
  id: string;
  userId: string;
  name: string;
  query: string;
  frequency: AlertFrequency;
  paused: boolean;
  createdAt: string;
  lastDigestAt: string | null;
}

const toAlert = (row: Tables['saved_alerts']): StoredAlert => ({
  id: row.id,
  userId: row.user_id,
  name: row.name,
  query: row.query,
  frequency: row.frequency === 'weekly' ? 'weekly' : 'daily',
  paused: Number(row.paused) === 1,
  createdAt: row.created_at,
  lastDigestAt: row.last_digest_at,
});

/** A random, URL-safe id: it appears in unsubscribe links, so it says nothing about its owner. */
const newAlertId = () => `al_${randomBytes(12).toString('base64url')}`;

export function createAlertStore(database: SqliteDatabase | PgPool) {
  const { db, isSqlite } = openStoreDatabase<Tables>(database, ALERTS_SCHEMA);

  return {
    /**
     * Saves an alert unless the person keeps `limit` already; resolves with its id, or null at the limit.
     * The count and the insert are one step under the person's lock (insertWithinLimits), so saves racing
     * in two tabs or on two instances cannot pass the limit.
     */
    async create(
      alert: { userId: string; name: string; query: string; frequency: AlertFrequency },
      at: string,
      limit: number,
    ): Promise<string | null> {
      const id = newAlertId();
      const written = await insertWithinLimits(db, isSqlite ? (database as SqliteDatabase) : null, {
        lockKeys: [`alerts:person:${alert.userId}`],
        limits: [
          {
            count: db
              .selectFrom('saved_alerts')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('user_id', '=', alert.userId),
            max: limit,
          },
        ],
        insert: db.insertInto('saved_alerts').values({
          id,
          user_id: alert.userId,
          name: alert.name,
          query: alert.query,
          frequency: alert.frequency,
          paused: 0,
          created_at: at,
          last_digest_at: null,
        }),
      });
      return written.inserted ? id : null;
    },

    async listOf(userId: string): Promise<StoredAlert[]> {
      const rows = await db
        .selectFrom('saved_alerts')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
      return rows.map(toAlert);
    },

    /** Every alert that is not paused: the digest pass's work. */
    async active(): Promise<StoredAlert[]> {
      const rows = await db
        .selectFrom('saved_alerts')
        .selectAll()
        .where('paused', '=', 0)
        .orderBy('id')
        .execute();
      return rows.map(toAlert);
    },

    /** Changes a person's own alert; false when they have no alert with that id. */
    async update(
      userId: string,
      id: string,
      changes: { name: string; frequency: AlertFrequency; paused: boolean },
    ): Promise<boolean> {
      const result = await db
        .updateTable('saved_alerts')
        .set({ name: changes.name, frequency: changes.frequency, paused: changes.paused ? 1 : 0 })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Pauses an alert (its one-click unsubscribe, no session); false when it does not exist. */
    async pause(id: string): Promise<boolean> {
      const result = await db
        .updateTable('saved_alerts')
        .set({ paused: 1 })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async delete(userId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('saved_alerts')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) return false;
      await db.deleteFrom('alert_digests').where('alert_id', '=', id).execute();
      return true;
    },

    /** Every alert of a person and their digest records (account deletion). */
    async removeAllOf(userId: string): Promise<void> {
      const ids = (
        await db.selectFrom('saved_alerts').select('id').where('user_id', '=', userId).execute()
      ).map((row) => row.id);
      if (ids.length > 0) await db.deleteFrom('alert_digests').where('alert_id', 'in', ids).execute();
      await db.deleteFrom('saved_alerts').where('user_id', '=', userId).execute();
    },

    /**
     * Claims an alert's digest of one period for sending: true for the one caller that made the claim,
     * false for everyone after (another instance, or a second run of the command), as the lifecycle's
     * reminders are claimed.
     */
    async claimDigest(alertId: string, period: string, at: string, bountyCount: number): Promise<boolean> {
      const result = await db
        .insertInto('alert_digests')
        .values({ alert_id: alertId, period, claimed_at: at, bounty_count: bountyCount })
        .onConflict((conflict) => conflict.columns(['alert_id', 'period']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },

    /** The digest up to `cutoff` went: the next one lists what was published after it. */
    async digestSent(alertId: string, cutoff: string): Promise<void> {
      await db
        .updateTable('saved_alerts')
        .set({ last_digest_at: cutoff })
        .where('id', '=', alertId)
        .execute();
    },

    /** Records `at` as the first sighting of each bounty not seen before (the first writer wins). */
    async observe(bountyIds: readonly string[], at: string): Promise<void> {
      for (let start = 0; start < bountyIds.length; start += 500) {
        const chunk = bountyIds.slice(start, start + 500);
        await db
          .insertInto('bounty_first_seen')
          .values(chunk.map((id) => ({ bounty_id: id, first_seen_at: at })))
          .onConflict((conflict) => conflict.column('bounty_id').doNothing())
          .execute();
      }
    },

    /** When each bounty was first seen published (ISO), for the ids seen at all. */
    async firstSeen(): Promise<Map<string, string>> {
      const rows = await db.selectFrom('bounty_first_seen').selectAll().execute();
      return new Map(rows.map((row) => [row.bounty_id, row.first_seen_at]));
    },
  };
}

export type AlertStore = ReturnType<typeof createAlertStore>;
