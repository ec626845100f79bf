import type { SqliteDatabase } from '../../db/database';
import type { PgPool } from '../../db/postgres';
import type { StoredLead } from '../leadStore';

/** What became of one delivery attempt, to be recorded on its outbox row. */
export type DeliveryOutcome =
  | { status: 'delivered' }
  | { status: 'retry'; nextAttemptAt: number; reason: string }
  | { status: 'rejected'; reason: string };

export type DueLead = StoredLead & { attempts: number };

/**
 * The outbox rows the lead forwarder works through (written with each lead by the lead store).
 * deliverNextDue claims the oldest due row so that no other forwarder, in this process or another
 * server instance, works on it at the same time, runs `deliver` on it, records the outcome, and
 * resolves with the outcome's status, or null when nothing is due.
 */
export interface LeadOutbox {
  deliverNextDue(
    now: number,
    deliver: (lead: DueLead) => Promise<DeliveryOutcome>,
  ): Promise<DeliveryOutcome['status'] | null>;
}

const DUE_COLUMNS = `l.id, l.email, l.challenge_type AS "challengeType",
  l.challenge_description AS "challengeDescription", l.cost_impact AS "costImpact", l.page_uri AS "pageUri",
  l.page_name AS "pageName", l.created_at AS "createdAt", o.attempts`;

/**
 * SQLite: one server process owns the file, and its forwarder runs one delivery at a time, so reading
 * the row and recording the outcome afterwards needs no lock.
 */
export function createSqliteLeadOutbox(db: SqliteDatabase): LeadOutbox {
  const selectDue = db.prepare(
    `SELECT ${DUE_COLUMNS} FROM lead_outbox o JOIN leads l ON l.id = o.lead_id
     WHERE o.status = 'pending' AND o.next_attempt_at <= ? ORDER BY o.next_attempt_at, o.lead_id LIMIT 1`,
  );
  const markDelivered = db.prepare(
    `UPDATE lead_outbox SET status = 'delivered', attempts = attempts + 1, delivered_at = ?, last_error = NULL
     WHERE lead_id = ?`,
  );
  const markRetry = db.prepare(
    'UPDATE lead_outbox SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? WHERE lead_id = ?',
  );
  const markRejected = db.prepare(
    `UPDATE lead_outbox SET status = 'rejected', attempts = attempts + 1, last_error = ? WHERE lead_id = ?`,
  );
  return {
    async deliverNextDue(now, deliver) {
      const row = selectDue.get(now) as DueLead | undefined;
      if (!row) return null;
      const outcome = await deliver(row);
      if (outcome.status === 'delivered') markDelivered.run(Date.now(), row.id);
      else if (outcome.status === 'retry') markRetry.run(outcome.nextAttemptAt, outcome.reason, row.id);
      else markRejected.run(outcome.reason, row.id);
      return outcome.status;
    },
  };
}

/**
 * PostgreSQL, shared by many server instances: the row is claimed with SELECT … FOR UPDATE SKIP LOCKED
 * in a transaction held while it is delivered, so another instance skips it instead of sending it too,
 * and the outcome is committed in that same transaction. If the instance dies mid-delivery its
 * connection drops, the lock goes with it and another instance delivers the row (at least once, with
 * the same idempotency key, so the provider records it once).
 */
export function createPostgresLeadOutbox(pool: PgPool): LeadOutbox {
  return {
    async deliverNextDue(now, deliver) {
      const client = await pool.connect();
      // The connection may drop while the lead is at the provider (the database restarts, a proxy cuts it,
      // the lock is lost): that fails this delivery, recorded by nobody, and another pass or instance sends
      // the lead again. Unheard, pg would raise it as an 'error' event no one listens to and end the process.
      let lost: Error | undefined;
      const onError = (error: Error) => (lost = error);
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const { rows } = await client.query<DueLead>(
          `SELECT ${DUE_COLUMNS} FROM lead_outbox o JOIN leads l ON l.id = o.lead_id
           WHERE o.status = 'pending' AND o.next_attempt_at <= $1 ORDER BY o.next_attempt_at, o.lead_id
           LIMIT 1 FOR UPDATE OF o SKIP LOCKED`,
          [now],
        );
        const row = rows[0];
        if (!row) {
          await client.query('COMMIT');
          return null;
        }
        const outcome = await deliver(row);
        if (outcome.status === 'delivered')
          await client.query(
            `UPDATE lead_outbox SET status = 'delivered', attempts = attempts + 1, delivered_at = $1,
               last_error = NULL WHERE lead_id = $2`,
            [Date.now(), row.id],
          );
        else if (outcome.status === 'retry')
          await client.query(
            'UPDATE lead_outbox SET attempts = attempts + 1, next_attempt_at = $1, last_error = $2 WHERE lead_id = $3',
            [outcome.nextAttemptAt, outcome.reason, row.id],
          );
        else
          await client.query(
            `UPDATE lead_outbox SET status = 'rejected', attempts = attempts + 1, last_error = $1 WHERE lead_id = $2`,
            [outcome.reason, row.id],
          );
        await client.query('COMMIT');
        return outcome.status;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.off('error', onError);
        // A connection that failed is closed, not handed to the next query.
        client.release(lost);
      }
    },
  };
}
