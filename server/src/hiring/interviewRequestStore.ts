import { randomUUID } from 'node:crypto';
import type { Generated, Insertable } from 'kysely';
import {
  INTERVIEW_REQUEST_LIMITS,
  isWorkKind,
  type InterviewEvidence,
  type InterviewRequestContent,
  type InterviewRequestRefusal,
  type StoredHireState,
  type StoredInterviewRequestState,
  type WorkKind,
} from '@side-quest/data/hiring';
import type { PgPool, SqliteDatabase } from '../db/database';
import { openStoreDatabase } from '../db/storeDatabase';
import { insertWithinLimits } from '../db/insertWithinLimits';

const DAY_MS = 86_400_000;

/**
 * Interview requests and hires (issue 46 items 3 and 4), one text for both databases: SQLite runs it at
 * open (in hiring.db), PostgreSQL as migration 10 (db/postgres.ts). The partial unique index holds one
 * open request per organisation and person across instances; a deleted person's or sender's id becomes
 * NULL in what the other side keeps.
 */
export const INTERVIEW_REQUESTS_SCHEMA = `
  CREATE TABLE IF NOT EXISTS interview_requests (
    id TEXT PRIMARY KEY,
    organisation_id TEXT NOT NULL,
    sender_id TEXT,
    person_id TEXT,
    role_title TEXT NOT NULL,
    kind TEXT NOT NULL,
    message TEXT NOT NULL,
    evidence_kind TEXT NOT NULL,
    evidence_ref TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'open',
    decline_reason TEXT,
    created_at TEXT NOT NULL,
    answered_at TEXT,
    reported_at TEXT,
    report_reason TEXT,
    demo INTEGER NOT NULL DEFAULT 0
  );
  CREATE UNIQUE INDEX IF NOT EXISTS interview_requests_open_pair
    ON interview_requests (organisation_id, person_id) WHERE state = 'open';
  CREATE INDEX IF NOT EXISTS interview_requests_person ON interview_requests (person_id, created_at);
  CREATE INDEX IF NOT EXISTS interview_requests_organisation
    ON interview_requests (organisation_id, created_at);
  CREATE TABLE IF NOT EXISTS interview_blocks (
    person_id TEXT NOT NULL,
    organisation_id TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (person_id, organisation_id)
  );
  CREATE TABLE IF NOT EXISTS interview_suspensions (
    organisation_id TEXT PRIMARY KEY,
    suspended_at TEXT NOT NULL
  );
  CREATE TABLE IF NOT EXISTS hires (
    request_id TEXT PRIMARY KEY,
    organisation_id TEXT NOT NULL,
    person_id TEXT,
    recorded_by TEXT,
    kind TEXT NOT NULL,
    start_month TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'recorded',
    recorded_at TEXT NOT NULL,
    answered_at TEXT,
    show_on_profile INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX IF NOT EXISTS hires_organisation ON hires (organisation_id, state);
`;

interface Tables {
  interview_requests: {
    id: string;
    organisation_id: string;
    sender_id: string | null;
    person_id: string | null;
    role_title: string;
    kind: string;
    message: string;
    evidence_kind: string;
    evidence_ref: string;
    state: Generated<string>;
    decline_reason: string | null;
    created_at: string;
    answered_at: string | null;
    reported_at: string | null;
    report_reason: string | null;
    demo: Generated<number>;
  };
  interview_blocks: { person_id: string; organisation_id: string; created_at: string };
  interview_suspensions: { organisation_id: string; suspended_at: string };
  hires: {
    request_id: string;
    organisation_id: string;
    person_id: string | null;
    recorded_by: string | null;
    kind: string;
    start_month: string;
    state: Generated<string>;
    recorded_at: string;
    answered_at: string | null;
    show_on_profile: Generated<number>;
  };
}

export interface StoredInterviewRequest extends InterviewRequestContent {
  id: string;
  organisationId: string;
  /** NULL once the sender's account is deleted. */
  senderId: string | null;
  /** NULL once the person's account is deleted. */
  personId: string | null;
  evidence: InterviewEvidence;
  state: StoredInterviewRequestState;
  declineReason: string | null;
  createdAt: string;
  answeredAt: string | null;
  reportedAt: string | null;
  reportReason: string | null;
  demo: boolean;
}

