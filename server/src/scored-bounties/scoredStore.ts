import { randomUUID } from 'node:crypto';
import type { Generated, Updateable } from 'kysely';
import {
  SCORING_FILE_KINDS,
  type EntryStatus,
  type PublicScoringSetup,
  type ScoringFileKind,
} from '@side-quest/data/lifecycle';
import type { PgPool, SqliteDatabase } from '../db/database';
import { openStoreDatabase } from '../db/storeDatabase';
import { insertWithinLimits } from '../db/insertWithinLimits';
import { TEST_ENTRY_SOURCES_SCHEMA, TEST_SCORED_SCHEMA } from './testScoredStore';

export type { PublicScoringSetup, ScoringFileKind };

export const SCORED_DB_FILE = 'scored.db';

/**
 * Scored bounties' tables (issue 45 items 2-4), one text for both databases: SQLite runs it at open
 * (SCORED_DB_FILE), PostgreSQL as a migration (db/postgres.ts). Scores are DOUBLE PRECISION (REAL in
 * SQLite); dates are ISO text, which sorts as time. The split secret and the key's blobs never leave the
 * server: this store's readers that feed pages (publicSetup) leave them out.
 */
export const SCORED_SCHEMA = `
  CREATE TABLE IF NOT EXISTS scoring_setups (
    bounty_id TEXT PRIMARY KEY,
    metric TEXT NOT NULL,
    public_share INTEGER NOT NULL,
    daily_entries INTEGER NOT NULL,
    final_entries INTEGER NOT NULL,
    split_secret TEXT NOT NULL,
    key_blob_id TEXT NOT NULL,
    key_name TEXT NOT NULL,
    key_size BIGINT NOT NULL,
    key_rows INTEGER NOT NULL,
    checked_key_blob_id TEXT NOT NULL,
    key_digest TEXT NOT NULL,
    files TEXT NOT NULL,
    licence TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE TABLE IF NOT EXISTS scored_entries (
    id TEXT PRIMARY KEY,
    bounty_id TEXT NOT NULL,
    submission_id TEXT NOT NULL,
    author_id TEXT NOT NULL,
    blob_id TEXT,
    file_name TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'queued',
    public_score DOUBLE PRECISION,
    private_score DOUBLE PRECISION,
    fingerprint TEXT,
    problems TEXT,
    chosen_final INTEGER NOT NULL DEFAULT 0,
    claimed_at TEXT,
    claim_token TEXT,
    created_at TEXT NOT NULL,
    scored_at TEXT
  );
  CREATE INDEX IF NOT EXISTS scored_entries_by_person ON scored_entries (bounty_id, author_id, created_at);
  CREATE INDEX IF NOT EXISTS scored_entries_by_submission ON scored_entries (submission_id, created_at);
  CREATE INDEX IF NOT EXISTS scored_entries_waiting ON scored_entries (status, created_at);
`;

/**
 * The leaderboard's tables (issue 45 item 5; PostgreSQL migration 11): the sponsor's baseline scored
 * like an entry (both parts; the private one, like every private score, shown only after the reveal),
 * and each bounty's reveal, claimed once across instances so its entrants are mailed once.
 */
export const SCORED_BOARD_SCHEMA = `
  CREATE TABLE IF NOT EXISTS scoring_baselines (
    bounty_id TEXT PRIMARY KEY,
    public_score DOUBLE PRECISION NOT NULL,
    private_score DOUBLE PRECISION NOT NULL,
    scored_at TEXT NOT NULL
  );
  CREATE TABLE IF NOT EXISTS scoring_reveals (
    bounty_id TEXT PRIMARY KEY,
    revealed_at TEXT NOT NULL
  );
`;

/**
 * When a team published its answer key (issue 45 item 8; PostgreSQL migration 12): until then only the
 * team may download it, and it may publish only after the reveal.
 */
