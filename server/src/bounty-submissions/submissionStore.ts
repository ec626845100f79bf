import type { SqliteDatabase } from '../db/database';
import type { BountySubmissionInput } from './submissionValidation';

export const SUBMISSIONS_DB_FILE = 'bounty-submissions.db';

export interface StoredBountySubmission extends BountySubmissionInput {
  id: number;
  /** pending: waiting for staff; archived: read by staff and put away. */
  status: 'pending' | 'archived';
  createdAt: string;
}

export interface BountySubmissionStore {
  /** Inserts a pending submission and resolves with its id once the write is committed to disk. */
  save(submission: BountySubmissionInput): Promise<number>;
  /** Every stored submission, oldest first. */
  all(): Promise<StoredBountySubmission[]>;
  /** Staff put a pending draft away; resolves false when there is no pending draft with this id. */
  archive(id: number): Promise<boolean>;
}

/**
 * Bounty drafts posted by companies, in the database opened on SUBMISSIONS_DB_FILE. They are stored
 * with status 'pending' and never shown on the site by this code: publishing is a review step outside
 * the product, so the draft is kept instead of thrown away, but never published automatically.
 */
export function createBountySubmissionStore(db: SqliteDatabase): BountySubmissionStore {
  db.exec(`
    CREATE TABLE IF NOT EXISTS bounty_submissions (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      title TEXT NOT NULL,
      company TEXT NOT NULL,
      description TEXT NOT NULL,
      bounty_amount REAL NOT NULL CHECK (bounty_amount >= 0),
      deadline_days INTEGER NOT NULL CHECK (deadline_days >= 1),
      domain TEXT NOT NULL,
      status TEXT NOT NULL DEFAULT 'pending',
      created_at TEXT NOT NULL
    );
  `);
  const insert = db.prepare(
    `INSERT INTO bounty_submissions (title, company, description, bounty_amount, deadline_days, domain, status, created_at)
     VALUES (@title, @company, @description, @bountyAmount, @deadlineDays, @domain, 'pending', @createdAt)`,
  );
  const selectAll = db.prepare(
    `SELECT id, title, company, description, bounty_amount AS bountyAmount, deadline_days AS deadlineDays,
            domain, status, created_at AS createdAt
     FROM bounty_submissions ORDER BY id`,
  );
  const archive = db.prepare(
    "UPDATE bounty_submissions SET status = 'archived' WHERE id = ? AND status = 'pending'",
  );
  return {
    async save(submission) {
      const result = insert.run({ ...submission, createdAt: new Date().toISOString() });
      return Number(result.lastInsertRowid);
    },
    async all() {
      return selectAll.all() as StoredBountySubmission[];
    },
    async archive(id) {
      return archive.run(id).changes === 1;
    },
  };
}
