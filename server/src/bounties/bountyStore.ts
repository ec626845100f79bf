import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { normalizeBounty } from '@side-quest/data/bounties';
import type { Bounty } from '@side-quest/data/bounties';
import { openDatabase, type SqliteDatabase } from '../db/database';

/** The data file shipped in the repo that a new database is seeded from (see dataset/generateDataset.ts). */
export const SHIPPED_DATASET = path.join(__dirname, 'data', 'bounties.json');
export const BOUNTY_DB_FILE = 'bounties.db';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One bounty as the data file holds it: a bounty_items document whose creation date is kept
 * as a day offset, so the dataset always looks fresh relative to the day the database is seeded.
 */
export interface DatasetEntry extends Record<string, unknown> {
  id: string;
  created_days_ago?: number;
  /** Whole days from seeding (negative: closed already); the deadline is that date. */
  deadline_in_days?: number;
  /** Hours from seeding; the deadline is that moment, for bounties closing within a day. */
  deadline_in_hours?: number;
}

export interface BountyDataset {
  bounties: DatasetEntry[];
}

export function readDataset(file: string = SHIPPED_DATASET): BountyDataset {
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<BountyDataset>;
  if (!parsed || !Array.isArray(parsed.bounties)) throw new Error(`${file} has no "bounties" list`);
  return { bounties: parsed.bounties };
}

/**
 * Turns a data-file entry into the document stored (and loaded into Firestore by the seed script):
 * created_days_ago becomes an ISO created_at counted back from `seededAt`, deadline_in_days a date
 * string (YYYY-MM-DD) counted forward, deadline_in_hours an ISO moment counted forward; entries
 * without them stay without.
 */
export function toStoredDocument(entry: DatasetEntry, seededAt: Date): Record<string, unknown> {
  const {
    created_days_ago: daysAgo,
    deadline_in_days: daysLeft,
    deadline_in_hours: hoursLeft,
    id: _id,
    ...document
  } = entry;
  if (typeof daysAgo === 'number' && Number.isFinite(daysAgo)) {
    document.created_at = new Date(seededAt.getTime() - daysAgo * DAY_MS).toISOString();
  }
  if (typeof daysLeft === 'number' && Number.isFinite(daysLeft)) {
    document.deadline = new Date(seededAt.getTime() + daysLeft * DAY_MS).toISOString().slice(0, 10);
  }
  if (typeof hoursLeft === 'number' && Number.isFinite(hoursLeft)) {
    document.deadline = new Date(seededAt.getTime() + hoursLeft * HOUR_MS).toISOString();
  }
  return document;
}

/**
 * The embedded bounty_items collection: each document is kept whole as JSON (so a malformed one is
 * stored as it came and normalised on the way out, like a Firestore read), next to the two fields the
 * list query filters and orders by.
 */
export interface BountyStore {
  /** The list: is_high_value_bounty == true ordered by item_title ascending, normalised. */
  list(): Bounty[];
  /** The list above as a JSON body with its ETag, built once per change of the collection. */
  listResponse(): { body: string; etag: string };
  get(id: string): Bounty | null;
  /** Inserts or replaces documents as given (no normalisation: bad documents are kept bad). */
  put(documents: { id: string; document: Record<string, unknown> }[]): void;
  count(): number;
}

/** Firestore orders strings by their UTF-8 bytes and puts null before strings; SQLite's BINARY collation
 * on TEXT and NULLS FIRST do the same, so both sources list in the same order. A title that is not a
 * string sorts like a missing one. */
const sortTitle = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export interface BountyStoreOptions {
  /** The data file a new database is seeded from; null starts the collection empty. */
  seedFile?: string | null;
  now?: () => Date;
  /** The clock of the data-version check, in ms (tests). */
  clockMs?: () => number;
}

/**
 * How long a write through another connection (an operator's sqlite3 shell) may take to reach the list:
 * SQLite is asked whether the file changed at most this often, not on every read. Every page served from
 * the HTML cache reads the list's version; the query cost more than the rest of serving the page did.
 */
export const EXTERNAL_WRITE_DELAY_MS = 1_000;

/**
 * The store on the database opened on BOUNTY_DB_FILE: creates the tables and, on the first start with
 * this database, seeds it from `seedFile`.
 */
