import type { ArchiveFormat } from '../test-scoring';
import type {
  ReferenceProgress,
  TestResultView,
  TestRuntime,
  TestSetupFileKind,
} from '@side-quest/data/lifecycle';
import type { PgPool, SqliteDatabase } from '../db/database';
import { openStoreDatabase } from '../db/storeDatabase';

/*
 * Test-scored bounties' tables (issue 56 items 3-5; PostgreSQL migration 14, SQLite in SCORED_DB_FILE
 * beside scored_entries, whose rows a test-scored bounty's entries are). A setup of its own (the answer
 * key's table stays the answer key's), the entries' runs as the runs queue numbers them, and each
 * bounty's hidden runs queued once. Hidden tests, the reference and their blobs never leave the server
 * except to the team.
 */
export const TEST_SCORED_SCHEMA = `
  CREATE TABLE IF NOT EXISTS test_setups (
    bounty_id TEXT PRIMARY KEY,
    runtime TEXT NOT NULL,
    wall_seconds INTEGER NOT NULL,
    memory_mib INTEGER NOT NULL,
    daily_entries INTEGER NOT NULL,
    final_entries INTEGER NOT NULL,
    licence TEXT NOT NULL,
    files TEXT NOT NULL,
    reference_runs TEXT NOT NULL,
    reference_status TEXT NOT NULL DEFAULT 'waiting',
    public_tests TEXT,
    hidden_tests TEXT,
    problems TEXT,
    refused_output TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE TABLE IF NOT EXISTS test_entry_runs (
    run_id TEXT PRIMARY KEY,
    bounty_id TEXT NOT NULL,
    entry_id TEXT NOT NULL,
    test_set TEXT NOT NULL,
    canary_name TEXT NOT NULL,
    judged INTEGER NOT NULL DEFAULT 0,
    verdict TEXT,
    message TEXT,
    passed INTEGER,
    total INTEGER,
    rows TEXT,
    created_at TEXT NOT NULL,
    judged_at TEXT
  );
  CREATE INDEX IF NOT EXISTS test_entry_runs_by_bounty ON test_entry_runs (bounty_id, entry_id);
  CREATE INDEX IF NOT EXISTS test_entry_runs_waiting ON test_entry_runs (judged);
  CREATE TABLE IF NOT EXISTS test_hidden_queued (
    bounty_id TEXT PRIMARY KEY,
    queued_at TEXT NOT NULL
  );
`;

/**
 * Each entry's source signature for copy flags (issue 56 item 5; PostgreSQL migration 15): its source
 * files' text signed by the write-up rule (scoring/copies.ts, base64). No row: no source text was read
 * (a git bundle, or an archive with no text file outside tests/ and node_modules/).
 */
export const TEST_ENTRY_SOURCES_SCHEMA = `
  CREATE TABLE IF NOT EXISTS test_entry_sources (
    entry_id TEXT PRIMARY KEY,
    bounty_id TEXT NOT NULL,
    signature TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS test_entry_sources_by_bounty ON test_entry_sources (bounty_id);
`;

/** A setup's archive as stored: its blob, the name it came with, its size and format. */
export interface TestSetupFile {
  blobId: string;
  name: string;
  size: number;
  format: ArchiveFormat;
}
export type TestSetupFiles = Record<Exclude<TestSetupFileKind, 'dependencies'>, TestSetupFile> & {
  dependencies?: TestSetupFile;
};

export interface ReferenceRunRef {
  testSet: 'public' | 'hidden';
  attempt: number;
  runId: string;
}

/** A bounty's test setup, everything included: for the server's own use only. */
export interface TestSetup {
  bountyId: string;
  runtime: TestRuntime;
  wallSeconds: number;
  memoryMiB: number;
  dailyEntries: number;
  finalEntries: number;
  licence: string;
  files: TestSetupFiles;
  referenceRuns: ReferenceRunRef[];
  referenceStatus: ReferenceProgress['status'];
  /** The bounty's tests as the reference runs reported them (set once they passed). */
  publicTests: Array<{ id: string; name: string }>;
  hiddenTests: Array<{ id: string; name: string }>;
  problems: string[];
  refusedOutput: string | null;
  createdAt: string;
  updatedAt: string;
}

