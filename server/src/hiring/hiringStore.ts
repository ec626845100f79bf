import type { Generated } from 'kysely';
import {
  OPEN_TO_WORK_AUDIENCES,
  WORK_KINDS,
  type OpenToWork,
  type OpenToWorkAudience,
  type WorkKind,
} from '@side-quest/data/hiring';
import type { PgPool, SqliteDatabase } from '../db/database';
import { openStoreDatabase } from '../db/storeDatabase';

export const HIRING_DB_FILE = 'hiring.db';

/**
 * Hiring's tables (issue 46), one text for both databases: SQLite runs it at open (HIRING_DB_FILE),
 * PostgreSQL as a migration (db/postgres.ts). A person's availability is one row; its details are JSON,
 * kept while it is switched off so switching on again needs no retyping.
 */
export const HIRING_SCHEMA = `
  CREATE TABLE IF NOT EXISTS hiring_preferences (
    user_id TEXT PRIMARY KEY,
    open_to_work INTEGER NOT NULL DEFAULT 0,
    availability TEXT,
    requests_off INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT NOT NULL
  );
`;

interface Tables {
  hiring_preferences: {
    user_id: string;
    open_to_work: Generated<number>;
    availability: string | null;
    requests_off: Generated<number>;
    updated_at: string;
  };
}

export interface HiringPreferences {
  openToWorkOn: boolean;
  /** The saved details (null until first saved), on or off. */
  openToWork: OpenToWork | null;
  interviewRequestsOn: boolean;
}

const NONE: HiringPreferences = { openToWorkOn: false, openToWork: null, interviewRequestsOn: true };

/** Stored JSON read back defensively: a hand-edited row that names nothing valid reads as no details. */
export function readAvailability(text: string | null): OpenToWork | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<OpenToWork>;
    const kinds = WORK_KINDS.filter((kind) => (value.kinds as WorkKind[] | undefined)?.includes(kind));
    const audience = OPEN_TO_WORK_AUDIENCES.find((entry) => entry === value.audience);
    // An unknown audience is never widened to the public: the row counts as no availability.
    if (kinds.length === 0 || !audience) return null;
    return {
      kinds,
      remote: value.remote === true,
      countries: Array.isArray(value.countries) ? value.countries.filter((c) => typeof c === 'string') : [],
      availableFrom: typeof value.availableFrom === 'string' ? value.availableFrom : null,
      audience: audience as OpenToWorkAudience,
    };
  } catch {
    return null;
  }
}

export function createHiringStore(database: SqliteDatabase | PgPool) {
  const { db } = openStoreDatabase<Tables>(database, HIRING_SCHEMA);

  async function upsert(
    userId: string,
    at: string,
    change: { open_to_work?: number; availability?: string; requests_off?: number },
  ) {
    await db
      .insertInto('hiring_preferences')
      .values({ user_id: userId, updated_at: at, ...change })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ ...change, updated_at: at }))
      .execute();
  }

  return {
    async preferences(userId: string): Promise<HiringPreferences> {
      const row = await db
        .selectFrom('hiring_preferences')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!row) return NONE;
      const openToWork = readAvailability(row.availability);
      return {
        openToWorkOn: Number(row.open_to_work) === 1 && openToWork !== null,
        openToWork,
        interviewRequestsOn: Number(row.requests_off) !== 1,
      };
    },

    /** Saves the details and switches the availability on. */
    async saveOpenToWork(userId: string, availability: OpenToWork, at: string): Promise<void> {
      await upsert(userId, at, { open_to_work: 1, availability: JSON.stringify(availability) });
    },

    /** Switches the availability off at once (the details stay for next time). */
    async switchOffOpenToWork(userId: string, at: string): Promise<void> {
      await upsert(userId, at, { open_to_work: 0 });
    },

    async setInterviewRequests(userId: string, on: boolean, at: string): Promise<void> {
      await upsert(userId, at, { requests_off: on ? 0 : 1 });
    },

    /** Every availability switched on, by person (the directory joins it to the public profiles). */
    async openToWorkByUser(): Promise<Map<string, OpenToWork>> {
      const rows = await db
        .selectFrom('hiring_preferences')
        .select(['user_id', 'availability'])
        .where('open_to_work', '=', 1)
        .execute();
      const result = new Map<string, OpenToWork>();
      for (const row of rows) {
        const availability = readAvailability(row.availability);
        if (availability) result.set(row.user_id, availability);
      }
      return result;
    },

    /** Everything stored about a person (account deletion). */
    async removePerson(userId: string): Promise<void> {
      await db.deleteFrom('hiring_preferences').where('user_id', '=', userId).execute();
    },
  };
}

export type HiringStore = ReturnType<typeof createHiringStore>;
