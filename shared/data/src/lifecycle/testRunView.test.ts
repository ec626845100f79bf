import type { ReferenceProgress, TestResultView, TestRunView } from './testScored';
import {
  failedFirst,
  hiddenRunsText,
  referenceProgressText,
  referenceRunState,
  runWaiting,
  testResultLine,
  testOutcomeLabel,
  testRunSummary,
  testTimeText,
} from './testRunView';

const run = (part: Partial<TestRunView>): TestRunView => ({
  id: 'r1',
  testSet: 'public',
  state: 'done',
  verdict: 'scored',
  message: null,
  passed: 3,
  total: 4,
  results: [],
  logTail: null,
  finishedAt: '2026-12-01T10:00:00.000Z',
  ...part,
});

const result = (name: string, outcome: TestResultView['outcome']): TestResultView => ({
  id: name,
  name,
  outcome,
  timeSeconds: 0.01,
  failureExcerpt: null,
});

describe('testRunSummary', () => {
  it('says where a waiting run is', () => {
    expect(testRunSummary(run({ state: 'queued', verdict: null }))).toBe('Waiting for a runner…');
    expect(testRunSummary(run({ state: 'running', verdict: null }))).toBe('Running the tests…');
  });
  it('counts the passes of a scored run', () => {
    expect(testRunSummary(run({}))).toBe('3 of 4 tests passed');
  });
  it('gives the verdict’s sentence for a run that scored nothing, never a count', () => {
    const timedOut = run({ verdict: 'timed-out', message: 'Ran out of time (120 s).', passed: 2 });
    expect(testRunSummary(timedOut)).toBe('Ran out of time (120 s).');
    expect(testRunSummary(run({ state: 'could-not-run', verdict: null, message: null }))).toMatch(
      /does not count against the day/,
    );
  });
});

describe('run helpers', () => {
  it('orders failed tests first, keeping the run’s order within each group', () => {
    const ordered = failedFirst([
      result('a', 'passed'),
      result('b', 'failed'),
      result('c', 'passed'),
      result('d', 'skipped'),
    ]);
    expect(ordered.map((test) => test.name)).toEqual(['b', 'd', 'a', 'c']);
  });
  it('words outcomes, times and waiting', () => {
    expect(testOutcomeLabel('todo')).toBe('Todo (counts as failed)');
    expect(testTimeText(0.0123)).toBe('12 ms');
    expect(testTimeText(1.44)).toBe('1.4 s');
    expect(testTimeText(null)).toBeNull();
    expect(testResultLine({ ...result('folds accents', 'failed'), timeSeconds: 0.012 })).toBe(
      'folds accents: Failed, 12 ms',
    );
    expect(testResultLine({ ...result('trims', 'skipped'), timeSeconds: null })).toBe(
      'trims: Skipped (counts as failed)',
    );
    expect(runWaiting({ state: 'running' })).toBe(true);
    expect(runWaiting({ state: 'could-not-run' })).toBe(false);
  });
  it('counts the reference’s runs done and the hidden runs', () => {
    const progress: ReferenceProgress = {
      status: 'waiting',
      problems: [],
      refusedOutput: null,
      runs: [
        { testSet: 'public', attempt: 1, state: 'done', verdict: 'scored' },
        { testSet: 'public', attempt: 2, state: 'running', verdict: null },
        { testSet: 'hidden', attempt: 1, state: 'queued', verdict: null },
      ],
    };
    expect(referenceProgressText(progress)).toBe(
      '1 of 3 reference runs done; staff approval waits for all of them.',
    );
    expect(progress.runs.map(referenceRunState)).toEqual(['Done', 'Running', 'Waiting for a runner']);
    expect(referenceRunState({ testSet: 'hidden', attempt: 3, state: 'done', verdict: 'timed-out' })).toBe(
      'Done: timed out',
    );
    expect(hiddenRunsText({ done: 2, total: 5 })).toBe('2 of 5 hidden runs done');
    expect(hiddenRunsText({ done: 0, total: 1 })).toBe('0 of 1 hidden run done');
  });
});