/** An entry's run as this feature keeps it beside the queue's row: judged once it finished. */
export interface TestEntryRun {
  runId: string;
  bountyId: string;
  entryId: string;
  testSet: 'public' | 'hidden';
  canaryName: string;
  judged: boolean;
  verdict: string | null;
  message: string | null;
  passed: number | null;
  total: number | null;
  rows: TestResultView[];
  createdAt: string;
  judgedAt: string | null;
}

interface Tables {
  test_setups: {
    bounty_id: string;
    runtime: string;
    wall_seconds: number;
    memory_mib: number;
    daily_entries: number;
    final_entries: number;
    licence: string;
    files: string;
    reference_runs: string;
    reference_status: string;
    public_tests: string | null;
    hidden_tests: string | null;
    problems: string | null;
    refused_output: string | null;
    created_at: string;
    updated_at: string;
  };
  test_entry_runs: {
    run_id: string;
    bounty_id: string;
    entry_id: string;
    test_set: string;
    canary_name: string;
    judged: number;
    verdict: string | null;
    message: string | null;
    passed: number | null;
    total: number | null;
    rows: string | null;
    created_at: string;
    judged_at: string | null;
  };
  test_hidden_queued: { bounty_id: string; queued_at: string };
  test_entry_sources: { entry_id: string; bounty_id: string; signature: string };
  /** The scored feature's entries (scoredStore.ts): a test-scored entry's status and scores are set here. */
  scored_entries: {
    id: string;
    status: string;
    public_score: number | null;
    private_score: number | null;
    fingerprint: string | null;
    problems: string | null;
    scored_at: string | null;
  };
}

const parseJson = <T>(text: string | null, empty: T): T => (text ? (JSON.parse(text) as T) : empty);

