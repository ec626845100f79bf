import { randomUUID } from 'node:crypto';
import { Kysely, type Transaction } from 'kysely';
import type {
  HostedBountyTerms,
  HostedState,
  ReviewLabel,
  Scores,
  SubmissionContent,
} from '@side-quest/data/lifecycle';
import type { PgPool, SqliteDatabase } from '../db/database';
import { openStoreDatabase } from '../db/storeDatabase';

export const LIFECYCLE_DB_FILE = 'lifecycle.db';

/**
 * The lifecycle's tables, one text for both databases (TEXT dates in ISO form sort as time; JSON lists
 * as TEXT). SQLite runs it at open; PostgreSQL as migration 4 (db/postgres.ts).
 */
export const LIFECYCLE_SCHEMA = `
  CREATE TABLE IF NOT EXISTS hosted_bounties (
    id TEXT PRIMARY KEY,
    organisation_id TEXT NOT NULL,
    author_id TEXT NOT NULL,
    state TEXT NOT NULL,
    state_reason TEXT,
    title TEXT NOT NULL,
    description TEXT NOT NULL,
    domain TEXT NOT NULL,
    skills TEXT NOT NULL,
    criteria TEXT NOT NULL,
    prizes TEXT NOT NULL,
    submission_deadline TEXT NOT NULL,
    judging_deadline TEXT NOT NULL,
    payment_due_days INTEGER NOT NULL,
    eligible_countries TEXT NOT NULL,
    payout_methods TEXT NOT NULL,
    unclaimed TEXT NOT NULL,
    demo INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    published_at TEXT,
    announced_at TEXT,
    ended_at TEXT
  );
  CREATE INDEX IF NOT EXISTS hosted_bounties_by_organisation ON hosted_bounties (organisation_id);
  CREATE INDEX IF NOT EXISTS hosted_bounties_by_state ON hosted_bounties (state);
  CREATE TABLE IF NOT EXISTS hosted_submissions (
    id TEXT PRIMARY KEY,
    bounty_id TEXT NOT NULL REFERENCES hosted_bounties (id),
    author_id TEXT NOT NULL,
    state TEXT NOT NULL,
    links TEXT NOT NULL,
    write_up TEXT NOT NULL,
    answers TEXT NOT NULL,
    label TEXT NOT NULL DEFAULT 'unreviewed',
    scores TEXT NOT NULL DEFAULT '[]',
    notes TEXT NOT NULL DEFAULT '',
    rejection_reason TEXT,
    public_opt_in INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (bounty_id, author_id)
  );
  CREATE INDEX IF NOT EXISTS hosted_submissions_by_author ON hosted_submissions (author_id);
  CREATE TABLE IF NOT EXISTS hosted_winners (
    bounty_id TEXT NOT NULL REFERENCES hosted_bounties (id),
    slot INTEGER NOT NULL,
    submission_id TEXT NOT NULL REFERENCES hosted_submissions (id),
    winner_id TEXT NOT NULL,
    amount INTEGER NOT NULL,
    payment_amount INTEGER,
    payment_method TEXT,
    payment_reference TEXT,
    payment_date TEXT,
    payment_recorded_at TEXT,
    answer TEXT,
    answer_note TEXT,
    answered_at TEXT,
    resolution TEXT,
    resolution_note TEXT,
    resolved_at TEXT,
    PRIMARY KEY (bounty_id, slot)
  );
  CREATE INDEX IF NOT EXISTS hosted_winners_by_winner ON hosted_winners (winner_id);
  CREATE TABLE IF NOT EXISTS lifecycle_audit (
    id TEXT PRIMARY KEY,
    organisation_id TEXT NOT NULL,
    bounty_id TEXT,
    actor_id TEXT NOT NULL,
    at TEXT NOT NULL,
    action TEXT NOT NULL,
    detail TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS lifecycle_audit_by_organisation ON lifecycle_audit (organisation_id, at);
  CREATE TABLE IF NOT EXISTS lifecycle_reminders (
    bounty_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    step INTEGER NOT NULL,
    sent_at TEXT NOT NULL,
    PRIMARY KEY (bounty_id, kind, step)
  );
  CREATE TABLE IF NOT EXISTS former_members (
    organisation_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    left_at TEXT NOT NULL,
    PRIMARY KEY (organisation_id, user_id)
  );
  CREATE TABLE IF NOT EXISTS lifecycle_meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );
  CREATE TABLE IF NOT EXISTS lifecycle_mail_settings (
    user_id TEXT PRIMARY KEY,
    optional_mail INTEGER NOT NULL
  );
`;