export interface StoredHire {
  requestId: string;
  organisationId: string;
  personId: string | null;
  recordedBy: string | null;
  kind: WorkKind;
  startMonth: string;
  state: StoredHireState;
  recordedAt: string;
  answeredAt: string | null;
  showOnProfile: boolean;
}

type RequestRow = Tables['interview_requests'] & { state: string; demo: number };
type HireRow = Tables['hires'] & { state: string; show_on_profile: number };

const STATES: StoredInterviewRequestState[] = ['open', 'accepted', 'declined', 'expired'];
const HIRE_STATES: StoredHireState[] = ['recorded', 'confirmed', 'denied'];

function requestOf(row: RequestRow): StoredInterviewRequest {
  return {
    id: row.id,
    organisationId: row.organisation_id,
    senderId: row.sender_id,
    personId: row.person_id,
    roleTitle: row.role_title,
    kind: isWorkKind(row.kind) ? row.kind : 'freelance',
    message: row.message,
    evidence:
      row.evidence_kind === 'submission'
        ? { kind: 'submission', submissionId: row.evidence_ref }
        : { kind: 'profile', handle: row.evidence_ref },
    state: STATES.find((state) => state === row.state) ?? 'expired',
    declineReason: row.decline_reason,
    createdAt: row.created_at,
    answeredAt: row.answered_at,
    reportedAt: row.reported_at,
    reportReason: row.report_reason,
    demo: Number(row.demo) === 1,
  };
}

function hireOf(row: HireRow): StoredHire {
  return {
    requestId: row.request_id,
    organisationId: row.organisation_id,
    personId: row.person_id,
    recordedBy: row.recorded_by,
    kind: isWorkKind(row.kind) ? row.kind : 'freelance',
    startMonth: row.start_month,
    state: HIRE_STATES.find((state) => state === row.state) ?? 'denied',
    recordedAt: row.recorded_at,
    answeredAt: row.answered_at,
    showOnProfile: Number(row.show_on_profile) === 1,
  };
}

type NewInterviewRequest = InterviewRequestContent & {
  organisationId: string;
  senderId: string;
  personId: string;
  evidence: InterviewEvidence;
  demo?: boolean;
};

function requestRow(
  id: string,
  request: NewInterviewRequest,
  at: string,
  state: StoredInterviewRequestState,
): Insertable<Tables['interview_requests']> {
  return {
    id,
    organisation_id: request.organisationId,
    sender_id: request.senderId,
    person_id: request.personId,
    role_title: request.roleTitle,
    kind: request.kind,
    message: request.message,
    evidence_kind: request.evidence.kind,
    evidence_ref:
      request.evidence.kind === 'submission' ? request.evidence.submissionId : request.evidence.handle,
    state,
    created_at: at,
    demo: request.demo ? 1 : 0,
  };
}

/** A unique index refused the row (both drivers word it differently). */
function isUniqueViolation(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint/i.test(message ?? '');
}