export const SCORED_KEY_PUBLICATION_SCHEMA = `
  CREATE TABLE IF NOT EXISTS scoring_key_publications (
    bounty_id TEXT PRIMARY KEY,
    published_at TEXT NOT NULL
  );
`;

/** A file for entrants (or the baseline), as stored: its blob, the name it was uploaded with, its size. */
export interface ScoringFile {
  blobId: string;
  name: string;
  size: number;
}

export type ScoringFiles = { inputs: ScoringFile } & Partial<
  Record<Exclude<ScoringFileKind, 'inputs'>, ScoringFile>
>;

/** A bounty's scoring setup, everything included: for the server's own use only. */
export interface ScoringSetup {
  bountyId: string;
  metric: string;
  /** Percent of the key's rows that are public, 10-90. */
  publicShare: number;
  /** Entries a person may send per UTC day, 1-20. */
  dailyEntries: number;
  /** Final entries a person may choose, 1-5. */
  finalEntries: number;
  /** The per-bounty secret of the split (HMAC key). Never shown, logged or exported. */
  splitSecret: string;
  /** The answer key as uploaded (the team may download it). */
  key: ScoringFile & { rows: number };
  /** The key checked and split, as the scoring pool reads it (keyCodec's bytes) and its SHA-256 digest. */
  checkedKeyBlobId: string;
  keyDigest: string;
  files: ScoringFiles;
  licence: string;
  createdAt: string;
  updatedAt: string;
}

export function publicSetup(setup: ScoringSetup): PublicScoringSetup {
  const files: PublicScoringSetup['files'] = {};
  for (const kind of SCORING_FILE_KINDS) {
    const file = setup.files[kind];
    if (file) files[kind] = { name: file.name, size: file.size };
  }
  return {
    metric: setup.metric,
    publicShare: setup.publicShare,
    dailyEntries: setup.dailyEntries,
    finalEntries: setup.finalEntries,
    keyRows: setup.key.rows,
    files,
    licence: setup.licence,
  };
}

export interface ScoredEntry {
  id: string;
  bountyId: string;
  submissionId: string;
  authorId: string;
  /** The entry's file; null once it is removed (an invalid file, or retention). */
  blobId: string | null;
  fileName: string;
  status: EntryStatus;
  publicScore: number | null;
  /** Never shown to the entrant before the reveal: pages go through the lifecycle's views. */
  privateScore: number | null;
  fingerprint: string | null;
  /** Why an invalid entry was not scored: each problem's sentence (the file's own ids and values only). */
  problems: string[];
  chosenFinal: boolean;
  createdAt: string;
  scoredAt: string | null;
}

interface Tables {
  scoring_baselines: { bounty_id: string; public_score: number; private_score: number; scored_at: string };
  scoring_reveals: { bounty_id: string; revealed_at: string };
  scoring_key_publications: { bounty_id: string; published_at: string };
  /** Test-scored setups (testScoredStore.ts): their bounties' entries are not the scoring pool's. */
  test_setups: { bounty_id: string };
  /** Test-scored entries' source signatures (testScoredStore.ts): a person's go with their account. */
  test_entry_sources: { entry_id: string };
  scoring_setups: {
    bounty_id: string;
    metric: string;
    public_share: number;
    daily_entries: number;
    final_entries: number;
    split_secret: string;
    key_blob_id: string;
    key_name: string;
    key_size: number;
    key_rows: number;
    checked_key_blob_id: string;
    key_digest: string;
    files: string;
    licence: string;
    created_at: string;
    updated_at: string;
  };
  scored_entries: {
    id: string;
    bounty_id: string;
    submission_id: string;
    author_id: string;
    blob_id: string | null;
    file_name: string;
    status: Generated<string>;
    public_score: number | null;
    private_score: number | null;
    fingerprint: string | null;
    problems: string | null;
    chosen_final: Generated<number>;
    claimed_at: string | null;
    claim_token: string | null;
    created_at: string;
    scored_at: string | null;
  };
}