const toSetup = (row: Tables['test_setups']): TestSetup => ({
  bountyId: row.bounty_id,
  runtime: row.runtime as TestRuntime,
  wallSeconds: Number(row.wall_seconds),
  memoryMiB: Number(row.memory_mib),
  dailyEntries: Number(row.daily_entries),
  finalEntries: Number(row.final_entries),
  licence: row.licence,
  files: JSON.parse(row.files) as TestSetupFiles,
  referenceRuns: JSON.parse(row.reference_runs) as ReferenceRunRef[],
  referenceStatus: row.reference_status as ReferenceProgress['status'],
  publicTests: parseJson(row.public_tests, []),
  hiddenTests: parseJson(row.hidden_tests, []),
  problems: parseJson(row.problems, []),
  refusedOutput: row.refused_output,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const toRun = (row: Tables['test_entry_runs']): TestEntryRun => ({
  runId: row.run_id,
  bountyId: row.bounty_id,
  entryId: row.entry_id,
  testSet: row.test_set as TestEntryRun['testSet'],
  canaryName: row.canary_name,
  judged: Number(row.judged) === 1,
  verdict: row.verdict,
  message: row.message,
  passed: row.passed === null ? null : Number(row.passed),
  total: row.total === null ? null : Number(row.total),
  rows: parseJson(row.rows, []),
  createdAt: row.created_at,
  judgedAt: row.judged_at,
});

/** The store; on SQLite `database` is the scored feature's (SCORED_DB_FILE), whose entries it updates. */
export function createTestScoredStore(database: SqliteDatabase | PgPool) {
  const { db } = openStoreDatabase<Tables>(database, TEST_SCORED_SCHEMA + TEST_ENTRY_SOURCES_SCHEMA);

  /** The entries' runs whose `column` holds `value`, newest first. */
  async function runsWhere(column: 'judged' | 'bounty_id', value: number | string): Promise<TestEntryRun[]> {
    const query = db.selectFrom('test_entry_runs').selectAll().orderBy('created_at', 'desc');
    const rows = await (
      column === 'judged'
        ? query.where('judged', '=', value as number)
        : query.where('bounty_id', '=', value as string)
    ).execute();
    return rows.map(toRun);
  }

  return {
    async setup(bountyId: string): Promise<TestSetup | null> {
      const row = await db
        .selectFrom('test_setups')
        .selectAll()
        .where('bounty_id', '=', bountyId)
        .executeTakeFirst();
      return row ? toSetup(row) : null;
    },

    /** Saves (or replaces) a setup, waiting for its reference runs again. */
    async saveSetup(
      setup: Omit<
        TestSetup,
        | 'createdAt'
        | 'updatedAt'
        | 'referenceStatus'
        | 'publicTests'
        | 'hiddenTests'
        | 'problems'
        | 'refusedOutput'
      >,
      at: string,
    ): Promise<void> {
      const values = {
        runtime: setup.runtime,
        wall_seconds: setup.wallSeconds,
        memory_mib: setup.memoryMiB,
        daily_entries: setup.dailyEntries,
        final_entries: setup.finalEntries,
        licence: setup.licence,
        files: JSON.stringify(setup.files),
        reference_runs: JSON.stringify(setup.referenceRuns),
        reference_status: 'waiting',
        public_tests: null,
        hidden_tests: null,
        problems: null,
        refused_output: null,
        updated_at: at,
      };
      await db
        .insertInto('test_setups')
        .values({ bounty_id: setup.bountyId, created_at: at, ...values })
        .onConflict((oc) => oc.column('bounty_id').doUpdateSet(values))
        .execute();
    },

    /** Setups whose reference runs are not yet checked. */
    async waitingSetups(): Promise<TestSetup[]> {
      const rows = await db
        .selectFrom('test_setups')
        .selectAll()
        .where('reference_status', '=', 'waiting')
        .execute();
      return rows.map(toSetup);
    },

    /**
     * Records the reference check of the runs it was made from: false when the setup was replaced
     * meanwhile (other runs) or another instance recorded it first.
     */
    async recordReference(
      bountyId: string,
      referenceRuns: string,
      check:
        | { status: 'passed'; publicTests: TestSetup['publicTests']; hiddenTests: TestSetup['hiddenTests'] }
        | { status: 'refused'; problems: string[]; refusedOutput: string | null },
      at: string,
    ): Promise<boolean> {
      const result = await db
        .updateTable('test_setups')
        .set(
          check.status === 'passed'
            ? {
                reference_status: 'passed',
                public_tests: JSON.stringify(check.publicTests),
                hidden_tests: JSON.stringify(check.hiddenTests),
                updated_at: at,
              }
            : {
                reference_status: 'refused',
                problems: JSON.stringify(check.problems),
                refused_output: check.refusedOutput,
                updated_at: at,
              },
        )
        .where('bounty_id', '=', bountyId)
        .where('reference_status', '=', 'waiting')
        .where('reference_runs', '=', referenceRuns)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async addRun(
      run: Omit<TestEntryRun, 'judged' | 'verdict' | 'message' | 'passed' | 'total' | 'rows' | 'judgedAt'>,
    ) {
      await db
        .insertInto('test_entry_runs')
        .values({
          run_id: run.runId,
          bounty_id: run.bountyId,
          entry_id: run.entryId,
          test_set: run.testSet,
          canary_name: run.canaryName,
          judged: 0,
          verdict: null,
          message: null,
          passed: null,
          total: null,
          rows: null,
          created_at: run.createdAt,
          judged_at: null,
        })
        .execute();
    },

    /** Runs not judged yet, newest first. */
    unjudgedRuns: () => runsWhere('judged', 0),

    /** A bounty's runs, newest first. */
    runsOfBounty: (bountyId: string) => runsWhere('bounty_id', bountyId),

    /**
     * Records a run's judgement and its entry's status and score, once (false when another instance
     * judged it first): a public run sets the public score, a hidden one the private score.
     */
    async recordJudgement(
      run: TestEntryRun,
      judged: {
        verdict: string;
        message: string;
        passed: number;
        total: number;
        rows: TestResultView[];
        /** 'invalid': the site could not run it (the entry goes back to the day); else 'scored'. */
        entryStatus: 'scored' | 'invalid';
      },
      at: string,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('test_entry_runs')
          .set({
            judged: 1,
            verdict: judged.verdict,
            message: judged.message,
            passed: judged.passed,
            total: judged.total,
            rows: JSON.stringify(judged.rows),
            judged_at: at,
          })
          .where('run_id', '=', run.runId)
          .where('judged', '=', 0)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        if (run.testSet === 'public')
          await trx
            .updateTable('scored_entries')
            .set(
              judged.entryStatus === 'scored'
                ? { status: 'scored', public_score: judged.passed, scored_at: at }
                : { status: 'invalid', problems: JSON.stringify([judged.message]), scored_at: at },
            )
            .where('id', '=', run.entryId)
            .execute();
        else
          await trx
            .updateTable('scored_entries')
            .set({ private_score: judged.entryStatus === 'scored' ? judged.passed : 0 })
            .where('id', '=', run.entryId)
            .execute();
        return true;
      });
    },

    /** Marks an entry invalid (its run could not be queued): it does not count against the day. */
    async invalidateEntry(entryId: string, problems: string[], at: string): Promise<void> {
      await db
        .updateTable('scored_entries')
        .set({ status: 'invalid', problems: JSON.stringify(problems), scored_at: at })
        .where('id', '=', entryId)
        .execute();
    },

    /** Sets an entry's fingerprint (its archive's SHA-256) for copy flags. */
    async setFingerprint(entryId: string, fingerprint: string): Promise<void> {
      await db.updateTable('scored_entries').set({ fingerprint }).where('id', '=', entryId).execute();
    },

    /** Keeps an entry's source signature (encoded) for copy flags. */
    async setSourceSignature(entry: { id: string; bountyId: string }, signature: string): Promise<void> {
      await db
        .insertInto('test_entry_sources')
        .values({ entry_id: entry.id, bounty_id: entry.bountyId, signature })
        .onConflict((conflict) => conflict.column('entry_id').doUpdateSet({ signature }))
        .execute();
    },

    /** A bounty's entries' source signatures (encoded), by entry id. */
    async sourceSignatures(bountyId: string): Promise<Map<string, string>> {
      const rows = await db
        .selectFrom('test_entry_sources')
        .select(['entry_id', 'signature'])
        .where('bounty_id', '=', bountyId)
        .execute();
      return new Map(rows.map((row) => [row.entry_id, row.signature]));
    },

    /** Which of these bounties have a passed setup: they are scored, with a board. */
    async passedSetupsAmong(bountyIds: readonly string[]): Promise<Set<string>> {
      if (bountyIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('test_setups')
        .select('bounty_id')
        .where('bounty_id', 'in', [...bountyIds])
        .where('reference_status', '=', 'passed')
        .execute();
      return new Set(rows.map((row) => row.bounty_id));
    },

    /** Bounties with a passed setup, for the hidden runs' look at deadlines. */
    async passedSetupIds(): Promise<string[]> {
      const rows = await db
        .selectFrom('test_setups')
        .leftJoin('test_hidden_queued', 'test_hidden_queued.bounty_id', 'test_setups.bounty_id')
        .select('test_setups.bounty_id')
        .where('reference_status', '=', 'passed')
        .where('test_hidden_queued.bounty_id', 'is', null)
        .execute();
      return rows.map((row) => row.bounty_id);
    },

    /** Claims a bounty's hidden runs, once across instances: true for the one instance that queues them. */
    async claimHiddenRuns(bountyId: string, at: string): Promise<boolean> {
      const result = await db
        .insertInto('test_hidden_queued')
        .values({ bounty_id: bountyId, queued_at: at })
        .onConflict((oc) => oc.column('bounty_id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    async hiddenQueuedAt(bountyId: string): Promise<string | null> {
      const row = await db
        .selectFrom('test_hidden_queued')
        .select('queued_at')
        .where('bounty_id', '=', bountyId)
        .executeTakeFirst();
      return row?.queued_at ?? null;
    },
  };
}

export type TestScoredStore = ReturnType<typeof createTestScoredStore>;