export function createInterviewRequestStore(database: SqliteDatabase | PgPool) {
  const { db, isSqlite } = openStoreDatabase<Tables>(database, INTERVIEW_REQUESTS_SCHEMA);
  const expiryCutoff = (now: number) =>
    new Date(now - INTERVIEW_REQUEST_LIMITS.expiryDays * DAY_MS).toISOString();
  // The two counts the send limits hold: the sender's rule reads them, createWithinLimits keeps them.
  const openForPerson = (personId: string, now: number) =>
    db
      .selectFrom('interview_requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('person_id', '=', personId)
      .where('state', '=', 'open')
      .where('created_at', '>', expiryCutoff(now));
  // The demo's requests are not counted against an organisation's day.
  const sentByOrganisationSince = (organisationId: string, dayStart: string) =>
    db
      .selectFrom('interview_requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organisation_id', '=', organisationId)
      .where('created_at', '>=', dayStart)
      .where('demo', '=', 0);

  return {
    /** Marks open requests past their 30 days expired (frees the pair for a new one). */
    async expire(now: number): Promise<number> {
      const result = await db
        .updateTable('interview_requests')
        .set({ state: 'expired' })
        .where('state', '=', 'open')
        .where('created_at', '<=', expiryCutoff(now))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * Stores a request without the send limits (the demo's seed); null when the pair already has an open
     * one. A sender's request goes through createWithinLimits.
     */
    async create(request: NewInterviewRequest, at: string, state: StoredInterviewRequestState = 'open') {
      try {
        const id = randomUUID();
        await db
          .insertInto('interview_requests')
          .values(requestRow(id, request, at, state))
          .execute();
        return id;
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    /**
     * Stores an open request while the person holds fewer open requests than their limit and the
     * organisation has sent fewer than its day's since `dayStart`, counted and written as one step under
     * the organisation's lock, then the person's (insertWithinLimits), so instances racing keep both
     * limits exactly. Refused naming the limit reached (the person's first, as the send rule tells it),
     * or `pair-open` when the pair already has an open request (the unique index).
     */
    async createWithinLimits(
      request: NewInterviewRequest,
      now: number,
      dayStart: string,
    ): Promise<{ id: string } | { refused: InterviewRequestRefusal }> {
      const id = randomUUID();
      try {
        const written = await insertWithinLimits(db, isSqlite ? (database as SqliteDatabase) : null, {
          lockKeys: [
            `interview-requests:organisation:${request.organisationId}`,
            `interview-requests:person:${request.personId}`,
          ],
          limits: [
            { count: openForPerson(request.personId, now), max: INTERVIEW_REQUEST_LIMITS.openPerPerson },
            {
              count: sentByOrganisationSince(request.organisationId, dayStart),
              max: INTERVIEW_REQUEST_LIMITS.perOrganisationPerDay,
            },
          ],
          insert: db
            .insertInto('interview_requests')
            .values(requestRow(id, request, new Date(now).toISOString(), 'open')),
        });
        if (written.inserted) return { id };
        return { refused: written.refusedBy === 0 ? 'person-full' : 'organisation-day' };
      } catch (error) {
        if (isUniqueViolation(error)) return { refused: 'pair-open' };
        throw error;
      }
    },

    async request(id: string): Promise<StoredInterviewRequest | null> {
      const row = await db
        .selectFrom('interview_requests')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? requestOf(row as RequestRow) : null;
    },

    /** The facts the send rule counts, as of `now` (open means not yet expired). */
    async sendingFacts(organisationId: string, personId: string, now: number, dayStart: string) {
      const cutoff = expiryCutoff(now);
      const [openForPersonCount, openFromOrganisation, sentToday, lastDecline, block, suspension] =
        await Promise.all([
          openForPerson(personId, now).executeTakeFirstOrThrow(),
          db
            .selectFrom('interview_requests')
            .select('id')
            .where('person_id', '=', personId)
            .where('organisation_id', '=', organisationId)
            .where('state', '=', 'open')
            .where('created_at', '>', cutoff)
            .executeTakeFirst(),
          sentByOrganisationSince(organisationId, dayStart).executeTakeFirstOrThrow(),
          db
            .selectFrom('interview_requests')
            .select((eb) => eb.fn.max('answered_at').as('at'))
            .where('person_id', '=', personId)
            .where('organisation_id', '=', organisationId)
            .where('state', '=', 'declined')
            .executeTakeFirst(),
          db
            .selectFrom('interview_blocks')
            .select('created_at')
            .where('person_id', '=', personId)
            .where('organisation_id', '=', organisationId)
            .executeTakeFirst(),
          db
            .selectFrom('interview_suspensions')
            .select('suspended_at')
            .where('organisation_id', '=', organisationId)
            .executeTakeFirst(),
        ]);
      return {
        openForPerson: Number(openForPersonCount.n),
        openFromOrganisation: Boolean(openFromOrganisation),
        sentTodayByOrganisation: Number(sentToday.n),
        lastDeclinedAt: (lastDecline?.at as string | null | undefined) ?? null,
        blocked: Boolean(block),
        organisationSuspended: Boolean(suspension),
      };
    },

    /** A person's requests, newest first. */
    async forPerson(personId: string): Promise<StoredInterviewRequest[]> {
      const rows = await db
        .selectFrom('interview_requests')
        .selectAll()
        .where('person_id', '=', personId)
        .orderBy('created_at', 'desc')
        .execute();
      return rows.map((row) => requestOf(row as RequestRow));
    },

    /** The requests an organisation sent, newest first. */
    async fromOrganisation(organisationId: string): Promise<StoredInterviewRequest[]> {
      const rows = await db
        .selectFrom('interview_requests')
        .selectAll()
        .where('organisation_id', '=', organisationId)
        .orderBy('created_at', 'desc')
        .execute();
      return rows.map((row) => requestOf(row as RequestRow));
    },

    /**
     * The person's answer to an open request: accepted, or declined (a reason the team reads, optional).
     * False when it is not theirs or no longer open (including expired at `now`).
     */
    async answer(
      id: string,
      personId: string,
      state: 'accepted' | 'declined',
      reason: string | null,
      now: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable('interview_requests')
        .set({
          state,
          decline_reason: state === 'declined' ? reason : null,
          answered_at: new Date(now).toISOString(),
        })
        .where('id', '=', id)
        .where('person_id', '=', personId)
        .where('state', '=', 'open')
        .where('created_at', '>', expiryCutoff(now))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async report(id: string, personId: string, reason: string | null, at: string): Promise<boolean> {
      const result = await db
        .updateTable('interview_requests')
        .set({ reported_at: at, report_reason: reason })
        .where('id', '=', id)
        .where('person_id', '=', personId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async block(personId: string, organisationId: string, at: string): Promise<void> {
      await db
        .insertInto('interview_blocks')
        .values({ person_id: personId, organisation_id: organisationId, created_at: at })
        .onConflict((conflict) => conflict.columns(['person_id', 'organisation_id']).doNothing())
        .execute();
    },

    async unblock(personId: string, organisationId: string): Promise<void> {
      await db
        .deleteFrom('interview_blocks')
        .where('person_id', '=', personId)
        .where('organisation_id', '=', organisationId)
        .execute();
    },

    /** The organisations a person blocked. */
    async blockedBy(personId: string): Promise<Set<string>> {
      const rows = await db
        .selectFrom('interview_blocks')
        .select('organisation_id')
        .where('person_id', '=', personId)
        .execute();
      return new Set(rows.map((row) => row.organisation_id));
    },

    // ---- Staff ----

    /** Requests per organisation, by stored state, and whether its requests are suspended. */
    async countsByOrganisation(): Promise<
      Array<{ organisationId: string; state: string; count: number; reported: number }>
    > {
      const rows = await db
        .selectFrom('interview_requests')
        .select((eb) => [
          'organisation_id',
          'state',
          eb.fn.countAll<number>().as('n'),
          eb.fn.count<number>('reported_at').as('reported'),
        ])
        .groupBy(['organisation_id', 'state'])
        .execute();
      return rows.map((row) => ({
        organisationId: row.organisation_id,
        state: row.state,
        count: Number(row.n),
        reported: Number(row.reported),
      }));
    },

    async reported(): Promise<StoredInterviewRequest[]> {
      const rows = await db
        .selectFrom('interview_requests')
        .selectAll()
        .where('reported_at', 'is not', null)
        .orderBy('reported_at', 'desc')
        .execute();
      return rows.map((row) => requestOf(row as RequestRow));
    },

    async suspended(): Promise<Set<string>> {
      const rows = await db.selectFrom('interview_suspensions').select('organisation_id').execute();
      return new Set(rows.map((row) => row.organisation_id));
    },

    async setSuspended(organisationId: string, suspended: boolean, at: string): Promise<void> {
      if (!suspended) {
        await db.deleteFrom('interview_suspensions').where('organisation_id', '=', organisationId).execute();
        return;
      }
      await db
        .insertInto('interview_suspensions')
        .values({ organisation_id: organisationId, suspended_at: at })
        .onConflict((conflict) => conflict.column('organisation_id').doNothing())
        .execute();
    },

    // ---- Hires ----

    /** Records a hire on a request; false when one is already recorded. */
    async recordHire(
      hire: {
        requestId: string;
        organisationId: string;
        personId: string;
        recordedBy: string;
        kind: WorkKind;
        startMonth: string;
      },
      at: string,
      state: StoredHireState = 'recorded',
    ): Promise<boolean> {
      try {
        await db
          .insertInto('hires')
          .values({
            request_id: hire.requestId,
            organisation_id: hire.organisationId,
            person_id: hire.personId,
            recorded_by: hire.recordedBy,
            kind: hire.kind,
            start_month: hire.startMonth,
            state,
            recorded_at: at,
            answered_at: state === 'recorded' ? null : at,
          })
          .execute();
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    async hire(requestId: string): Promise<StoredHire | null> {
      const row = await db
        .selectFrom('hires')
        .selectAll()
        .where('request_id', '=', requestId)
        .executeTakeFirst();
      return row ? hireOf(row as HireRow) : null;
    },

    async hiresOfRequests(requestIds: string[]): Promise<Map<string, StoredHire>> {
      if (requestIds.length === 0) return new Map();
      const rows = await db.selectFrom('hires').selectAll().where('request_id', 'in', requestIds).execute();
      return new Map(rows.map((row) => [row.request_id, hireOf(row as HireRow)]));
    },

    /** The person's answer to a recorded hire within its 30 days; false when not theirs or not waiting. */
    async answerHire(
      requestId: string,
      personId: string,
      confirmed: boolean,
      showOnProfile: boolean,
      now: number,
      answerWithinDays: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable('hires')
        .set({
          state: confirmed ? 'confirmed' : 'denied',
          answered_at: new Date(now).toISOString(),
          show_on_profile: confirmed && showOnProfile ? 1 : 0,
        })
        .where('request_id', '=', requestId)
        .where('person_id', '=', personId)
        .where('state', '=', 'recorded')
        .where('recorded_at', '>', new Date(now - answerWithinDays * DAY_MS).toISOString())
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Whether a confirmed hire shows on the person's profile (their choice, changeable). */
    async setHireOnProfile(requestId: string, personId: string, show: boolean): Promise<boolean> {
      const result = await db
        .updateTable('hires')
        .set({ show_on_profile: show ? 1 : 0 })
        .where('request_id', '=', requestId)
        .where('person_id', '=', personId)
        .where('state', '=', 'confirmed')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Confirmed hires by organisation (the sponsors' records). */
    async confirmedHireCounts(): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('hires')
        .select((eb) => ['organisation_id', eb.fn.countAll<number>().as('n')])
        .where('state', '=', 'confirmed')
        .groupBy('organisation_id')
        .execute();
      return new Map(rows.map((row) => [row.organisation_id, Number(row.n)]));
    },

    /** Every hire (staff: denied and unanswered ones included). */
    async allHires(): Promise<StoredHire[]> {
      const rows = await db.selectFrom('hires').selectAll().orderBy('recorded_at', 'desc').execute();
      return rows.map((row) => hireOf(row as HireRow));
    },

    /** A person's hires (the profile's "Hired by …" when they opted in; the export). */
    async hiresOf(personId: string): Promise<StoredHire[]> {
      const rows = await db
        .selectFrom('hires')
        .selectAll()
        .where('person_id', '=', personId)
        .orderBy('recorded_at', 'desc')
        .execute();
      return rows.map((row) => hireOf(row as HireRow));
    },

    /**
     * Account deletion: the person's blocks go; in what the organisations keep (their sent requests, a
     * confirmed hire's count) the person becomes anonymous and their words (a decline's or report's
     * reason) are removed. A deleted sender leaves the organisation's request without a name.
     */
    async removePerson(personId: string): Promise<void> {
      await db.deleteFrom('interview_blocks').where('person_id', '=', personId).execute();
      await db
        .updateTable('interview_requests')
        .set({ person_id: null, decline_reason: null, report_reason: null, evidence_ref: '' })
        .where('person_id', '=', personId)
        .execute();
      await db
        .updateTable('interview_requests')
        .set({ sender_id: null })
        .where('sender_id', '=', personId)
        .execute();
      await db
        .updateTable('hires')
        .set({ person_id: null, show_on_profile: 0 })
        .where('person_id', '=', personId)
        .execute();
      await db.updateTable('hires').set({ recorded_by: null }).where('recorded_by', '=', personId).execute();
    },
  };
}

export type InterviewRequestStore = ReturnType<typeof createInterviewRequestStore>;