type SetupRow = Tables['scoring_setups'];
type EntryRow = Omit<Tables['scored_entries'], 'status' | 'chosen_final'> & {
  status: string;
  chosen_final: number;
};

const toSetup = (row: SetupRow): ScoringSetup => ({
  bountyId: row.bounty_id,
  metric: row.metric,
  publicShare: Number(row.public_share),
  dailyEntries: Number(row.daily_entries),
  finalEntries: Number(row.final_entries),
  splitSecret: row.split_secret,
  key: {
    blobId: row.key_blob_id,
    name: row.key_name,
    size: Number(row.key_size),
    rows: Number(row.key_rows),
  },
  checkedKeyBlobId: row.checked_key_blob_id,
  keyDigest: row.key_digest,
  files: JSON.parse(row.files) as ScoringFiles,
  licence: row.licence,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const toEntry = (row: EntryRow): ScoredEntry => ({
  id: row.id,
  bountyId: row.bounty_id,
  submissionId: row.submission_id,
  authorId: row.author_id,
  blobId: row.blob_id,
  fileName: row.file_name,
  status: row.status as EntryStatus,
  publicScore: row.public_score === null ? null : Number(row.public_score),
  privateScore: row.private_score === null ? null : Number(row.private_score),
  fingerprint: row.fingerprint,
  problems: row.problems ? (JSON.parse(row.problems) as string[]) : [],
  chosenFinal: Number(row.chosen_final) === 1,
  createdAt: row.created_at,
  scoredAt: row.scored_at,
});

/** What an entry sends to be scored. */
export interface NewEntry {
  bountyId: string;
  submissionId: string;
  authorId: string;
  blobId: string;
  fileName: string;
  at: string;
}

/** A new entry's row: queued, with no score, fingerprint or claim yet. */
const queuedEntryRow = (id: string, entry: NewEntry) => ({
  id,
  bounty_id: entry.bountyId,
  submission_id: entry.submissionId,
  author_id: entry.authorId,
  blob_id: entry.blobId,
  file_name: entry.fileName,
  public_score: null,
  private_score: null,
  fingerprint: null,
  problems: null,
  claimed_at: null,
  claim_token: null,
  created_at: entry.at,
  scored_at: null,
});

/** The start of the UTC day holding `at`, and of the next: the window of the daily entry limit. */
export function utcDay(at: Date): { start: string; next: string } {
  const start = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  return { start: new Date(start).toISOString(), next: new Date(start + 86_400_000).toISOString() };
}

export function createScoredStore(database: SqliteDatabase | PgPool) {
  const { db, isSqlite } = openStoreDatabase<Tables>(
    database,
    SCORED_SCHEMA +
      SCORED_BOARD_SCHEMA +
      SCORED_KEY_PUBLICATION_SCHEMA +
      TEST_SCORED_SCHEMA +
      TEST_ENTRY_SOURCES_SCHEMA,
  );

  /**
   * Changes an entry still waiting under this claim (`token`): false when another instance took the
   * claim over, or the entry was recorded meanwhile.
   */
  async function updateClaimed(
    id: string,
    token: string,
    change: Updateable<Tables['scored_entries']>,
  ): Promise<boolean> {
    const result = await db
      .updateTable('scored_entries')
      .set(change)
      .where('id', '=', id)
      .where('claim_token', '=', token)
      .where('status', '=', 'queued')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  return {
    async setup(bountyId: string): Promise<ScoringSetup | null> {
      const row = await db
        .selectFrom('scoring_setups')
        .selectAll()
        .where('bounty_id', '=', bountyId)
        .executeTakeFirst();
      return row ? toSetup(row) : null;
    },

    /**
     * Saves a bounty's setup, replacing the one before (a draft's sponsor uploading again); the caller
     * removes the blobs the old one named. The split secret is kept from the first save when one exists,
     * since the stored key's split was made with it.
     */
    async saveSetup(setup: Omit<ScoringSetup, 'createdAt' | 'updatedAt'>, at: string): Promise<void> {
      const values = {
        metric: setup.metric,
        public_share: setup.publicShare,
        daily_entries: setup.dailyEntries,
        final_entries: setup.finalEntries,
        split_secret: setup.splitSecret,
        key_blob_id: setup.key.blobId,
        key_name: setup.key.name,
        key_size: setup.key.size,
        key_rows: setup.key.rows,
        checked_key_blob_id: setup.checkedKeyBlobId,
        key_digest: setup.keyDigest,
        files: JSON.stringify(setup.files),
        licence: setup.licence,
        updated_at: at,
      };
      await db
        .insertInto('scoring_setups')
        .values({ bounty_id: setup.bountyId, created_at: at, ...values })
        .onConflict((conflict) => conflict.column('bounty_id').doUpdateSet(values))
        .execute();
    },

    /** Removes a setup (a draft's sponsor taking it off); the caller removes its blobs. */
    async removeSetup(bountyId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('scoring_setups')
        .where('bounty_id', '=', bountyId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Which of these bounties are scored (list pages mark them without reading each setup). */
    async scoredBountyIds(bountyIds: readonly string[]): Promise<Set<string>> {
      if (bountyIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('scoring_setups')
        .select('bounty_id')
        .where('bounty_id', 'in', [...bountyIds])
        .execute();
      return new Set(rows.map((row) => row.bounty_id));
    },

    async addEntry(entry: NewEntry): Promise<ScoredEntry> {
      const id = randomUUID();
      await db.insertInto('scored_entries').values(queuedEntryRow(id, entry)).execute();
      return (await this.entry(id)) as ScoredEntry;
    },

    async entry(id: string): Promise<ScoredEntry | null> {
      const row = await db.selectFrom('scored_entries').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toEntry(row) : null;
    },

    /** A person's entries to a bounty, oldest first. */
    async entriesOf(bountyId: string, authorId: string): Promise<ScoredEntry[]> {
      const rows = await db
        .selectFrom('scored_entries')
        .selectAll()
        .where('bounty_id', '=', bountyId)
        .where('author_id', '=', authorId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toEntry);
    },

    /** Every entry to a bounty, oldest first (the team's view, the leaderboard, copy detection). */
    async entriesOfBounty(bountyId: string): Promise<ScoredEntry[]> {
      const rows = await db
        .selectFrom('scored_entries')
        .selectAll()
        .where('bounty_id', '=', bountyId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toEntry);
    },

    /**
     * Entries that count against a person's limit in [start, next): queued or scored ones; an invalid
     * file does not count.
     */
    async countedEntries(bountyId: string, authorId: string, start: string, next: string): Promise<string[]> {
      const rows = await db
        .selectFrom('scored_entries')
        .select('created_at')
        .where('bounty_id', '=', bountyId)
        .where('author_id', '=', authorId)
        .where('status', 'in', ['queued', 'scored'])
        .where('created_at', '>=', start)
        .where('created_at', '<', next)
        .orderBy('created_at')
        .execute();
      return rows.map((row) => row.created_at);
    },

    /** How many entries wait to be scored, site-wide (uploads are refused beyond the pool's queue). */
    async waitingCount(): Promise<number> {
      const row = await db
        .selectFrom('scored_entries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'queued')
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /**
     * Claims the oldest entry waiting to be scored for this caller (`token`), as the reminders are
     * claimed: a conditional write only one instance can win. A claim older than `staleBefore` (an
     * instance that stopped mid-job) may be taken over. Null when nothing waits.
     */
    async claimWaiting(token: string, at: string, staleBefore: string): Promise<ScoredEntry | null> {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const candidate = await db
          .selectFrom('scored_entries')
          .select(['id', 'claimed_at'])
          .where('status', '=', 'queued')
          // Not a test-scored bounty's entries: they wait for their runs instead (testScoredBounties.ts).
          .where('bounty_id', 'not in', db.selectFrom('test_setups').select('bounty_id'))
          .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', staleBefore)]))
          .orderBy('created_at')
          .orderBy('id')
          .limit(1)
          .executeTakeFirst();
        if (!candidate) return null;
        const result = await db
          .updateTable('scored_entries')
          .set({ claimed_at: at, claim_token: token })
          .where('id', '=', candidate.id)
          .where('status', '=', 'queued')
          .where((eb) =>
            candidate.claimed_at === null
              ? eb('claimed_at', 'is', null)
              : eb('claimed_at', '=', candidate.claimed_at),
          )
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 1) return this.entry(candidate.id);
      }
      return null;
    },

    /** Records an entry's scores; only the claim's holder may (false when another took it over). */
    async recordScores(
      id: string,
      token: string,
      scores: { public: number; private: number; fingerprint: string },
      at: string,
    ): Promise<boolean> {
      return updateClaimed(id, token, {
        status: 'scored',
        public_score: scores.public,
        private_score: scores.private,
        fingerprint: scores.fingerprint,
        scored_at: at,
        claim_token: null,
      });
    },

    /** Marks an entry invalid with its problems; its file is no longer named (the caller deletes it). */
    async recordInvalid(id: string, token: string, problems: string[], at: string): Promise<boolean> {
      return updateClaimed(id, token, {
        status: 'invalid',
        problems: JSON.stringify(problems),
        blob_id: null,
        scored_at: at,
        claim_token: null,
      });
    },

    /** Gives a claim back (a full pool queue): the entry waits again for any instance. */
    async releaseClaim(id: string, token: string): Promise<void> {
      await updateClaimed(id, token, { claimed_at: null, claim_token: null });
    },

    /**
     * Sets which of a person's scored entries are final: exactly these ids (those of another person or
     * bounty, or not scored, are ignored). An empty list goes back to the default (best public ones).
     */
    async chooseFinal(bountyId: string, authorId: string, entryIds: readonly string[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('scored_entries')
          .set({ chosen_final: 0 })
          .where('bounty_id', '=', bountyId)
          .where('author_id', '=', authorId)
          .execute();
        if (entryIds.length > 0)
          await trx
            .updateTable('scored_entries')
            .set({ chosen_final: 1 })
            .where('bounty_id', '=', bountyId)
            .where('author_id', '=', authorId)
            .where('status', '=', 'scored')
            .where('id', 'in', [...entryIds])
            .execute();
      });
    },

    /** The baseline's scores, once scored (at the setup's upload). */
    async baseline(bountyId: string): Promise<{ public: number; private: number } | null> {
      const row = await db
        .selectFrom('scoring_baselines')
        .selectAll()
        .where('bounty_id', '=', bountyId)
        .executeTakeFirst();
      return row ? { public: Number(row.public_score), private: Number(row.private_score) } : null;
    },

    /** Records the baseline's scores, or removes them (null: a setup without a baseline). */
    async saveBaseline(
      bountyId: string,
      scores: { public: number; private: number } | null,
      at: string,
    ): Promise<void> {
      if (!scores) {
        await db.deleteFrom('scoring_baselines').where('bounty_id', '=', bountyId).execute();
        return;
      }
      const values = { public_score: scores.public, private_score: scores.private, scored_at: at };
      await db
        .insertInto('scoring_baselines')
        .values({ bounty_id: bountyId, ...values })
        .onConflict((conflict) => conflict.column('bounty_id').doUpdateSet(values))
        .execute();
    },

    /** Scored bounties whose reveal has not been claimed yet (the caller checks their deadlines). */
    async unrevealedBountyIds(): Promise<string[]> {
      // Answer-key and test-scored bounties alike (a test-scored board's reveal also waits for its hidden runs).
      const unrevealed = (table: 'scoring_setups' | 'test_setups') =>
        db
          .selectFrom(table)
          .select('bounty_id')
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('scoring_reveals')
                  .select('scoring_reveals.bounty_id')
                  .whereRef('scoring_reveals.bounty_id', '=', `${table}.bounty_id`),
              ),
            ),
          )
          .execute();
      const rows = [...(await unrevealed('scoring_setups')), ...(await unrevealed('test_setups'))];
      return rows.map((row) => row.bounty_id);
    },

    /** When the bounty's reveal was claimed, or null before it. */
    async revealedAt(bountyId: string): Promise<string | null> {
      const row = await db
        .selectFrom('scoring_reveals')
        .select('revealed_at')
        .where('bounty_id', '=', bountyId)
        .executeTakeFirst();
      return row?.revealed_at ?? null;
    },

    /** When the team published the answer key, or null. */
    async keyPublishedAt(bountyId: string): Promise<string | null> {
      const row = await db
        .selectFrom('scoring_key_publications')
        .select('published_at')
        .where('bounty_id', '=', bountyId)
        .executeTakeFirst();
      return row?.published_at ?? null;
    },

    /** Publishes the answer key (once; publishing again changes nothing). */
    async publishKey(bountyId: string, at: string): Promise<void> {
      await db
        .insertInto('scoring_key_publications')
        .values({ bounty_id: bountyId, published_at: at })
        .onConflict((conflict) => conflict.column('bounty_id').doNothing())
        .execute();
    },

    /** Claims a bounty's reveal: true for exactly one caller across every instance. */
    async claimReveal(bountyId: string, at: string): Promise<boolean> {
      const result = await db
        .insertInto('scoring_reveals')
        .values({ bounty_id: bountyId, revealed_at: at })
        .onConflict((conflict) => conflict.column('bounty_id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** An entry scored elsewhere (the demo's seeding, which scores in process): stored as scored. */
    async addScoredEntry(entry: {
      bountyId: string;
      submissionId: string;
      authorId: string;
      blobId: string;
      fileName: string;
      at: string;
      scores: { public: number; private: number; fingerprint: string };
      chosenFinal?: boolean;
    }): Promise<void> {
      await db
        .insertInto('scored_entries')
        .values({
          id: randomUUID(),
          bounty_id: entry.bountyId,
          submission_id: entry.submissionId,
          author_id: entry.authorId,
          blob_id: entry.blobId,
          file_name: entry.fileName,
          status: 'scored',
          public_score: entry.scores.public,
          private_score: entry.scores.private,
          fingerprint: entry.scores.fingerprint,
          problems: null,
          chosen_final: entry.chosenFinal ? 1 : 0,
          claimed_at: null,
          claim_token: null,
          created_at: entry.at,
          scored_at: entry.at,
        })
        .execute();
    },

    /**
     * Adds an entry unless the person has already sent `limit.max` counted ones (queued or scored) in
     * [limit.start, limit.next): the count and the insert as one step under the person's lock on the
     * bounty (insertWithinLimits), so two uploads racing, on one instance or two, cannot both pass.
     * Null when the limit is reached.
     */
    async addEntryWithinLimit(
      entry: NewEntry,
      limit: { start: string; next: string; max: number },
    ): Promise<ScoredEntry | null> {
      const id = randomUUID();
      const written = await insertWithinLimits(db, isSqlite ? (database as SqliteDatabase) : null, {
        lockKeys: [`scored-entries:${entry.bountyId}:${entry.authorId}`],
        limits: [
          {
            count: db
              .selectFrom('scored_entries')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('bounty_id', '=', entry.bountyId)
              .where('author_id', '=', entry.authorId)
              .where('status', 'in', ['queued', 'scored'])
              .where('created_at', '>=', limit.start)
              .where('created_at', '<', limit.next),
            max: limit.max,
          },
        ],
        insert: db.insertInto('scored_entries').values(queuedEntryRow(id, entry)),
      });
      return written.inserted ? this.entry(id) : null;
    },

    /**
     * Entries whose file is still kept although their bounty was revealed before `revealedBefore`
     * (retention: files go 180 days after the reveal, scores stay), at most `limit`, oldest first.
     */
    async filesPastRetention(
      revealedBefore: string,
      limit = 200,
    ): Promise<Array<{ id: string; blobId: string }>> {
      const rows = await db
        .selectFrom('scored_entries')
        .innerJoin('scoring_reveals', 'scoring_reveals.bounty_id', 'scored_entries.bounty_id')
        .select(['scored_entries.id as id', 'scored_entries.blob_id as blob_id'])
        .where('scoring_reveals.revealed_at', '<', revealedBefore)
        .where('scored_entries.blob_id', 'is not', null)
        .orderBy('scored_entries.created_at')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ id: row.id, blobId: row.blob_id as string }));
    },

    /**
     * Forgets an entry's file once it is deleted: a conditional write on the file it named, so of two
     * instances at it one records it (true) and the other learns it is done.
     */
    async forgetEntryFile(id: string, blobId: string): Promise<boolean> {
      const result = await db
        .updateTable('scored_entries')
        .set({ blob_id: null })
        .where('id', '=', id)
        .where('blob_id', '=', blobId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Everything stored about a person's entries (account export). */
    async entriesByPerson(authorId: string): Promise<ScoredEntry[]> {
      const rows = await db
        .selectFrom('scored_entries')
        .selectAll()
        .where('author_id', '=', authorId)
        .orderBy('created_at')
        .execute();
      return rows.map(toEntry);
    },

    /**
     * Removes a person's entries (account deletion) but for what the leaderboard needs of a scored one:
     * its scores, time and whether it was final stay under the author's id (which names no account any
     * more), so the board keeps an anonymous row; its file, file name, fingerprint and source signature
     * go, and unscored entries go whole. Returns the blobs they named, for the caller to delete.
     */
    async removePerson(authorId: string): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('test_entry_sources')
          .where(
            'entry_id',
            'in',
            trx.selectFrom('scored_entries').select('id').where('author_id', '=', authorId),
          )
          .execute();
        const named = await trx
          .selectFrom('scored_entries')
          .select('blob_id')
          .where('author_id', '=', authorId)
          .where('blob_id', 'is not', null)
          .execute();
        await trx
          .deleteFrom('scored_entries')
          .where('author_id', '=', authorId)
          .where('status', '!=', 'scored')
          .execute();
        await trx
          .updateTable('scored_entries')
          .set({ blob_id: null, file_name: '', fingerprint: null, problems: null })
          .where('author_id', '=', authorId)
          .execute();
        return named.map((row) => row.blob_id).filter((id): id is string => id !== null);
      });
    },
  };
}

export type ScoredStore = ReturnType<typeof createScoredStore>;

/**
 * A person's final entries: those they chose, or else their best `count` scored ones by public score
 * (ties to the earlier entry). `better(a, b)` says whether score a beats b under the bounty's metric.
 */
export function finalEntries<
  T extends Pick<ScoredEntry, 'status' | 'publicScore' | 'chosenFinal' | 'createdAt'>,
>(entries: readonly T[], count: number, better: (a: number, b: number) => boolean): T[] {
  const scored = entries.filter((entry) => entry.status === 'scored' && entry.publicScore !== null);
  const chosen = scored.filter((entry) => entry.chosenFinal);
  if (chosen.length > 0) return chosen.slice(0, count);
  return [...scored]
    .sort((a, b) => {
      const x = a.publicScore as number;
      const y = b.publicScore as number;
      if (better(x, y)) return -1;
      if (better(y, x)) return 1;
      return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;
    })
    .slice(0, count);
}
