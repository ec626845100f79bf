import type { PgPool, SqliteDatabase } from '../db/database';
import { isReservedAddress } from './reservedAddresses';

/** The SQLite file (in DATA_DIR) holding the mail outbox when no DATABASE_URL is set. */
export const MAIL_DB_FILE = 'mail.db';

export interface OutgoingMail {
  /** The recipient's address. */
  to: string;
  subject: string;
  /** The plain-text body. */
  text: string;
  /**
   * Extra header fields, e.g. List-Unsubscribe and List-Unsubscribe-Post on optional mail (mailPost.ts).
   * Stored with the message and cleared with its body.
   */
  headers?: Record<string, string>;
}

/** A message claimed for sending. */
export interface StoredMail extends OutgoingMail {
  id: number;
  /** Attempts made before this one. */
  attempts: number;
  /** Epoch milliseconds of enqueue(). */
  createdAt: number;
}

/**
 * The durable queue of outgoing e-mail. A message is stored before anything tries to send it, so a crash
 * or an unreachable mail server never loses it, and each one goes through these states:
 *
 *   pending --claimDue--> sending --markSent--> sent
 *      ^                     |----markFailed / recoverInterrupted--> failed
 *      '------markRetry------'
 *
 * A message to a reserved address (isReservedAddress: `.invalid`, `.test`, `.example`, `localhost`) is
 * stored as `skipped`, without its subject or body, and never leaves that state: it is neither sent
 * nor written to a file (the demo history's people, for one, have `.invalid` addresses).
 *
 * A message is sent at most once: a row left in `sending` by a process that died mid-send may or may not
 * have reached the mail server, so it is given up on (failed), never sent again. A sign-in code that
 * arrives twice, or a stale one arriving late, is worse than one the user asks for again.
 * Bodies (subject and text, which hold one-time codes) are cleared once a message is sent or given up on.
 */
export interface MailOutbox {
  /**
   * Stores the message (committed when this resolves) due at `now`; resolves with its id. A message to a
   * reserved address is stored as `skipped` instead, and is never claimed.
   */
  enqueue(mail: OutgoingMail, now?: number): Promise<number>;
  /**
   * Atomically moves up to `limit` pending messages due at `now` (oldest first) to `sending` and returns
   * them: two callers, in this process or in other instances, never get the same message.
   */
  claimDue(now: number, limit: number): Promise<StoredMail[]>;
  /** The message reached the mail server: state `sent`, its subject and body cleared. */
  markSent(id: number, now: number): Promise<void>;
  /** The attempt failed and the message is to be tried again from `nextAttemptAt`: back to `pending`. */
  markRetry(id: number, attempts: number, nextAttemptAt: number, error: string): Promise<void>;
  /** The message is given up on (too many attempts, or refused for good): state `failed`, body cleared. */
  markFailed(id: number, attempts: number, error: string): Promise<void>;
  /** Messages waiting to be sent or being sent: the backlog. */
  pendingCount(): Promise<number>;
  /**
   * Marks `failed` the messages claimed at least `olderThanMs` before `now` and still `sending` (their
   * process died mid-send, or lost its database before recording the outcome); resolves with their ids.
   * `olderThanMs` must exceed the longest send, or a message another instance is still sending is caught.
   */
  recoverInterrupted(olderThanMs: number, now: number): Promise<number[]>;
}

const INTERRUPTED = 'interrupted while sending (the process stopped): it may or may not have been delivered';

/** Stored error text is kept short: enough to diagnose, not a dump of the mail server's answer. */
const clip = (error: string) => error.slice(0, 500);

type ClaimedRow = {
  id: number | string;
  to: string;
  subject: string | null;
  text: string | null;
  headers: string | null;
  attempts: number;
  createdAt: number | string;
};

/** Stored header fields as JSON text; null when there are none. */
const headersText = (mail: OutgoingMail) =>
  mail.headers && Object.keys(mail.headers).length > 0 ? JSON.stringify(mail.headers) : null;

/** Rows as claimed; Number() because a pool other than openPostgres's returns int8 columns as strings. */
function claimed(rows: ClaimedRow[]): StoredMail[] {
  return rows
    .map((row) => ({
      id: Number(row.id),
      to: row.to,
      subject: row.subject ?? '',
      text: row.text ?? '',
      ...(row.headers ? { headers: JSON.parse(row.headers) as Record<string, string> } : {}),
      attempts: row.attempts,
      createdAt: Number(row.createdAt),
    }))
    .sort((a, b) => a.id - b.id);
}

