import type { SqliteDatabase } from '../db/database';
import type { LeadInput } from './leadValidation';

export const LEADS_DB_FILE = 'leads.db';

export interface StoredLead extends LeadInput {
  id: number;
  createdAt: string;
}

export interface LeadStore {
  /** Resolves with the lead's id once the transaction holding it is committed (fsynced) to disk. */
  save(lead: LeadInput): Promise<number>;
  /** Every stored lead, oldest first. */
  all(): Promise<StoredLead[]>;
  count(): Promise<number>;
  /** Outbox rows still to be delivered (the backlog /api/ready and /metrics report). */
  pendingDeliveries(): Promise<number>;
}

/** Leads written in one transaction at most; more wait for the next tick. */
const MAX_BATCH = 512;

export function createLeadTables(db: SqliteDatabase): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS leads (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      email TEXT NOT NULL,
      challenge_type TEXT NOT NULL,
      challenge_description TEXT NOT NULL,
      cost_impact TEXT NOT NULL,
      page_uri TEXT NOT NULL,
      page_name TEXT NOT NULL,
      created_at TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS lead_outbox (
      lead_id INTEGER PRIMARY KEY REFERENCES leads(id),
      status TEXT NOT NULL DEFAULT 'pending',
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at INTEGER NOT NULL,
      last_error TEXT,
      delivered_at INTEGER
    );
    CREATE INDEX IF NOT EXISTS lead_outbox_due ON lead_outbox (status, next_attempt_at);
  `);
}

interface Pending {
  lead: LeadInput;
  resolve: (id: number) => void;
  reject: (error: unknown) => void;
}

/**
 * The for-clients leads, in the database opened on LEADS_DB_FILE (which the lead forwarder shares).
 * Group commit: leads arriving in the same event-loop turn are inserted in one transaction, and each
 * request is answered only after that transaction committed. With synchronous=FULL one fsync then
 * covers a whole batch, which is what lets a single SQLite file take thousands of durable leads a
 * second. When forwarding is on, the outbox row is written in the same transaction as the lead, so a
 * stored lead is never lost to the forwarder.
 */
export function createLeadStore(db: SqliteDatabase, options: { outbox: boolean }): LeadStore {
  createLeadTables(db);
  const insertLead = db.prepare(
    `INSERT INTO leads (email, challenge_type, challenge_description, cost_impact, page_uri, page_name, created_at)
     VALUES (@email, @challengeType, @challengeDescription, @costImpact, @pageUri, @pageName, @createdAt)`,
  );
  const insertOutbox = db.prepare('INSERT INTO lead_outbox (lead_id, next_attempt_at) VALUES (?, ?)');
  const writeBatch = db.transaction((batch: Pending[]) => {
    const now = new Date();
    return batch.map(({ lead }) => {
      const id = Number(insertLead.run({ ...lead, createdAt: now.toISOString() }).lastInsertRowid);
      if (options.outbox) insertOutbox.run(id, now.getTime());
      return id;
    });
  });

  let queue: Pending[] = [];
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    const batch = queue.slice(0, MAX_BATCH);
    queue = queue.slice(batch.length);
    if (queue.length > 0) schedule();
    let ids: number[];
    try {
      ids = writeBatch(batch);
    } catch (error) {
      batch.forEach((pending) => pending.reject(error));
      return;
    }
    batch.forEach((pending, index) => pending.resolve(ids[index] as number));
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(flush);
  };

  const selectAll = db.prepare(
    `SELECT id, email, challenge_type AS challengeType, challenge_description AS challengeDescription,
            cost_impact AS costImpact, page_uri AS pageUri, page_name AS pageName, created_at AS createdAt
     FROM leads ORDER BY id`,
  );
  const countLeads = db.prepare('SELECT COUNT(*) AS n FROM leads');
  const countPending = db.prepare("SELECT COUNT(*) AS n FROM lead_outbox WHERE status = 'pending'");

  return {
    save(lead) {
      return new Promise<number>((resolve, reject) => {
        queue.push({ lead, resolve, reject });
        schedule();
      });
    },
    all: async () => selectAll.all() as StoredLead[],
    count: async () => (countLeads.get() as { n: number }).n,
    pendingDeliveries: async () => (countPending.get() as { n: number }).n,
  };
}
