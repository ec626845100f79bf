import { render, screen, within } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { theme } from '@side-quest/design';
import type { TestRunView } from '@side-quest/data/lifecycle';
import { TestRun } from './TestRun';

const run: TestRunView = {
  id: 'run-1',
  testSet: 'public',
  state: 'done',
  verdict: 'scored',
  message: 'Scored: 1 of 2 public tests passed.',
  passed: 1,
  total: 2,
  results: [
    { id: 's > a', name: 'keeps digits', outcome: 'passed', timeSeconds: 0.004, failureExcerpt: null },
    { id: 's > b', name: 'folds accents', outcome: 'failed', timeSeconds: 0.012, failureExcerpt: 'boom' },
  ],
  logTail: 'not ok 2 - folds accents',
  finishedAt: '2026-12-01T10:01:00.000Z',
};

const renderRun = (view: TestRunView) =>
  render(
    <ThemeProvider theme={theme}>
      <TestRun
        run={view}
        testsLabel="Tests of e.zip"
        logLabel="Log of e.zip"
        heading={<h4>e.zip</h4>}
        summaryTail=" — done"
      />
    </ThemeProvider>,
  );

describe('TestRun', () => {
  it('shows the heading, the summary, the failed tests first with their failure, and the log', () => {
    renderRun(run);
    expect(screen.getByRole('heading', { name: 'e.zip' })).toBeTruthy();
    const summary = screen.getByText('1 of 2 tests passed').parentElement;
    expect(summary?.textContent).toBe('1 of 2 tests passed — done');
    const items = within(screen.getByRole('list', { name: 'Tests of e.zip' })).getAllByRole('listitem');
    expect(items.map((item) => item.firstChild?.textContent)).toEqual([
      'folds accents: Failed, 12 ms',
      'keeps digits: Passed, 4 ms',
    ]);
    expect(screen.getByLabelText('Failure of folds accents').textContent).toBe('boom');
    expect(screen.getByLabelText('Log of e.zip').textContent).toBe('not ok 2 - folds accents');
  });

  it('draws no test list and no log while the run waits', () => {
    renderRun({ ...run, state: 'queued', verdict: null, results: [], logTail: null });
    expect(screen.getByText('Waiting for a runner…')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByText('Log')).toBeNull();
  });
});
