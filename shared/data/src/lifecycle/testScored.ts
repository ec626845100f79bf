import { LIFECYCLE_PAGES } from './pages';
import type { TestRuntime } from './testRuntime';

/*
 * Test-scored software bounties (issue 56) as the pages see them: a second kind of scoring on the scored
 * bounties' entries, limits, boards and review. The sponsor's tests run on every entry in a sandbox: the
 * public tests as each entry arrives, the hidden tests on each entrant's final entries after the
 * submission deadline. The server decides what each person gets: an entrant's data never holds anything
 * of a run that saw hidden tests before the reveal (no count, status, log or time), and hidden tests and
 * the reference solution go to the team only.
 */

export type { TestRuntime };

export const TEST_RUNTIME_LABELS: Record<TestRuntime, string> = {
  node20: 'Node.js 20 (node --test)',
  'python3-pytest': 'Python 3 with pytest',
};

/** The setup's numbers: limits per run, and the upload sizes. */
export const TEST_SETUP_LIMITS = {
  wallSeconds: { min: 10, max: 600, default: 120 },
  memoryMiB: { min: 256, max: 2048, default: 1024 },
  /** An entry's archive (ZIP, tar.gz or git bundle). */
  entryMaxBytes: 50 * 1024 * 1024,
  /** Unpacked, for every archive; and the dependencies layer. */
  unpackedMaxBytes: 200 * 1024 * 1024,
  archiveMaxFiles: 20_000,
} as const;

/** The files of a test-scored setup. Public tests are downloaded by entrants; the rest are the team's alone. */
export type TestSetupFileKind = 'publicTests' | 'hiddenTests' | 'dependencies' | 'reference';
export const TEST_SETUP_FILE_LABELS: Record<TestSetupFileKind, string> = {
  publicTests: 'Public tests',
  hiddenTests: 'Hidden tests',
  dependencies: 'Dependencies (vendored node_modules or a wheelhouse)',
  reference: 'Reference solution',
};

/** One test's result as its reader may see it: its name, outcome, time and the first 4 KB of its failure. */
export interface TestResultView {
  id: string;
  name: string;
  /** 'missing': the entry's results lack this test of the reference; it counts as failed. */
  outcome: 'passed' | 'failed' | 'error' | 'skipped' | 'todo' | 'missing';
  timeSeconds: number | null;
  failureExcerpt: string | null;
}

export type TestRunState = 'queued' | 'running' | 'done' | 'could-not-run';

/** A run as the entrant (public runs only) or the team (every run, with its log) reads it. */
export interface TestRunView {
  id: string;
  testSet: 'public' | 'hidden';
  state: TestRunState;
  /** Null until done; 'scored' or why it scores nothing (test-scoring's VerdictKind). */
  verdict: string | null;
  /** The verdict in a sentence the reader can act on (null while it waits). */
  message: string | null;
  passed: number | null;
  total: number | null;
  results: TestResultView[];
  /** The log's tail: the team always; the entrant for a public run that scored nothing. */
  logTail: string | null;
  finishedAt: string | null;
}

/** What anyone who may see a test-scored setup sees: no hidden tests, no reference, no blob ids. */
export interface PublicTestSetup {
  kind: 'tests';
  runtime: TestRuntime;
  /** The test command, as the sandbox runs it (argv joined by spaces). */
  command: string;
  resultsPath: string;
  wallSeconds: number;
  memoryMiB: number;
  dailyEntries: number;
  finalEntries: number;
  /** The public tests as entrants download them, and how many tests they hold. */
  publicTests: { name: string; size: number; count: number };
  hasDependencies: boolean;
  licence: string;
}

/** The reference solution's runs (three with public, three with hidden tests): the team's setup shows them. */
export interface ReferenceProgress {
  runs: Array<{ testSet: 'public' | 'hidden'; attempt: number; state: TestRunState; verdict: string | null }>;
  /** 'waiting' until all six are done; 'passed' lets staff approve; 'refused' names the failing or flaky tests. */
  status: 'waiting' | 'passed' | 'refused';
  problems: string[];
  /** The output of the run that refused the setup (its log tail). */
  refusedOutput: string | null;
}

/**
 * Test-scored bounties' paths (besides SCORED_PAGES, whose team data, entries, entry form and finals form
 * serve both kinds): the setup form the team posts (multipart: runtime, wallSeconds, memoryMiB,
 * dailyEntries, finalEntries, licence and the files publicTests, hiddenTests, dependencies, reference),
 * and the setup's files (public tests: any signed-in person; the rest: the team only).
 */
export const TEST_SCORED_PAGES = {
  setupForm: (slug: string, id: string) => `${LIFECYCLE_PAGES.console(slug, id)}/scoring/tests`,
  file: (id: string, kind: TestSetupFileKind) =>
    `/api/lifecycle/bounties/${encodeURIComponent(id)}/files/${kind}`,
} as const;

/** The pseudo-metric a test-scored bounty's boards rank by (higher is better). */
export const TESTS_PASSED_METRIC = {
  name: 'tests_passed',
  label: 'Tests passed',
  better: 'higher is better',
  input: 'an archive of the solution',
} as const;

export type TestSetupFieldName =
  'runtime' | 'wallSeconds' | 'memoryMiB' | 'dailyEntries' | 'finalEntries' | 'licence';
export type TestSetupValues = Record<TestSetupFieldName, string>;

/** The team's view of a test-scored setup: the public part, the team's files, and the reference's progress. */
export interface TeamTestSetup extends PublicTestSetup {
  files: Partial<Record<TestSetupFileKind, { name: string; size: number }>>;
  reference: ReferenceProgress;
  /** The bounty's tests as the reference runs reported them (empty until they passed). */
  publicTestCount: number;
  hiddenTestCount: number;
}

/**
 * What TeamScoringData (SCORED_PAGES.teamData) adds for a test-scored bounty, as `tests`: absent for an
 * answer-key bounty; with a null setup where the team may still attach one (the form needs liveRuntimes).
 */
export interface TeamTestScoringData {
  /** Null while none is attached: the draft's console still offers the form, with liveRuntimes. */
  setup: TeamTestSetup | null;
  /** The runtimes some live runner offers now (the setup form offers only these). */
  liveRuntimes: TestRuntime[];
  /** Every run of every entry, with its log (the team's alone), newest first. */
  runs: Array<TestRunView & { entryId: string; submissionId: string }>;
  /** Hidden runs after the deadline: how many are done (or could not run) of how many. */
  hiddenRuns: { done: number; total: number };
  /** Shown on the console: tests cannot prove an entry honest. */
  honestyNote: string;
}

/**
 * What EntriesPageData (SCORED_PAGES.entries) adds for a test-scored bounty: the public setup as `tests`
 * and, per entry in `testRuns` (keyed by entry id), its public run with per-test results. Never a hidden
 * run before the reveal.
 */
export interface EntrantTestData {
  setup: PublicTestSetup;
  publicRuns: Record<string, TestRunView>;
}

/** What the board's data adds for a test-scored bounty: how many hidden runs are done, for the reveal's wait. */
export interface HiddenRunsProgress {
  done: number;
  total: number;
}

/** The test-scored setup form sent back with a problem: what was typed, the message, each problem. */
export interface TestSetupFormReturn {
  values: TestSetupValues;
  message: string;
  problems: string[];
}
export const TEST_SETUP_FORM_RETURN_KEY = ['lifecycle', 'test-setup-form'] as const;