export function createBountyStore(
  db: SqliteDatabase,
  { seedFile = SHIPPED_DATASET, now = () => new Date(), clockMs = Date.now }: BountyStoreOptions = {},
): BountyStore {
  db.exec(`
    CREATE TABLE IF NOT EXISTS bounty_items (
      id TEXT PRIMARY KEY,
      item_title TEXT,
      is_high_value_bounty INTEGER NOT NULL,
      document TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS bounty_items_high_value_by_title
      ON bounty_items (is_high_value_bounty, item_title);
    CREATE TABLE IF NOT EXISTS bounty_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  `);

  const upsert = db.prepare(
    `INSERT INTO bounty_items (id, item_title, is_high_value_bounty, document) VALUES (?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET item_title = excluded.item_title,
       is_high_value_bounty = excluded.is_high_value_bounty, document = excluded.document`,
  );
  const selectList = db.prepare(
    'SELECT id, document FROM bounty_items WHERE is_high_value_bounty = 1 ORDER BY item_title ASC, id ASC',
  );
  const selectOne = db.prepare('SELECT id, document FROM bounty_items WHERE id = ?');
  const countAll = db.prepare('SELECT COUNT(*) AS n FROM bounty_items');

  // The serialised list is cached until the collection changes: through this store (put clears it, at
  // once) or through another connection, e.g. an operator's sqlite3 shell (SQLite's data_version moves;
  // seen within EXTERNAL_WRITE_DELAY_MS).
  let cachedList: { body: string; etag: string; dataVersion: number } | null = null;
  const selectDataVersion = db.prepare('PRAGMA data_version').pluck();
  let knownDataVersion = 0;
  let dataVersionReadAt = Number.NEGATIVE_INFINITY;
  const dataVersion = () => {
    const at = clockMs();
    if (at - dataVersionReadAt >= EXTERNAL_WRITE_DELAY_MS) {
      knownDataVersion = selectDataVersion.get() as number;
      dataVersionReadAt = at;
    }
    return knownDataVersion;
  };

  const put = db.transaction((documents: { id: string; document: Record<string, unknown> }[]) => {
    for (const { id, document } of documents) {
      // Firestore's equality filter matches the boolean true only, never "true" or 1.
      const highValue = document.is_high_value_bounty === true ? 1 : 0;
      upsert.run(id, sortTitle(document.item_title), highValue, JSON.stringify(document));
    }
    cachedList = null;
  });

  // Seed once, on the first start with this data folder; the marker keeps a later start from re-adding
  // bounties an operator removed. `seedFile: null` starts the collection empty, for good.
  const seeded = db.prepare("SELECT value FROM bounty_meta WHERE key = 'seeded_at'").get();
  if (!seeded) {
    const seededAt = now();
    const entries = seedFile ? readDataset(seedFile).bounties : [];
    db.transaction(() => {
      put(entries.map((entry) => ({ id: entry.id, document: toStoredDocument(entry, seededAt) })));
      db.prepare("INSERT INTO bounty_meta (key, value) VALUES ('seeded_at', ?)").run(seededAt.toISOString());
    })();
  }

  const fromRow = (row: { id: string; document: string }): Bounty => {
    let document: unknown = null;
    try {
      document = JSON.parse(row.document);
    } catch {
      // A row written by hand with broken JSON still lists, as an empty bounty.
    }
    return normalizeBounty(document, row.id);
  };

  const list = () => (selectList.all() as { id: string; document: string }[]).map(fromRow);

  return {
    list,
    listResponse() {
      const version = dataVersion();
      if (!cachedList || cachedList.dataVersion !== version) {
        const body = JSON.stringify(list());
        const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
        cachedList = { body, etag, dataVersion: version };
      }
      return { body: cachedList.body, etag: cachedList.etag };
    },
    get(id) {
      const row = selectOne.get(id) as { id: string; document: string } | undefined;
      return row ? fromRow(row) : null;
    },
    put,
    count: () => (countAll.get() as { n: number }).n,
  };
}

/**
 * For scripts and tests that work on a data folder directly (seeding, hostile rows, benchmarks): opens
 * its bounty database and builds the store on it; close() closes that database.
 */
export function openBountyStore(
  dataDir: string,
  options: BountyStoreOptions = {},
): BountyStore & { close(): void } {
  const db = openDatabase(dataDir, BOUNTY_DB_FILE);
  return { ...createBountyStore(db, options), close: () => db.close() };
}
