import { screen, within } from '@testing-library/react';
import { PUBLIC_TEST_SETUP } from '@side-quest/data/testing';
import {
  SCORED_PAGES,
  type EntriesPageData,
  type EntrantTestData,
  type OwnEntryView,
  type TestRunView,
} from '@side-quest/data/lifecycle';
import { entriesPage, renderEntriesPanel } from './entriesPanelTesting';

// The entrant's entries panel on a test-scored bounty (issue 56 item 4): an archive form, the public
// tests to download, and per entry its public run; nothing of a hidden run.

const entry = (id: string, fileName: string, createdAt: string): OwnEntryView => ({
  id,
  fileName,
  status: 'scored',
  publicScore: null,
  problems: [],
  final: false,
  createdAt,
  scoredAt: createdAt,
});

const failing: TestRunView = {
  id: 'run-1',
  testSet: 'public',
  state: 'done',
  verdict: 'scored',
  message: 'Scored: 2 of 3 public tests passed.',
  passed: 2,
  total: 3,
  results: [
    {
      id: 'slugify > lowercases',
      name: 'lowercases',
      outcome: 'passed',
      timeSeconds: 0.003,
      failureExcerpt: null,
    },
    {
      id: 'slugify > folds accents',
      name: 'folds accents',
      outcome: 'failed',
      timeSeconds: 0.021,
      failureExcerpt: "AssertionError [ERR_ASSERTION]: 'crème' !== 'creme'",
    },
    {
      id: 'slugify > trims dashes',
      name: 'trims dashes',
      outcome: 'passed',
      timeSeconds: 0.002,
      failureExcerpt: null,
    },
  ],
  logTail: null,
  finishedAt: '2026-12-01T10:00:09.000Z',
};

const passing: TestRunView = {
  ...failing,
  id: 'run-2',
  message: 'Scored: 3 of 3 public tests passed.',
  passed: 3,
  results: failing.results.map((result) => ({ ...result, outcome: 'passed', failureExcerpt: null })),
  finishedAt: '2026-12-01T11:00:08.000Z',
};

const tests: EntrantTestData = {
  setup: { ...PUBLIC_TEST_SETUP },
  publicRuns: { e1: failing, e2: passing },
};

const page = (overrides: Partial<EntriesPageData> = {}): EntriesPageData =>
  entriesPage({
    title: 'A slugify library',
    setup: {
      ...entriesPage().setup,
      metric: 'tests_passed',
      metricName: 'tests_passed',
      publicShare: 0,
      keyRows: 0,
      files: {},
      licence: 'MIT',
    },
    submissionDeadline: '2026-12-05T00:00:00.000Z',
    entries: [
      entry('e1', 'slugify-v1.zip', '2026-12-01T10:00:00.000Z'),
      entry('e2', 'slugify-v2.tar.gz', '2026-12-01T11:00:00.000Z'),
    ],
    tests,
    ...overrides,
  });

describe('EntriesPanel on a test-scored bounty', () => {
  it('takes an archive by a plain multipart form, with its hint, and links to the public tests', () => {
    const { container } = renderEntriesPanel(page());
    const form = container.querySelector(`form[action="${SCORED_PAGES.entryForm('sq-1')}"]`);
    expect(form?.getAttribute('enctype')).toBe('multipart/form-data');
    const input = screen.getByLabelText('Entry (ZIP, tar.gz or git bundle)') as HTMLInputElement;
    expect(input.accept.split(',')).toEqual(expect.arrayContaining(['.zip', '.tar.gz', '.tgz', '.bundle']));
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(
      /up to 50 MB/,
    );
    expect(screen.getByRole('link', { name: /Download the public tests/ }).getAttribute('href')).toBe(
      '/api/lifecycle/bounties/sq-1/files/publicTests',
    );
    expect(screen.getByText(tests.setup.command)).toBeTruthy();
  });

  it('shows each entry’s public run: the failing one with its failure first, the passing one', () => {
    renderEntriesPanel(page());
    const failed = screen.getByRole('list', { name: 'Public tests of slugify-v1.zip' });
    const rows = within(failed).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent?.split(',')[0])).toEqual([
      'folds accents: Failed',
      'lowercases: Passed',
      'trims dashes: Passed',
    ]);
    expect(screen.getByLabelText('Failure of folds accents').textContent).toContain('ERR_ASSERTION');
    expect(screen.getByText('2 of 3 tests passed')).toBeTruthy();
    const passed = screen.getByRole('list', { name: 'Public tests of slugify-v2.tar.gz' });
    expect(within(passed).getAllByText(/Passed/)).toHaveLength(3);
    expect(screen.getByText('3 of 3 tests passed')).toBeTruthy();
  });

  it('shows nothing of a hidden run and links to no file but the public tests', () => {
    const hidden: TestRunView = { ...passing, id: 'run-h', testSet: 'hidden', passed: 7, total: 9 };
    const { container } = renderEntriesPanel(
      page({ tests: { ...tests, publicRuns: { e1: failing, e2: hidden } } }),
    );
    expect(screen.queryByText(/7 of 9/)).toBeNull();
    expect(screen.queryByRole('list', { name: 'Public tests of slugify-v2.tar.gz' })).toBeNull();
    const files = [...container.querySelectorAll('a[href*="/files/"]')].map((link) =>
      link.getAttribute('href'),
    );
    expect(files).toEqual(['/api/lifecycle/bounties/sq-1/files/publicTests']);
  });

  it('refreshes while a run waits, and shows a run that scored nothing with its log', () => {
    const timedOut: TestRunView = {
      ...failing,
      verdict: 'timed-out',
      message: 'Ran out of time (120 s): it scores nothing and counts against the day.',
      passed: null,
      total: null,
      results: [],
      logTail: '# Subtest: slugify\n(still running when the time ran out)',
    };
    const queued: TestRunView = { ...failing, state: 'queued', verdict: null, message: null, results: [] };
    const { container } = renderEntriesPanel(
      page({ tests: { ...tests, publicRuns: { e1: timedOut, e2: queued } } }),
    );
    expect(container.querySelector('noscript')?.innerHTML).toContain('http-equiv="refresh"');
    expect(screen.getByText('Waiting for a runner…')).toBeTruthy();
    expect(screen.getByText(/Ran out of time/)).toBeTruthy();
    expect(screen.getByLabelText('Log of slugify-v1.zip').textContent).toContain('time ran out');
  });
});
