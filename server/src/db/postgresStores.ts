import type { LeadStore, StoredLead } from '../leads/leadStore';
import type { ContactStore, StoredChallengeRequest, StoredSignup } from '../signups/contactStore';
import type { BountySubmissionStore, StoredBountySubmission } from '../bounty-submissions/submissionStore';
import { SWEEP_EVERY, type RateLimitCounters } from '../rate-limits/rateLimitCounters';
import type { WindowCount } from '../rate-limits/rateLimitRules';
import type { PgPool } from './postgres';

/*
 * The PostgreSQL adapters of the server's write stores (DATABASE_URL), behind the same interfaces as the
 * SQLite ones and held to the same contract (storeContract.test.ts). Tables come from migrate().
 * PostgreSQL commits durably (fsync of the WAL) before a statement returns, so an answer sent after a
 * resolved write survives a crash, as with SQLite's synchronous=FULL.
 */

/** Leads; with the outbox on, the lead and its outbox row are one statement, so one atomic write. */
export function createPostgresLeadStore(pool: PgPool, options: { outbox: boolean }): LeadStore {
  return {
    async save(lead) {
      const now = new Date();
      const values = [
        lead.email,
        lead.challengeType,
        lead.challengeDescription,
        lead.costImpact,
        lead.pageUri,
        lead.pageName,
        now.toISOString(),
      ];
      const insertLead = `INSERT INTO leads (email, challenge_type, challenge_description, cost_impact, page_uri,
          page_name, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`;
      const { rows } = options.outbox
        ? await pool.query<{ id: number }>(
            `WITH lead AS (${insertLead})
             INSERT INTO lead_outbox (lead_id, next_attempt_at) SELECT id, $8 FROM lead RETURNING lead_id AS id`,
            [...values, now.getTime()],
          )
        : await pool.query<{ id: number }>(insertLead, values);
      return rows[0]?.id as number;
    },
    async all() {
      const { rows } = await pool.query<StoredLead>(
        `SELECT id, email, challenge_type AS "challengeType", challenge_description AS "challengeDescription",
                cost_impact AS "costImpact", page_uri AS "pageUri", page_name AS "pageName",
                created_at AS "createdAt"
         FROM leads ORDER BY id`,
      );
      return rows;
    },
    async count() {
      return (await pool.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM leads')).rows[0]?.n ?? 0;
    },
    async pendingDeliveries() {
      const { rows } = await pool.query<{ n: number }>(
        "SELECT COUNT(*)::int AS n FROM lead_outbox WHERE status = 'pending'",
      );
      return rows[0]?.n ?? 0;
    },
  };
}

export function createPostgresContactStore(pool: PgPool): ContactStore {
  return {
    async addSignup(input, now = new Date()) {
      const createdAt = now.toISOString();
      const { rows } = await pool.query<{ id: number }>(
        'INSERT INTO signups (email, source, page_uri, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
        [input.email, input.source, input.pageUri, createdAt],
      );
      return { ...input, id: rows[0]?.id as number, createdAt };
    },
    async addChallengeRequest(input, now = new Date()) {
      const createdAt = now.toISOString();
      const { rows } = await pool.query<{ id: number }>(
        `INSERT INTO challenge_requests (email, company, challenge_description, page_uri, created_at)
         VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [input.email, input.company, input.challengeDescription, input.pageUri, createdAt],
      );
      return { ...input, id: rows[0]?.id as number, createdAt };
    },
    async listSignups() {
      const { rows } = await pool.query<StoredSignup>(
        'SELECT id, email, source, page_uri AS "pageUri", created_at AS "createdAt" FROM signups ORDER BY id',
      );
      return rows;
    },
    async listChallengeRequests() {
      const { rows } = await pool.query<StoredChallengeRequest>(
        `SELECT id, email, company, challenge_description AS "challengeDescription", page_uri AS "pageUri",
                created_at AS "createdAt"
         FROM challenge_requests ORDER BY id`,
      );
      return rows;
    },
  };
}

export function createPostgresBountySubmissionStore(pool: PgPool): BountySubmissionStore {
  return {
    async save(submission) {
      const { rows } = await pool.query<{ id: number }>(
        `INSERT INTO bounty_submissions (title, company, description, bounty_amount, deadline_days, domain, status,
           created_at) VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7) RETURNING id`,
        [
          submission.title,
          submission.company,
          submission.description,
          submission.bountyAmount,
          submission.deadlineDays,
          submission.domain,
          new Date().toISOString(),
        ],
      );
      return rows[0]?.id as number;
    },
    async all() {
      const { rows } = await pool.query<StoredBountySubmission>(
        `SELECT id, title, company, description, bounty_amount AS "bountyAmount", deadline_days AS "deadlineDays",
                domain, status, created_at AS "createdAt"
         FROM bounty_submissions ORDER BY id`,
      );
      return rows;
    },
    async archive(id) {
      const { rowCount } = await pool.query(
        "UPDATE bounty_submissions SET status = 'archived' WHERE id = $1 AND status = 'pending'",
        [id],
      );
      return rowCount === 1;
    },
  };
}

/** Counters shared by every instance: one atomic upsert per hit (rateLimitRules' countHit). */
export function createPostgresRateLimitCounters(pool: PgPool): RateLimitCounters {
  let hitsSinceSweep = 0;
  return {
    async hit(key, windowMs, now = Date.now()) {
      hitsSinceSweep += 1;
      if (hitsSinceSweep >= SWEEP_EVERY) {
        hitsSinceSweep = 0;
        await pool.query('DELETE FROM rate_limit_hits WHERE reset_at <= $1', [now]);
      }
      const { rows } = await pool.query<WindowCount>(
        `INSERT INTO rate_limit_hits (key, hits, reset_at) VALUES ($1, 1, $2::bigint + $3::bigint)
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN rate_limit_hits.reset_at <= $2 THEN 1 ELSE rate_limit_hits.hits + 1 END,
           reset_at = CASE WHEN rate_limit_hits.reset_at <= $2 THEN $2::bigint + $3::bigint
                      ELSE rate_limit_hits.reset_at END
         RETURNING hits, reset_at AS "resetAt"`,
        [key, now, windowMs],
      );
      return rows[0] as WindowCount;
    },
    async undo(key) {
      await pool.query('UPDATE rate_limit_hits SET hits = GREATEST(hits - 1, 0) WHERE key = $1', [key]);
    },
    async reset(key) {
      await pool.query('DELETE FROM rate_limit_hits WHERE key = $1', [key]);
    },
  };
}
