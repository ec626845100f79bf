import type { SqliteDatabase } from '../db/database';
import type { ChallengeRequestInput, SignupInput } from './contactValidation';

export const CONTACTS_DB_FILE = 'contacts.db';

export interface StoredSignup extends SignupInput {
  id: number;
  createdAt: string;
}

export interface StoredChallengeRequest extends ChallengeRequestInput {
  id: number;
  createdAt: string;
}

export interface ContactStore {
  /** Resolves with the stored row once it is committed to disk. */
  addSignup(input: SignupInput, now?: Date): Promise<StoredSignup>;
  /** Resolves with the stored row once it is committed to disk. */
  addChallengeRequest(input: ChallengeRequestInput, now?: Date): Promise<StoredChallengeRequest>;
  listSignups(): Promise<StoredSignup[]>;
  listChallengeRequests(): Promise<StoredChallengeRequest[]>;
}

/**
 * The fallback forms' submissions, in the database opened on CONTACTS_DB_FILE. openDatabase sets
 * synchronous=FULL, so a row that was inserted is on disk before the route answers success.
 */
export function createContactStore(db: SqliteDatabase): ContactStore {
  db.exec(`
    CREATE TABLE IF NOT EXISTS signups (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      email TEXT NOT NULL,
      source TEXT NOT NULL,
      page_uri TEXT NOT NULL DEFAULT '',
      created_at TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS challenge_requests (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      email TEXT NOT NULL,
      company TEXT NOT NULL,
      challenge_description TEXT NOT NULL,
      page_uri TEXT NOT NULL DEFAULT '',
      created_at TEXT NOT NULL
    );
  `);
  const insertSignup = db.prepare(
    'INSERT INTO signups (email, source, page_uri, created_at) VALUES (?, ?, ?, ?)',
  );
  const insertChallengeRequest = db.prepare(
    `INSERT INTO challenge_requests (email, company, challenge_description, page_uri, created_at)
     VALUES (?, ?, ?, ?, ?)`,
  );
  const selectSignups = db.prepare(
    'SELECT id, email, source, page_uri AS pageUri, created_at AS createdAt FROM signups ORDER BY id',
  );
  const selectChallengeRequests = db.prepare(
    `SELECT id, email, company, challenge_description AS challengeDescription, page_uri AS pageUri,
            created_at AS createdAt
     FROM challenge_requests ORDER BY id`,
  );

  return {
    async addSignup(input, now = new Date()) {
      const createdAt = now.toISOString();
      const info = insertSignup.run(input.email, input.source, input.pageUri, createdAt);
      return { ...input, id: Number(info.lastInsertRowid), createdAt };
    },
    async addChallengeRequest(input, now = new Date()) {
      const createdAt = now.toISOString();
      const info = insertChallengeRequest.run(
        input.email,
        input.company,
        input.challengeDescription,
        input.pageUri,
        createdAt,
      );
      return { ...input, id: Number(info.lastInsertRowid), createdAt };
    },
    listSignups: async () => selectSignups.all() as StoredSignup[],
    listChallengeRequests: async () => selectChallengeRequests.all() as StoredChallengeRequest[],
  };
}