/**
 * markSent counts the attempt that succeeded, unless recoverInterrupted counted it already: a send slower
 * than its `olderThanMs` that got through after all is recorded as sent, as it was.
 */
const SENT_ATTEMPTS = `CASE WHEN status = 'sending' THEN attempts + 1 ELSE attempts END`;

const CLAIMED_COLUMNS = `id, recipient AS "to", subject, body AS "text", headers, attempts, created_at AS "createdAt"`;

/** The outbox's later column (PostgreSQL: a migration; SQLite: added at open when missing). */
export const MAIL_OUTBOX_HEADERS_SQL = 'ALTER TABLE mail_outbox ADD COLUMN headers TEXT';

/**
 * SQLite: the outbox lives in its own file (MAIL_DB_FILE), and the table is created here. Claiming is
 * one UPDATE … RETURNING in a BEGIN IMMEDIATE transaction: it takes the write lock before reading, so
 * another connection to the file (another process, a test's second outbox) waits for it (busy_timeout)
 * instead of reading the same due rows, and never fails with a stale snapshot (SQLITE_BUSY_SNAPSHOT).
 */
export function createSqliteMailOutbox(db: SqliteDatabase): MailOutbox {
  db.exec(`
    CREATE TABLE IF NOT EXISTS mail_outbox (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      recipient TEXT NOT NULL,
      subject TEXT,
      body TEXT,
      status TEXT NOT NULL DEFAULT 'pending',
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at INTEGER NOT NULL,
      claimed_at INTEGER,
      created_at INTEGER NOT NULL,
      sent_at INTEGER,
      last_error TEXT
    );
    CREATE INDEX IF NOT EXISTS mail_outbox_due ON mail_outbox (status, next_attempt_at);
  `);
  const columns = db.prepare(`PRAGMA table_info(mail_outbox)`).all() as Array<{ name: string }>;
  if (!columns.some((column) => column.name === 'headers')) db.exec(MAIL_OUTBOX_HEADERS_SQL);
  const insert = db.prepare(
    `INSERT INTO mail_outbox (recipient, subject, body, headers, next_attempt_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const insertSkipped = db.prepare(
    `INSERT INTO mail_outbox (recipient, status, next_attempt_at, created_at) VALUES (?, 'skipped', ?, ?)`,
  );
  const claim = db.prepare(
    `UPDATE mail_outbox SET status = 'sending', claimed_at = ?
     WHERE id IN (SELECT id FROM mail_outbox WHERE status = 'pending' AND next_attempt_at <= ?
                  ORDER BY next_attempt_at, id LIMIT ?)
     RETURNING ${CLAIMED_COLUMNS}`,
  );
  const claimTransaction = db.transaction(
    (now: number, limit: number) => claim.all(now, now, limit) as ClaimedRow[],
  );
  const sent = db.prepare(
    `UPDATE mail_outbox SET status = 'sent', attempts = ${SENT_ATTEMPTS}, sent_at = ?, subject = NULL, body = NULL, headers = NULL,
       last_error = NULL WHERE id = ? AND status <> 'sent'`,
  );
  const retry = db.prepare(
    `UPDATE mail_outbox SET status = 'pending', attempts = ?, next_attempt_at = ?, last_error = ?
     WHERE id = ? AND status = 'sending'`,
  );
  const failed = db.prepare(
    `UPDATE mail_outbox SET status = 'failed', attempts = ?, last_error = ?, subject = NULL, body = NULL, headers = NULL
     WHERE id = ? AND status = 'sending'`,
  );
  const count = db.prepare(`SELECT COUNT(*) AS n FROM mail_outbox WHERE status IN ('pending', 'sending')`);
  const recover = db.prepare(
    `UPDATE mail_outbox SET status = 'failed', attempts = attempts + 1, last_error = ?, subject = NULL, body = NULL, headers = NULL
     WHERE status = 'sending' AND claimed_at <= ? RETURNING id`,
  );
  return {
    async enqueue(mail, now = Date.now()) {
      if (isReservedAddress(mail.to)) return Number(insertSkipped.run(mail.to, now, now).lastInsertRowid);
      return Number(
        insert.run(mail.to, mail.subject, mail.text, headersText(mail), now, now).lastInsertRowid,
      );
    },
    async claimDue(now, limit) {
      return claimed(claimTransaction.immediate(now, limit));
    },
    async markSent(id, now) {
      sent.run(now, id);
    },
    async markRetry(id, attempts, nextAttemptAt, error) {
      retry.run(attempts, nextAttemptAt, clip(error), id);
    },
    async markFailed(id, attempts, error) {
      failed.run(attempts, clip(error), id);
    },
    async pendingCount() {
      return (count.get() as { n: number }).n;
    },
    async recoverInterrupted(olderThanMs, now) {
      const rows = recover.all(INTERRUPTED, now - olderThanMs) as Array<{ id: number }>;
      return rows.map((row) => row.id).sort((a, b) => a - b);
    },
  };
}

/**
 * PostgreSQL, shared by every server instance (table from migration 3, see postgres.ts). Claiming is one
 * UPDATE whose rows come from SELECT … FOR UPDATE SKIP LOCKED: an instance claiming at the same moment
 * skips the rows this one has locked instead of waiting for them, and the outer `status = 'pending'`
 * re-check drops any row another claim changed meanwhile. No transaction stays open while a message is
 * sent: the `sending` state itself marks the claim, and survives a dropped connection.
 */
export function createPostgresMailOutbox(pool: PgPool): MailOutbox {
  return {
    async enqueue(mail, now = Date.now()) {
      const { rows } = isReservedAddress(mail.to)
        ? await pool.query<{ id: number | string }>(
            `INSERT INTO mail_outbox (recipient, status, next_attempt_at, created_at)
             VALUES ($1, 'skipped', $2, $2) RETURNING id`,
            [mail.to, now],
          )
        : await pool.query<{ id: number | string }>(
            `INSERT INTO mail_outbox (recipient, subject, body, headers, next_attempt_at, created_at)
             VALUES ($1, $2, $3, $4, $5, $5) RETURNING id`,
            [mail.to, mail.subject, mail.text, headersText(mail), now],
          );
      return Number(rows[0]?.id);
    },
    async claimDue(now, limit) {
      const { rows } = await pool.query<ClaimedRow>(
        `WITH due AS (
           SELECT id FROM mail_outbox WHERE status = 'pending' AND next_attempt_at <= $1
           ORDER BY next_attempt_at, id LIMIT $2 FOR UPDATE SKIP LOCKED)
         UPDATE mail_outbox m SET status = 'sending', claimed_at = $1 FROM due
         WHERE m.id = due.id AND m.status = 'pending'
         RETURNING m.id, m.recipient AS "to", m.subject, m.body AS "text", m.headers, m.attempts,
           m.created_at AS "createdAt"`,
        [now, limit],
      );
      return claimed(rows);
    },
    async markSent(id, now) {
      await pool.query(
        `UPDATE mail_outbox SET status = 'sent', attempts = ${SENT_ATTEMPTS}, sent_at = $1, subject = NULL,
           body = NULL, headers = NULL, last_error = NULL WHERE id = $2 AND status <> 'sent'`,
        [now, id],
      );
    },
    async markRetry(id, attempts, nextAttemptAt, error) {
      await pool.query(
        `UPDATE mail_outbox SET status = 'pending', attempts = $1, next_attempt_at = $2, last_error = $3
         WHERE id = $4 AND status = 'sending'`,
        [attempts, nextAttemptAt, clip(error), id],
      );
    },
    async markFailed(id, attempts, error) {
      await pool.query(
        `UPDATE mail_outbox SET status = 'failed', attempts = $1, last_error = $2, subject = NULL, body = NULL, headers = NULL
         WHERE id = $3 AND status = 'sending'`,
        [attempts, clip(error), id],
      );
    },
    async pendingCount() {
      const { rows } = await pool.query<{ n: number }>(
        `SELECT COUNT(*)::int AS n FROM mail_outbox WHERE status IN ('pending', 'sending')`,
      );
      return rows[0]?.n ?? 0;
    },
    async recoverInterrupted(olderThanMs, now) {
      const { rows } = await pool.query<{ id: number | string }>(
        `UPDATE mail_outbox SET status = 'failed', attempts = attempts + 1, last_error = $1, subject = NULL,
           body = NULL, headers = NULL WHERE status = 'sending' AND claimed_at <= $2 RETURNING id`,
        [INTERRUPTED, now - olderThanMs],
      );
      return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
    },
  };
}
