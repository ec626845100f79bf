// Test helper (not shipped code): time passing for a hosted bounty, as its database sees it.
import path from 'node:path';
import Database from 'better-sqlite3';
import { DAY_MS } from '@side-quest/data/lifecycle';
import { LIFECYCLE_DB_FILE } from '../lifecycle/lifecycleStore';

/** Moves the bounty's submission and judging deadlines `days` into the past, in DATA_DIR's lifecycle.db. */
export function moveDeadlinesBack(dataDir: string, id: string, days: number): void {
  const db = new Database(path.join(dataDir, LIFECYCLE_DB_FILE));
  try {
    const shift = (iso: string) => new Date(Date.parse(iso) - days * DAY_MS).toISOString();
    const row = db
      .prepare('SELECT submission_deadline, judging_deadline FROM hosted_bounties WHERE id = ?')
      .get(id) as { submission_deadline: string; judging_deadline: string };
    db.prepare('UPDATE hosted_bounties SET submission_deadline = ?, judging_deadline = ? WHERE id = ?').run(
      shift(row.submission_deadline),
      shift(row.judging_deadline),
      id,
    );
  } finally {
    db.close();
  }
}
