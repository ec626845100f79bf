import { OPTIONAL_MAIL_KINDS, type MailSwitches, type OptionalMailKind } from '@side-quest/data/account';
import type { PgPool, SqliteDatabase } from '../db/database';
import { openStoreDatabase } from '../db/storeDatabase';

/**
 * Each person's switches, one row per kind they set (a kind without a row is on): a kind added later
 * (interview requests) needs no migration. The same text for both databases: SQLite runs it at open
 * (in MAIL_DB_FILE, beside the outbox), PostgreSQL as a migration (db/postgres.ts).
 */
export const MAIL_PREFERENCES_SCHEMA = `
  CREATE TABLE IF NOT EXISTS mail_preferences (
    user_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    enabled INTEGER NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (user_id, kind)
  );
`;

interface Tables {
  mail_preferences: { user_id: string; kind: string; enabled: number; updated_at: string };
}

export interface MailPreferencesStore {
  /** The switches a person set, by kind; kinds they never set are absent. */
  stored(userId: string): Promise<Partial<MailSwitches>>;
  /** Sets the given switches (the others stay as they are). */
  set(userId: string, switches: Partial<MailSwitches>, at: string): Promise<void>;
  /** Forgets every switch of a person (account deletion). */
  remove(userId: string): Promise<void>;
}

export function createMailPreferencesStore(database: SqliteDatabase | PgPool): MailPreferencesStore {
  const { db } = openStoreDatabase<Tables>(database, MAIL_PREFERENCES_SCHEMA);
  return {
    async stored(userId) {
      const rows = await db
        .selectFrom('mail_preferences')
        .select(['kind', 'enabled'])
        .where('user_id', '=', userId)
        .execute();
      const switches: Partial<MailSwitches> = {};
      for (const row of rows)
        if (OPTIONAL_MAIL_KINDS.includes(row.kind as OptionalMailKind))
          switches[row.kind as OptionalMailKind] = Number(row.enabled) === 1;
      return switches;
    },
    async set(userId, switches, at) {
      const rows = Object.entries(switches).map(([kind, enabled]) => ({
        user_id: userId,
        kind,
        enabled: enabled ? 1 : 0,
        updated_at: at,
      }));
      if (rows.length === 0) return;
      await db
        .insertInto('mail_preferences')
        .values(rows)
        .onConflict((conflict) =>
          conflict.columns(['user_id', 'kind']).doUpdateSet((eb) => ({
            enabled: eb.ref('excluded.enabled'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    },
    async remove(userId) {
      await db.deleteFrom('mail_preferences').where('user_id', '=', userId).execute();
    },
  };
}

/**
 * The switches as they apply: each kind on unless the person turned it off. Before this page existed,
 * My submissions had one switch for the lifecycle's optional mail (lifecycle_mail_settings): it stands
 * for talent updates and team notices until the person sets those here.
 */
export function createMailPreferences(
  store: MailPreferencesStore,
  legacyLifecycleSwitch: (userId: string) => Promise<boolean>,
  now: () => number = Date.now,
) {
  async function switches(userId: string): Promise<MailSwitches> {
    const stored = await store.stored(userId);
    const needsLegacy = stored['talent-updates'] === undefined || stored['team-notices'] === undefined;
    const legacy = needsLegacy ? await legacyLifecycleSwitch(userId) : true;
    return {
      'bounty-alerts': stored['bounty-alerts'] ?? true,
      'talent-updates': stored['talent-updates'] ?? legacy,
      'team-notices': stored['team-notices'] ?? legacy,
      'interview-requests': stored['interview-requests'] ?? true,
    };
  }
  return {
    switches,
    async wants(userId: string, kind: OptionalMailKind): Promise<boolean> {
      return (await switches(userId))[kind];
    },
    set: (userId: string, changes: Partial<MailSwitches>) =>
      store.set(userId, changes, new Date(now()).toISOString()),
    remove: (userId: string) => store.remove(userId),
  };
}

export type MailPreferences = ReturnType<typeof createMailPreferences>;