/**
 * The public reason a team gave for a winner who is not the k-th eligible entrant of a scored bounty's
 * final leaderboard (issue 45 item 6): a table of its own, so that databases made before it gain it by
 * CREATE alone. SQLite runs it at open with the schema above; PostgreSQL as migration 12.
 */
export const WINNER_REASONS_SCHEMA = `
  CREATE TABLE IF NOT EXISTS hosted_winner_reasons (
    bounty_id TEXT NOT NULL,
    slot INTEGER NOT NULL,
    reason TEXT NOT NULL,
    PRIMARY KEY (bounty_id, slot)
  );
`;

interface BountyRow {
  id: string;
  organisation_id: string;
  author_id: string;
  state: string;
  state_reason: string | null;
  title: string;
  description: string;
  domain: string;
  skills: string;
  criteria: string;
  prizes: string;
  submission_deadline: string;
  judging_deadline: string;
  payment_due_days: number;
  eligible_countries: string;
  payout_methods: string;
  unclaimed: string;
  demo: number;
  created_at: string;
  updated_at: string;
  published_at: string | null;
  announced_at: string | null;
  ended_at: string | null;
}

interface SubmissionRow {
  id: string;
  bounty_id: string;
  author_id: string;
  state: string;
  links: string;
  write_up: string;
  answers: string;
  label: string;
  scores: string;
  notes: string;
  rejection_reason: string | null;
  public_opt_in: number;
  created_at: string;
  updated_at: string;
}

interface WinnerRow {
  bounty_id: string;
  slot: number;
  submission_id: string;
  winner_id: string;
  amount: number;
  payment_amount: number | null;
  payment_method: string | null;
  payment_reference: string | null;
  payment_date: string | null;
  payment_recorded_at: string | null;
  answer: string | null;
  answer_note: string | null;
  answered_at: string | null;
  resolution: string | null;
  resolution_note: string | null;
  resolved_at: string | null;
}

interface Tables {
  hosted_bounties: BountyRow;
  hosted_submissions: SubmissionRow;
  hosted_winners: WinnerRow;
  hosted_winner_reasons: { bounty_id: string; slot: number; reason: string };
  lifecycle_audit: {
    id: string;
    organisation_id: string;
    bounty_id: string | null;
    actor_id: string;
    at: string;
    action: string;
    detail: string;
  };
  lifecycle_reminders: { bounty_id: string; kind: string; step: number; sent_at: string };
  former_members: { organisation_id: string; user_id: string; left_at: string };
  lifecycle_mail_settings: { user_id: string; optional_mail: number };
  lifecycle_meta: { key: string; value: string };
}

export interface HostedBountyRecord extends HostedBountyTerms {
  id: string;
  organisationId: string;
  authorId: string;
  state: HostedState;
  /** The public reason of a closing or cancellation; the private one of a rejection by staff. */
  stateReason: string | null;
  demo: boolean;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  announcedAt: string | null;
  endedAt: string | null;
}

export type StoredSubmissionState = 'submitted' | 'withdrawn' | 'rejected';

