import { openDatabase, type SqliteDatabase } from '../db/database';
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

/**
 * Durable storage for the fallback forms' submissions in DATA_DIR/contacts.db. openDatabase uses
 * synchronous=FULL, so a row that was inserted is on disk before the route answers success.
 */
export class ContactStore {
  private readonly db: SqliteDatabase;

  constructor(dataDir: string) {
    this.db = openDatabase(dataDir, CONTACTS_DB_FILE);
    this.db.exec(`
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
  }

  addSignup(input: SignupInput, now = new Date()): StoredSignup {
    const createdAt = now.toISOString();
    const info = this.db
      .prepare('INSERT INTO signups (email, source, page_uri, created_at) VALUES (?, ?, ?, ?)')
      .run(input.email, input.source, input.pageUri, createdAt);
    return { ...input, id: Number(info.lastInsertRowid), createdAt };
  }

  addChallengeRequest(input: ChallengeRequestInput, now = new Date()): StoredChallengeRequest {
    const createdAt = now.toISOString();
    const info = this.db
      .prepare(
        `INSERT INTO challenge_requests (email, company, challenge_description, page_uri, created_at)
         VALUES (?, ?, ?, ?, ?)`,
      )
      .run(input.email, input.company, input.challengeDescription, input.pageUri, createdAt);
    return { ...input, id: Number(info.lastInsertRowid), createdAt };
  }

  listSignups(): StoredSignup[] {
    return this.db
      .prepare(
        'SELECT id, email, source, page_uri AS pageUri, created_at AS createdAt FROM signups ORDER BY id',
      )
      .all() as StoredSignup[];
  }

  listChallengeRequests(): StoredChallengeRequest[] {
    return this.db
      .prepare(
        `SELECT id, email, company, challenge_description AS challengeDescription, page_uri AS pageUri,
                created_at AS createdAt
         FROM challenge_requests ORDER BY id`,
      )
      .all() as StoredChallengeRequest[];
  }

  close(): void {
    this.db.close();
  }
}
