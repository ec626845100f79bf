import { checkCanary } from './canary';
import {
  describeRepeatedTests,
  displayName,
  readJUnit,
  repeatedTests,
  type JUnitTest,
  type TestOutcome,
} from './junit';

/*
 * An entry's run, judged (issue 56 item 4). A run scores only when the sandbox ran the tests to their
 * end and their results are readable, agree with the exit code and carry a failed canary. Everything
 * else scores nothing, with a sentence the entrant can act on, and counts against the day as a wrong
 * answer does, except the site's own failure ('sandbox-failed'), which the runner retries.
 */

/** The sandbox's statuses (server/src/sandbox's SandboxStatus, restated so this module stands alone). */
export type RunStatus =
  | 'completed'
  | 'timed-out'
  | 'out-of-memory'
  | 'output-overflow'
  | 'harness-altered'
  | 'archive-refused'
  | 'sandbox-failed';

/** What the verdict reads of a SandboxOutcome (a SandboxOutcome is one). */
export interface RunOutcome {
  status: RunStatus;
  exitCode: number | null;
  signal: string | null;
  results: Buffer | null;
  resultsProblem: string | null;
  archiveProblems: string[];
}

/** The limits the run had, for the messages ("ran out of time (120 s)"). */
export interface RunLimits {
  wallMs: number;
  memoryBytes: number;
}

/** A test of the bounty: its id and name as the reference runs reported them. */
export interface BountyTest {
  id: string;
  name: string;
}

export interface TestRow {
  id: string;
  name: string;
  /** 'missing': the entry's results do not name this test of the reference (it counts as failed). */
  outcome: TestOutcome | 'missing';
  timeSeconds: number | null;
  failureExcerpt: string | null;
}

export type VerdictKind =
  | 'scored'
  | 'timed-out'
  | 'out-of-memory'
  | 'output-overflow'
  | 'harness-altered'
  | 'archive-refused'
  | 'no-results'
  | 'unreadable-results'
  | 'exit-code-contradicts-results'
  | 'repeated-tests'
  | 'sandbox-failed';

export interface Verdict {
  kind: VerdictKind;
  /** Tests passed of the bounty's tests; 0 unless scored. */
  passed: number;
  total: number;
  /** One row per bounty test in the bounty's order when scored; otherwise empty. */
  rows: TestRow[];
  /** A sentence for the entrant (and the team). */
  message: string;
  /** False only for the site's own failure, which is retried and never used up a try. */
  countsAgainstDay: boolean;
}

const MIB = 1024 * 1024;

/** "1 GiB", "512 MiB": the memory limit as people read it. */
export function formatMemory(bytes: number): string {
  if (bytes >= 1024 * MIB && bytes % (1024 * MIB) === 0) return `${bytes / (1024 * MIB)} GiB`;
  return `${Math.round(bytes / MIB)} MiB`;
}

/** A run that read no usable results, as its kind and sentence; null when the tests ran to their end. */
export function unfinishedRun(
  outcome: RunOutcome,
  limits: RunLimits,
): { kind: VerdictKind; message: string } | null {
  switch (outcome.status) {
    case 'completed':
      return null;
    case 'sandbox-failed':
      return {
        kind: 'sandbox-failed',
        message:
          'The site could not run the tests (its own failure). The run will be tried again; it does not count against the day.',
      };
    case 'timed-out':
      return {
        kind: 'timed-out',
        message: `The tests ran out of time (${Math.round(limits.wallMs / 1000)} s).`,
      };
    case 'out-of-memory':
      return {
        kind: 'out-of-memory',
        message: `The tests ran out of memory (${formatMemory(limits.memoryBytes)}).`,
      };
    case 'output-overflow':
      return {
        kind: 'output-overflow',
        message: 'The tests printed more than 16 MiB of output, so the run was stopped.',
      };
    case 'harness-altered':
      return {
        kind: 'harness-altered',
        message: `The test harness was altered${outcome.resultsProblem ? ` (${outcome.resultsProblem})` : ''}, so the run scores nothing.`,
      };
    case 'archive-refused': {
      const problems = outcome.archiveProblems.length > 0 ? ` ${outcome.archiveProblems.join(' ')}` : '';
      return { kind: 'archive-refused', message: `The entry’s archive was refused; nothing ran.${problems}` };
    }
  }
}