export interface SubmissionRecord extends SubmissionContent {
  id: string;
  bountyId: string;
  authorId: string;
  state: StoredSubmissionState;
  label: ReviewLabel;
  scores: Scores;
  notes: string;
  rejectionReason: string | null;
  publicOptIn: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface WinnerRecord {
  bountyId: string;
  slot: number;
  submissionId: string;
  winnerId: string;
  amount: number;
  payment: {
    amount: number;
    method: string;
    reference: string;
    date: string;
  } | null;
  recordedAt: string | null;
  answer: 'received' | 'not-received' | null;
  answerNote: string | null;
  answeredAt: string | null;
  resolution: 'paid' | 'not-paid' | null;
  resolutionNote: string | null;
  resolvedAt: string | null;
  /** The team's public reason for choosing this winner out of the final leaderboard's order, or null. */
  outOfOrderReason: string | null;
}

export interface AuditEntry {
  organisationId: string;
  bountyId: string | null;
  actorId: string;
  action: string;
  detail: Record<string, unknown>;
}

const json = (value: unknown) => JSON.stringify(value);
function parseList<T>(text: string): T[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

function toBounty(row: BountyRow): HostedBountyRecord {
  return {
    id: row.id,
    organisationId: row.organisation_id,
    authorId: row.author_id,
    state: row.state as HostedState,
    stateReason: row.state_reason,
    title: row.title,
    description: row.description,
    domain: row.domain as HostedBountyTerms['domain'],
    skills: parseList(row.skills),
    criteria: parseList(row.criteria),
    prizes: parseList(row.prizes),
    submissionDeadline: row.submission_deadline,
    judgingDeadline: row.judging_deadline,
    paymentDueDays: Number(row.payment_due_days),
    eligibleCountries: parseList(row.eligible_countries),
    payoutMethods: parseList(row.payout_methods),
    unclaimed: row.unclaimed as HostedBountyTerms['unclaimed'],
    demo: Number(row.demo) === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    publishedAt: row.published_at,
    announcedAt: row.announced_at,
    endedAt: row.ended_at,
  };
}

function toSubmission(row: SubmissionRow): SubmissionRecord {
  let links: SubmissionRecord['links'] = {};
  try {
    links = JSON.parse(row.links) as SubmissionRecord['links'];
  } catch {
    // A hand-edited row with broken JSON shows no links rather than failing the console.
  }
  return {
    id: row.id,
    bountyId: row.bounty_id,
    authorId: row.author_id,
    state: row.state as StoredSubmissionState,
    links,
    writeUp: row.write_up,
    answers: parseList(row.answers),
    label: row.label as ReviewLabel,
    scores: parseList(row.scores),
    notes: row.notes,
    rejectionReason: row.rejection_reason,
    publicOptIn: Number(row.public_opt_in) === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toWinner(row: WinnerRow, reason: string | null = null): WinnerRecord {
  return {
    outOfOrderReason: reason,
    bountyId: row.bounty_id,
    slot: Number(row.slot),
    submissionId: row.submission_id,
    winnerId: row.winner_id,
    amount: Number(row.amount),
    payment:
      row.payment_recorded_at && row.payment_amount !== null
        ? {
            amount: Number(row.payment_amount),
            method: row.payment_method ?? '',
            reference: row.payment_reference ?? '',
            date: row.payment_date ?? '',
          }
        : null,
    recordedAt: row.payment_recorded_at,
    answer: row.answer as WinnerRecord['answer'],
    answerNote: row.answer_note,
    answeredAt: row.answered_at,
    resolution: row.resolution as WinnerRecord['resolution'],
    resolutionNote: row.resolution_note,
    resolvedAt: row.resolved_at,
  };
}

const bountyColumns = (terms: HostedBountyTerms) => ({
  title: terms.title,
  description: terms.description,
  domain: terms.domain,
  skills: json(terms.skills),
  criteria: json(terms.criteria),
  prizes: json(terms.prizes),
  submission_deadline: terms.submissionDeadline,
  judging_deadline: terms.judgingDeadline,
  payment_due_days: terms.paymentDueDays,
  eligible_countries: json(terms.eligibleCountries),
  payout_methods: json(terms.payoutMethods),
  unclaimed: terms.unclaimed,
});

type Db = Kysely<Tables> | Transaction<Tables>;

/**
 * The lifecycle's records on SQLite (lifecycle.db) or PostgreSQL, through one query builder, so both
 * databases run the same statements. Every state change is a conditional update (`WHERE state = …`):
 * of two requests racing on the same award or answer, one changes the row and the other is told it
 * lost, on one server or several.
 */
export function createLifecycleStore(database: SqliteDatabase | PgPool) {
  const { db } = openStoreDatabase<Tables>(database, LIFECYCLE_SCHEMA + WINNER_REASONS_SCHEMA);

  /** Winner rows with their out-of-order reasons (few: read in one query beside them). */
  async function withReasons(rows: WinnerRow[], run: Db): Promise<WinnerRecord[]> {
    const bountyIds = [...new Set(rows.map((row) => row.bounty_id))];
    const reasons =
      bountyIds.length === 0
        ? []
        : await run
            .selectFrom('hosted_winner_reasons')
            .selectAll()
            .where('bounty_id', 'in', bountyIds)
            .execute();
    const reasonOf = new Map(reasons.map((row) => [`${row.bounty_id}\n${Number(row.slot)}`, row.reason]));
    return rows.map((row) => toWinner(row, reasonOf.get(`${row.bounty_id}\n${Number(row.slot)}`) ?? null));
  }

  let auditSequence = 0;
  async function audit(run: Db, entry: AuditEntry, at: string) {
    await run
      .insertInto('lifecycle_audit')
      .values({
        // Sorts as written: entries of the same millisecond keep this process's order.
        id: `${at}:${String((auditSequence += 1)).padStart(12, '0')}:${randomUUID().slice(0, 8)}`,
        organisation_id: entry.organisationId,
        bounty_id: entry.bountyId,
        actor_id: entry.actorId,
        at,
        action: entry.action,
        detail: json(entry.detail),
      })
      .execute();
  }

  const changed = (result: { numUpdatedRows: bigint }[] | { numUpdatedRows: bigint }) =>
    (Array.isArray(result) ? result : [result]).reduce((sum, r) => sum + Number(r.numUpdatedRows), 0) > 0;

  return {
    /** Runs `work` in one transaction: all of it is stored, or none. */
    transaction<T>(work: (run: Db) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },
    audit: (entry: AuditEntry, at: string, run: Db = db) => audit(run, entry, at),

    async createBounty(
      input: {
        organisationId: string;
        authorId: string;
        state: HostedState;
        terms: HostedBountyTerms;
        demo?: boolean;
      },
      at: string,
      run: Db = db,
    ): Promise<string> {
      const id = `sq-${randomUUID().slice(0, 8)}`;
      await run
        .insertInto('hosted_bounties')
        .values({
          id,
          organisation_id: input.organisationId,
          author_id: input.authorId,
          state: input.state,
          state_reason: null,
          ...bountyColumns(input.terms),
          demo: input.demo ? 1 : 0,
          created_at: at,
          updated_at: at,
          published_at: input.state === 'open' ? at : null,
          announced_at: null,
          ended_at: null,
        })
        .execute();
      return id;
    },

    async updateTerms(
      id: string,
      fromStates: HostedState[],
      terms: HostedBountyTerms,
      at: string,
      run: Db = db,
    ) {
      const result = await run
        .updateTable('hosted_bounties')
        .set({ ...bountyColumns(terms), updated_at: at })
        .where('id', '=', id)
        .where('state', 'in', fromStates)
        .executeTakeFirst();
      return changed(result);
    },

    async bounty(id: string, run: Db = db): Promise<HostedBountyRecord | null> {
      const row = await run.selectFrom('hosted_bounties').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toBounty(row) : null;
    },

    async bountiesIn(states: HostedState[], run: Db = db): Promise<HostedBountyRecord[]> {
      const rows = await run
        .selectFrom('hosted_bounties')
        .selectAll()
        .where('state', 'in', states)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toBounty);
    },

    async bountiesOf(organisationIds: string[], run: Db = db): Promise<HostedBountyRecord[]> {
      if (organisationIds.length === 0) return [];
      const rows = await run
        .selectFrom('hosted_bounties')
        .selectAll()
        .where('organisation_id', 'in', organisationIds)
        .orderBy('created_at', 'desc')
        .execute();
      return rows.map(toBounty);
    },

    /** Moves a bounty from one of `from` to `to`; false when another request moved it first. */
    async moveBounty(
      id: string,
      from: HostedState[],
      to: HostedState,
      at: string,
      extra: Partial<Pick<BountyRow, 'state_reason' | 'published_at' | 'announced_at' | 'ended_at'>> = {},
      run: Db = db,
    ): Promise<boolean> {
      const result = await run
        .updateTable('hosted_bounties')
        .set({ state: to, updated_at: at, ...extra })
        .where('id', '=', id)
        .where('state', 'in', from)
        .executeTakeFirst();
      return changed(result);
    },

    async upsertSubmission(
      input: { bountyId: string; authorId: string; content: SubmissionContent },
      at: string,
      run: Db = db,
    ): Promise<{ id: string; created: boolean }> {
      const existing = await run
        .selectFrom('hosted_submissions')
        .select(['id'])
        .where('bounty_id', '=', input.bountyId)
        .where('author_id', '=', input.authorId)
        .executeTakeFirst();
      const content = {
        links: json(input.content.links),
        write_up: input.content.writeUp,
        answers: json(input.content.answers),
      };
      if (existing) {
        // Editing (or submitting again after withdrawing) keeps the team's review but not a rejection.
        await run
          .updateTable('hosted_submissions')
          .set({ ...content, state: 'submitted', updated_at: at })
          .where('id', '=', existing.id)
          .where('state', 'in', ['submitted', 'withdrawn'])
          .execute();
        return { id: existing.id, created: false };
      }
      const id = `sub-${randomUUID()}`;
      await run
        .insertInto('hosted_submissions')
        .values({
          id,
          bounty_id: input.bountyId,
          author_id: input.authorId,
          state: 'submitted',
          ...content,
          label: 'unreviewed',
          scores: '[]',
          notes: '',
          rejection_reason: null,
          public_opt_in: 0,
          created_at: at,
          updated_at: at,
        })
        .execute();
      return { id, created: true };
    },

    async submission(id: string, run: Db = db): Promise<SubmissionRecord | null> {
      const row = await run
        .selectFrom('hosted_submissions')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toSubmission(row) : null;
    },

    async submissionOf(bountyId: string, authorId: string, run: Db = db): Promise<SubmissionRecord | null> {
      const row = await run
        .selectFrom('hosted_submissions')
        .selectAll()
        .where('bounty_id', '=', bountyId)
        .where('author_id', '=', authorId)
        .executeTakeFirst();
      return row ? toSubmission(row) : null;
    },

    async submissionsTo(bountyId: string, run: Db = db): Promise<SubmissionRecord[]> {
      const rows = await run
        .selectFrom('hosted_submissions')
        .selectAll()
        .where('bounty_id', '=', bountyId)
        .orderBy('created_at')
        .execute();
      return rows.map(toSubmission);
    },

    /** Every submission to these bounties, in one read (the public list counts them). */
    async submissionsToAll(bountyIds: string[], run: Db = db): Promise<SubmissionRecord[]> {
      if (bountyIds.length === 0) return [];
      const rows = await run
        .selectFrom('hosted_submissions')
        .selectAll()
        .where('bounty_id', 'in', bountyIds)
        .orderBy('created_at')
        .execute();
      return rows.map(toSubmission);
    },

    async submissionsBy(authorId: string, run: Db = db): Promise<SubmissionRecord[]> {
      const rows = await run
        .selectFrom('hosted_submissions')
        .selectAll()
        .where('author_id', '=', authorId)
        .orderBy('created_at', 'desc')
        .execute();
      return rows.map(toSubmission);
    },

    async moveSubmission(
      id: string,
      from: StoredSubmissionState[],
      to: StoredSubmissionState,
      at: string,
      rejectionReason: string | null = null,
      run: Db = db,
    ): Promise<boolean> {
      const result = await run
        .updateTable('hosted_submissions')
        .set({ state: to, rejection_reason: rejectionReason, updated_at: at })
        .where('id', '=', id)
        .where('state', 'in', from)
        .executeTakeFirst();
      return changed(result);
    },

    async review(
      id: string,
      review: { label: ReviewLabel; scores: Scores; notes: string },
      at: string,
      run: Db = db,
    ): Promise<boolean> {
      const result = await run
        .updateTable('hosted_submissions')
        .set({ label: review.label, scores: json(review.scores), notes: review.notes, updated_at: at })
        .where('id', '=', id)
        .executeTakeFirst();
      return changed(result);
    },

    async setPublicOptIn(id: string, authorId: string, optIn: boolean, run: Db = db): Promise<boolean> {
      const result = await run
        .updateTable('hosted_submissions')
        .set({ public_opt_in: optIn ? 1 : 0 })
        .where('id', '=', id)
        .where('author_id', '=', authorId)
        .executeTakeFirst();
      return changed(result);
    },

    async addWinners(
      winners: {
        bountyId: string;
        slot: number;
        submissionId: string;
        winnerId: string;
        amount: number;
        outOfOrderReason?: string | null;
      }[],
      run: Db = db,
    ) {
      if (winners.length === 0) return;
      const reasons = winners.flatMap((winner) =>
        winner.outOfOrderReason
          ? [{ bounty_id: winner.bountyId, slot: winner.slot, reason: winner.outOfOrderReason }]
          : [],
      );
      if (reasons.length > 0) await run.insertInto('hosted_winner_reasons').values(reasons).execute();
      await run
        .insertInto('hosted_winners')
        .values(
          winners.map((winner) => ({
            bounty_id: winner.bountyId,
            slot: winner.slot,
            submission_id: winner.submissionId,
            winner_id: winner.winnerId,
            amount: winner.amount,
            payment_amount: null,
            payment_method: null,
            payment_reference: null,
            payment_date: null,
            payment_recorded_at: null,
            answer: null,
            answer_note: null,
            answered_at: null,
            resolution: null,
            resolution_note: null,
            resolved_at: null,
          })),
        )
        .execute();
    },

    async winnersOf(bountyIds: string[], run: Db = db): Promise<WinnerRecord[]> {
      if (bountyIds.length === 0) return [];
      const rows = await run
        .selectFrom('hosted_winners')
        .selectAll()
        .where('bounty_id', 'in', bountyIds)
        .orderBy('bounty_id')
        .orderBy('slot')
        .execute();
      return withReasons(rows, run);
    },

    async winsOf(winnerId: string, run: Db = db): Promise<WinnerRecord[]> {
      const rows = await run
        .selectFrom('hosted_winners')
        .selectAll()
        .where('winner_id', '=', winnerId)
        .execute();
      return withReasons(rows, run);
    },

    /** Records a payment once; a second recording (or a race) changes nothing and says so. */
    async recordPayment(
      bountyId: string,
      slot: number,
      payment: { amount: number; method: string; reference: string; date: string },
      at: string,
      run: Db = db,
    ): Promise<boolean> {
      const result = await run
        .updateTable('hosted_winners')
        .set({
          payment_amount: payment.amount,
          payment_method: payment.method,
          payment_reference: payment.reference,
          payment_date: payment.date,
          payment_recorded_at: at,
        })
        .where('bounty_id', '=', bountyId)
        .where('slot', '=', slot)
        .where('payment_recorded_at', 'is', null)
        .executeTakeFirst();
      return changed(result);
    },

    /** The winner's one answer about a recorded payment. */
    async answerPayment(
      bountyId: string,
      slot: number,
      answer: 'received' | 'not-received',
      note: string | null,
      at: string,
      run: Db = db,
    ): Promise<boolean> {
      const result = await run
        .updateTable('hosted_winners')
        .set({ answer, answer_note: note, answered_at: at })
        .where('bounty_id', '=', bountyId)
        .where('slot', '=', slot)
        .where('payment_recorded_at', 'is not', null)
        .where('answer', 'is', null)
        .executeTakeFirst();
      return changed(result);
    },

    async resolveCase(
      bountyId: string,
      slot: number,
      resolution: 'paid' | 'not-paid',
      note: string,
      at: string,
      run: Db = db,
    ): Promise<boolean> {
      const result = await run
        .updateTable('hosted_winners')
        .set({ resolution, resolution_note: note, resolved_at: at })
        .where('bounty_id', '=', bountyId)
        .where('slot', '=', slot)
        .where('answer', '=', 'not-received')
        .where('resolution', 'is', null)
        .executeTakeFirst();
      return changed(result);
    },

    async openCases(run: Db = db): Promise<WinnerRecord[]> {
      const rows = await run
        .selectFrom('hosted_winners')
        .selectAll()
        .where('answer', '=', 'not-received')
        .where('resolution', 'is', null)
        .orderBy('answered_at')
        .execute();
      return withReasons(rows, run);
    },

    /** An organisation's audit log, newest first; every organisation's when `organisationId` is null (staff). */
    async auditOf(organisationId: string | null, limit = 200, run: Db = db) {
      let query = run.selectFrom('lifecycle_audit').selectAll();
      if (organisationId !== null) query = query.where('organisation_id', '=', organisationId);
      const rows = await query.orderBy('id', 'desc').limit(limit).execute();
      return rows.map((row) => ({
        organisationId: row.organisation_id,
        bountyId: row.bounty_id,
        actorId: row.actor_id,
        at: row.at,
        action: row.action,
        detail: JSON.parse(row.detail) as Record<string, unknown>,
      }));
    },

    /** Claims a reminder (bounty, kind, step) for sending; false when it was claimed before. */
    async claimReminder(bountyId: string, kind: string, step: number, at: string): Promise<boolean> {
      const result = await db
        .insertInto('lifecycle_reminders')
        .values({ bounty_id: bountyId, kind, step, sent_at: at })
        .onConflict((conflict) => conflict.columns(['bounty_id', 'kind', 'step']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },

    /** Sets a one-time marker (e.g. the demo data was seeded); false when it was set before. */
    async claimMarker(key: string, value: string): Promise<boolean> {
      const result = await db
        .insertInto('lifecycle_meta')
        .values({ key, value })
        .onConflict((conflict) => conflict.column('key').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },

    async recordLeaving(organisationId: string, userId: string, at: string) {
      await db
        .insertInto('former_members')
        .values({ organisation_id: organisationId, user_id: userId, left_at: at })
        .onConflict((conflict) =>
          conflict.columns(['organisation_id', 'user_id']).doUpdateSet({ left_at: at }),
        )
        .execute();
    },

    async leftAt(organisationId: string, userId: string): Promise<string | null> {
      const row = await db
        .selectFrom('former_members')
        .select('left_at')
        .where('organisation_id', '=', organisationId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.left_at ?? null;
    },

    async optionalMail(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('lifecycle_mail_settings')
        .select('optional_mail')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ? Number(row.optional_mail) === 1 : true;
    },

    async setOptionalMail(userId: string, on: boolean) {
      await db
        .insertInto('lifecycle_mail_settings')
        .values({ user_id: userId, optional_mail: on ? 1 : 0 })
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ optional_mail: on ? 1 : 0 }))
        .execute();
    },
  };
}

export type LifecycleStore = ReturnType<typeof createLifecycleStore>;
export type LifecycleDb = Db;
