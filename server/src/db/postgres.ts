import pg from 'pg';
import { ALERTS_SCHEMA } from '../alerts/alertStore';
import { BLOBS_SCHEMA } from '../blobs/postgresBlobStore';
import { HIRING_SCHEMA } from '../hiring/hiringStore';
import { INTERVIEW_REQUESTS_SCHEMA } from '../hiring/interviewRequestStore';
import { LIFECYCLE_SCHEMA, WINNER_REASONS_SCHEMA } from '../lifecycle/lifecycleStore';
import {
  SCORED_BOARD_SCHEMA,
  SCORED_KEY_PUBLICATION_SCHEMA,
  SCORED_SCHEMA,
} from '../scored-bounties/scoredStore';
import { MAIL_OUTBOX_HEADERS_SQL } from '../mail/mailOutbox';
import { MAIL_PREFERENCES_SCHEMA } from '../mail/mailPreferences';
import { RUNS_SCHEMA } from '../runner/runStore';
import { TEST_ENTRY_SOURCES_SCHEMA, TEST_SCORED_SCHEMA } from '../scored-bounties/testScoredStore';
import type { PgPool } from './database';

export type { PgPool };

/** Versioned schema changes, applied in order, each once (schema_migrations records the applied ones). */
export const MIGRATIONS: ReadonlyArray<{ version: number; name: string; sql: string }> = [
  {
    version: 1,
    name: 'leads and their outbox, contacts, bounty submissions, rate-limit counters',
    sql: `
      CREATE TABLE leads (
        id BIGSERIAL PRIMARY KEY,
        email TEXT NOT NULL,
        challenge_type TEXT NOT NULL,
        challenge_description TEXT NOT NULL,
        cost_impact TEXT NOT NULL,
        page_uri TEXT NOT NULL,
        page_name TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE TABLE lead_outbox (
        lead_id BIGINT PRIMARY KEY REFERENCES leads (id),
        status TEXT NOT NULL DEFAULT 'pending',
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at BIGINT NOT NULL,
        last_error TEXT,
        delivered_at BIGINT
      );
      CREATE INDEX lead_outbox_due ON lead_outbox (status, next_attempt_at);
      CREATE TABLE signups (
        id BIGSERIAL PRIMARY KEY,
        email TEXT NOT NULL,
        source TEXT NOT NULL,
        page_uri TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL
      );
      CREATE TABLE challenge_requests (
        id BIGSERIAL PRIMARY KEY,
        email TEXT NOT NULL,
        company TEXT NOT NULL,
        challenge_description TEXT NOT NULL,
        page_uri TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL
      );
      CREATE TABLE bounty_submissions (
        id BIGSERIAL PRIMARY KEY,
        title TEXT NOT NULL,
        company TEXT NOT NULL,
        description TEXT NOT NULL,
        bounty_amount DOUBLE PRECISION NOT NULL CHECK (bounty_amount >= 0),
        deadline_days INTEGER NOT NULL CHECK (deadline_days >= 1),
        domain TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'pending',
        created_at TEXT NOT NULL
      );
      CREATE TABLE rate_limit_hits (
        key TEXT PRIMARY KEY,
        hits INTEGER NOT NULL,
        reset_at BIGINT NOT NULL
      );
    `,
  },
  {
    version: 2,
    name: 'the release registry: releases, live history, canaries, audit log',
    sql: `
      CREATE TABLE releases (
        name TEXT NOT NULL, version TEXT NOT NULL, commit_hash TEXT NOT NULL, built_at TEXT NOT NULL,
        registered_at TEXT NOT NULL, PRIMARY KEY (name, version));
      CREATE TABLE release_state (
        name TEXT PRIMARY KEY, canary_version TEXT, canary_percent INTEGER NOT NULL DEFAULT 0);
      CREATE TABLE release_live_history (
        name TEXT NOT NULL, seq INTEGER NOT NULL, version TEXT NOT NULL, PRIMARY KEY (name, seq));
      CREATE TABLE release_audit (
        id BIGSERIAL PRIMARY KEY, at TEXT NOT NULL, by_user TEXT NOT NULL, action TEXT NOT NULL,
        name TEXT NOT NULL, from_version TEXT, to_version TEXT);
    `,
  },
  {
    version: 3,
    name: 'mail outbox',
    // subject and body are NULL once a message is sent or given up on (they hold one-time codes).
    sql: `
      CREATE TABLE mail_outbox (
        id BIGSERIAL PRIMARY KEY,
        recipient TEXT NOT NULL,
        subject TEXT,
        body TEXT,
        status TEXT NOT NULL DEFAULT 'pending',
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at BIGINT NOT NULL,
        claimed_at BIGINT,
        created_at BIGINT NOT NULL,
        sent_at BIGINT,
        last_error TEXT
      );
      CREATE INDEX mail_outbox_due ON mail_outbox (status, next_attempt_at);
    `,
  },
  // The same text SQLite runs at open: one schema, one set of statements (lifecycle/lifecycleStore.ts).
  { version: 4, name: 'bounty lifecycle', sql: LIFECYCLE_SCHEMA },
  { version: 5, name: 'blobs in chunks', sql: BLOBS_SCHEMA },
  {
    version: 6,
    name: 'mail preferences, and header fields (List-Unsubscribe) in the outbox',
    sql: `${MAIL_PREFERENCES_SCHEMA}; ${MAIL_OUTBOX_HEADERS_SQL};`,
  },
  { version: 7, name: 'hiring: open to work and interview request settings', sql: HIRING_SCHEMA },
  { version: 8, name: 'saved-search alerts, their digests, first sightings of bounties', sql: ALERTS_SCHEMA },
  { version: 9, name: 'scored bounties: scoring setups and entries', sql: SCORED_SCHEMA },
  {
    version: 10,
    name: 'hiring: interview requests, blocks, suspensions, hires',
    sql: INTERVIEW_REQUESTS_SCHEMA,
  },
  { version: 11, name: 'scored bounties: baselines scored, reveals claimed', sql: SCORED_BOARD_SCHEMA },
  {
    version: 12,
    name: "scored bounties: public reasons of winners out of the board's order; answer keys published",
    sql: WINNER_REASONS_SCHEMA + SCORED_KEY_PUBLICATION_SCHEMA,
  },
  { version: 13, name: "the runner: runs queue with leases, runners' heartbeats", sql: RUNS_SCHEMA },
  {
    version: 14,
    name: "test-scored bounties: setups, entries' runs, hidden runs queued once",
    sql: TEST_SCORED_SCHEMA,
  },
  { version: 15, name: "test-scored bounties: entries' source signatures", sql: TEST_ENTRY_SOURCES_SCHEMA },
];

/** Any number below 2^53 (ids, epoch milliseconds) comes back as a number, not pg's string for int8. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/** A connection pool on DATABASE_URL. A query waits at most 2 s for a connection (readiness stays quick). */
export function openPostgres(url: string, max = 10): PgPool {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 2_000, types });
  // An idle connection the server dropped (a restart) is replaced on the next query; not a crash.
  pool.on('error', () => undefined);
  // Nor is one dropped while checked out between statements (a transaction, the query builder's
  // connection): its statements fail and say so; the event would otherwise be unhandled.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/**
 * Applies the migrations not yet recorded, each in its own transaction. An advisory lock makes instances
 * starting together take turns, so every version is applied exactly once however many start.
 */
export async function migrate(pool: PgPool): Promise<number[]> {
  const client = await pool.connect();
  const applied: number[] = [];
  try {
    await client.query('SELECT pg_advisory_lock(727274)');
    await client.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`,
    );
    const done = new Set(
      (await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map(
        (r) => r.version,
      ),
    );
    for (const migration of MIGRATIONS) {
      if (done.has(migration.version)) continue;
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
          migration.version,
          migration.name,
        ]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
      applied.push(migration.version);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
    client.release();
  }
  return applied;
}