export type RunResults = { ok: true; tests: JUnitTest[] } | { ok: false; kind: VerdictKind; message: string };

/**
 * The rows of a run that ran to its end, or why there are none to trust: no results, results that are
 * not JUnit, or an exit code that contradicts them (zero beside a failure, nonzero beside all passes).
 * The rows still hold any canary; the exit code is compared with them all, so with a canary that
 * failed, a run that exits 0 contradicts itself.
 */
export function readRunResults(outcome: RunOutcome, limits: RunLimits): RunResults {
  const unfinished = unfinishedRun(outcome, limits);
  if (unfinished) return { ok: false, ...unfinished };
  if (outcome.results === null)
    return {
      ok: false,
      kind: 'no-results',
      message: `The tests left no results to read (${outcome.resultsProblem ?? 'no results file was written'}).`,
    };
  const report = readJUnit(outcome.results);
  if (!report.ok) return { ok: false, kind: 'unreadable-results', message: report.problem };
  const tests = report.tests;
  const notPassed = tests.filter((test) => test.outcome !== 'passed').length;
  const exit =
    outcome.exitCode === null
      ? `was stopped by ${outcome.signal ?? 'a signal'}`
      : `exited with code ${outcome.exitCode}`;
  if (outcome.exitCode === 0 && notPassed > 0)
    return {
      ok: false,
      kind: 'exit-code-contradicts-results',
      message: `The test command exited with code 0, yet its results report ${notPassed} ${notPassed === 1 ? 'test' : 'tests'} not passing; results that contradict the exit code are not trusted.`,
    };
  if (outcome.exitCode !== 0 && tests.length > 0 && notPassed === 0)
    return {
      ok: false,
      kind: 'exit-code-contradicts-results',
      message: `The test command ${exit}, yet its results say every test passed; results that contradict the exit code are not trusted.`,
    };
  return { ok: true, tests };
}

const noScore = (kind: VerdictKind, message: string, total: number): Verdict => ({
  kind,
  passed: 0,
  total,
  rows: [],
  message,
  countsAgainstDay: kind !== 'sandbox-failed',
});

/**
 * Judges an entry's run against the bounty's tests (those of the matching reference runs, public or
 * hidden). `canaryName` is the name the runner gave this run's canary.
 */
export function judgeRun(input: {
  tests: readonly BountyTest[];
  outcome: RunOutcome;
  limits: RunLimits;
  canaryName: string;
}): Verdict {
  const total = input.tests.length;
  const results = readRunResults(input.outcome, input.limits);
  if (!results.ok) return noScore(results.kind, results.message, total);

  const canary = checkCanary(results.tests, input.canaryName);
  const altered =
    'The test harness was altered: a check the runner adds to every run, which must fail, passed. The run scores nothing.';
  if (canary.canaryPassed) return noScore('harness-altered', altered, total);
  const repeated = repeatedTests(canary.tests);
  if (repeated.length > 0)
    return noScore('repeated-tests', `${describeRepeatedTests(repeated)} The entry is invalid.`, total);

  const reported = new Map(canary.tests.map((test) => [test.id, test]));
  const rows: TestRow[] = input.tests.map((test) => {
    const found = reported.get(test.id);
    return found
      ? {
          id: test.id,
          name: test.name,
          outcome: found.outcome,
          timeSeconds: found.timeSeconds,
          failureExcerpt: found.failureExcerpt,
        }
      : { id: test.id, name: test.name, outcome: 'missing', timeSeconds: null, failureExcerpt: null };
  });
  const passed = rows.filter((row) => row.outcome === 'passed').length;
  // Without a canary row, a run that passed everything did not run the canary: its results came from elsewhere.
  if (canary.canaryRows === 0 && total > 0 && passed === total)
    return noScore('harness-altered', altered, total);
  return {
    kind: 'scored',
    passed,
    total,
    rows,
    message: `${passed} of ${total} ${total === 1 ? 'test' : 'tests'} passed.`,
    countsAgainstDay: true,
  };
}

/** The bounty's tests as a reference run reports them: its rows' ids with the names people read. */
export function bountyTestsOf(tests: readonly JUnitTest[]): BountyTest[] {
  return tests.map((test) => ({ id: test.id, name: displayName(test) }));
}
