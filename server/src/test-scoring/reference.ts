import { describeRepeatedTests, repeatedTests, type JUnitTest } from './junit';
import { bountyTestsOf, readRunResults, type BountyTest, type RunLimits, type RunOutcome } from './verdict';

/*
 * The sponsor's reference solution, run three times with the public tests and three times with the
 * hidden ones (no canary), before staff may approve the setup (issue 56 item 3). Every test must pass
 * in every run, and every run must report the same tests: those tests are the bounty's. A test that
 * fails in some runs only is flaky; one that fails in all fails with the reference; either refuses the
 * setup, with the output of the run it failed in.
 */

export const REFERENCE_RUNS = 3;

export type TestSet = 'public' | 'hidden';

/** A reference run's sandbox outcome (a SandboxOutcome is one). */
export interface ReferenceRunOutcome extends RunOutcome {
  /** The run's stdout and stderr tail, shown to the team with a problem. */
  log: string;
}

export interface ReferenceProblem {
  tests: TestSet;
  /** 1-based run number; null for a problem of the set as a whole. */
  run: number | null;
  message: string;
  /** The output of the run the problem was seen in (null for a set-wide problem). */
  log: string | null;
}

export type ReferenceCheck =
  | { ok: true; publicTests: BountyTest[]; hiddenTests: BountyTest[] }
  | { ok: false; problems: ReferenceProblem[] };

const SET_NAME: Record<TestSet, string> = { public: 'public tests', hidden: 'hidden tests' };
const MAX_NAMED = 10;

const quoted = (names: readonly string[]) => {
  const shown = names.slice(0, MAX_NAMED).map((name) => `“${name.slice(0, 120)}”`);
  return names.length > MAX_NAMED
    ? `${shown.join(', ')} and ${names.length - MAX_NAMED} more`
    : shown.join(', ');
};

function checkSet(
  set: TestSet,
  runs: readonly ReferenceRunOutcome[],
  limits: RunLimits,
): { tests: BountyTest[]; problems: ReferenceProblem[] } {
  const label = (run: number) => `Run ${run} of ${runs.length} with the ${SET_NAME[set]}`;
  const problems: ReferenceProblem[] = [];
  const read: { run: number; tests: JUnitTest[]; log: string }[] = [];

  /** Why a run's results cannot name the bounty's tests, or null when they can. */
  const problemOf = (tests: JUnitTest[] | null, message: string | null) => {
    if (message !== null) return message;
    const repeated = repeatedTests(tests ?? []);
    if (repeated.length > 0) return describeRepeatedTests(repeated);
    if ((tests ?? []).length === 0)
      return 'No test was reported. The archive’s tests must be found by the test command.';
    return null;
  };
  runs.forEach((outcome, index) => {
    const run = index + 1;
    if (outcome.status === 'sandbox-failed') {
      const message = `${label(run)} could not run (the site’s own failure); run the reference again.`;
      problems.push({ tests: set, run, message, log: null });
      return;
    }
    const results = readRunResults(outcome, limits);
    const tests = results.ok ? results.tests : null;
    const problem = problemOf(tests, results.ok ? null : results.message);
    if (problem !== null)
      problems.push({ tests: set, run, message: `${label(run)}: ${problem}`, log: outcome.log });
    else if (tests) read.push({ run, tests, log: outcome.log });
  });
  const [first] = read;
  if (problems.length > 0 || !first) return { tests: [], problems };

  // Every run must name the same tests (a test that appears in one run only cannot be scored).
  const firstIds = new Set(first.tests.map((test) => test.id));
  for (const other of read.slice(1)) {
    const ids = new Set(other.tests.map((test) => test.id));
    const added = other.tests.filter((test) => !firstIds.has(test.id));
    const lacking = first.tests.filter((test) => !ids.has(test.id));
    if (added.length === 0 && lacking.length === 0) continue;
    const parts = [
      added.length > 0
        ? `reported ${quoted(bountyTestsOf(added).map((t) => t.name))}, which run ${first.run} did not`
        : '',
      lacking.length > 0
        ? `lacked ${quoted(bountyTestsOf(lacking).map((t) => t.name))}, which run ${first.run} reported`
        : '',
    ].filter(Boolean);
    problems.push({
      tests: set,
      run: other.run,
      message: `${label(other.run)} ${parts.join(' and ')}. Every run must report the same tests.`,
      log: other.log,
    });
  }
  if (problems.length > 0) return { tests: [], problems };

  // Every test must pass in every run: name the failing ones per run, flaky or failing throughout.
  const failedRuns = new Map<string, number>();
  for (const { tests } of read)
    for (const test of tests)
      if (test.outcome !== 'passed') failedRuns.set(test.id, (failedRuns.get(test.id) ?? 0) + 1);
  for (const { run, tests, log } of read) {
    const failing = tests.filter((test) => test.outcome !== 'passed');
    if (failing.length === 0) continue;
    const names = bountyTestsOf(failing).map(({ id, name }) =>
      failedRuns.get(id) === read.length
        ? `“${name}” (failed in every run)`
        : `“${name}” (flaky: it passed in another run)`,
    );
    const described = names.slice(0, MAX_NAMED);
    const more = names.length > MAX_NAMED ? ` and ${names.length - MAX_NAMED} more` : '';
    problems.push({
      tests: set,
      run,
      message: `${label(run)}: ${failing.length === 1 ? 'a test' : `${failing.length} tests`} did not pass with the reference solution: ${described.join(', ')}${more}. Every test must pass in every run.`,
      log,
    });
  }
  return { tests: problems.length > 0 ? [] : bountyTestsOf(first.tests), problems };
}

/** Checks the reference runs of both test sets; their tests become the bounty's when all is well. */
export function checkReferenceRuns(input: {
  public: readonly ReferenceRunOutcome[];
  hidden: readonly ReferenceRunOutcome[];
  limits: RunLimits;
}): ReferenceCheck {
  const publicSet = checkSet('public', input.public, input.limits);
  const hiddenSet = checkSet('hidden', input.hidden, input.limits);
  const problems = [...publicSet.problems, ...hiddenSet.problems];
  for (const [set, runs] of [
    ['public', input.public],
    ['hidden', input.hidden],
  ] as const)
    if (runs.length !== REFERENCE_RUNS)
      problems.unshift({
        tests: set,
        run: null,
        message: `The reference ran ${runs.length} ${runs.length === 1 ? 'time' : 'times'} with the ${SET_NAME[set]}; it must run ${REFERENCE_RUNS} times.`,
        log: null,
      });
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, publicTests: publicSet.tests, hiddenTests: hiddenSet.tests };
}
