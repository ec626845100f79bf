import type { ReferenceProgress, TestResultView, TestRunView } from './testScored';

/*
 * How the pages word a test-scored bounty's runs (issue 56 items 3-5): one set of sentences for the
 * entrant's entries panel, the team's console and the board, so both sides say the same thing.
 */

/** Whether a run still waits for a runner or is running (the pages refresh until none does). */
export const runWaiting = (run: Pick<TestRunView, 'state'>) =>
  run.state === 'queued' || run.state === 'running';

/** A run in one line: where it is, or what it scored, or why it scored nothing. */
export function testRunSummary(run: TestRunView): string {
  if (run.state === 'queued') return 'Waiting for a runner…';
  if (run.state === 'running') return 'Running the tests…';
  if (run.state === 'could-not-run')
    return run.message ?? 'Could not run for the site’s own reasons; it does not count against the day.';
  if (run.verdict === 'scored' && run.passed !== null && run.total !== null)
    return `${run.passed} of ${run.total} tests passed`;
  return run.message ?? 'Scored nothing.';
}

const OUTCOME_LABELS: Record<TestResultView['outcome'], string> = {
  passed: 'Passed',
  failed: 'Failed',
  error: 'Error',
  skipped: 'Skipped (counts as failed)',
  todo: 'Todo (counts as failed)',
  missing: 'Not reported (counts as failed)',
};
export const testOutcomeLabel = (outcome: TestResultView['outcome']) => OUTCOME_LABELS[outcome];

/** A test's result in a line: "folds accents: Failed, 12 ms"; the time left out when the results gave none. */
export function testResultLine(result: TestResultView): string {
  const time = testTimeText(result.timeSeconds);
  return `${result.name}: ${testOutcomeLabel(result.outcome)}${time ? `, ${time}` : ''}`;
}

/** A test's time as people read it: "12 ms", "1.4 s"; null when the results gave none. */
export function testTimeText(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return null;
  if (seconds < 1) return `${Math.round(seconds * 1000)} ms`;
  return `${Number(seconds.toFixed(1))} s`;
}

/** A run's tests with those that did not pass first, each group in the order the run gave. */
export function failedFirst(results: readonly TestResultView[]): TestResultView[] {
  return [
    ...results.filter((result) => result.outcome !== 'passed'),
    ...results.filter((result) => result.outcome === 'passed'),
  ];
}

/** A reference run's state in a word or two: "Waiting for a runner", "Running", "Done", "Done: timed out". */
export function referenceRunState(run: ReferenceProgress['runs'][number]): string {
  if (run.state === 'queued') return 'Waiting for a runner';
  if (run.state === 'running') return 'Running';
  if (run.state === 'could-not-run') return 'Could not run';
  return run.verdict && run.verdict !== 'scored' ? `Done: ${run.verdict.replace(/-/g, ' ')}` : 'Done';
}

/** The reference's runs in one line: how many of them are done, and with which test set. */
export function referenceProgressText(progress: ReferenceProgress): string {
  const done = progress.runs.filter((run) => !runWaiting(run)).length;
  const of = progress.runs.length;
  if (progress.status === 'passed') return `The reference solution passed all ${of} runs.`;
  if (progress.status === 'refused') return 'The reference solution’s runs refused the setup.';
  return `${done} of ${of} reference runs done; staff approval waits for all of them.`;
}

/** The reveal's wait, as the board and the console say it. */
export const hiddenRunsText = ({ done, total }: { done: number; total: number }) =>
  `${done} of ${total} hidden ${total === 1 ? 'run' : 'runs'} done`;
