import { screen, within } from '@testing-library/react';
import { PUBLIC_TEST_SETUP } from '@side-quest/data/testing';
import {
  TEST_SETUP_FORM_RETURN_KEY,
  type TeamScoringData,
  type TeamTestScoringData,
  type TeamTestSetup,
  type TestSetupFormReturn,
} from '@side-quest/data/lifecycle';
import { ScoringPanel } from './ConsoleScoring';
import { TestScoringPanel } from './ConsoleTestScoring';
import { renderWithProviders } from '../testing/renderPage';
import { scoringQueries } from './scoringTesting';

const HONESTY =
  'Tests cannot prove an entry honest: an entry can be written to pass these tests without solving the task. Read a winner’s code before announcing.';

const setup: TeamTestSetup = {
  ...PUBLIC_TEST_SETUP,
  publicTests: { name: 'public-tests.zip', size: 2048, count: 4 },
  files: {
    publicTests: { name: 'public-tests.zip', size: 2048 },
    hiddenTests: { name: 'hidden-tests.zip', size: 4096 },
    reference: { name: 'reference.tar.gz', size: 1024 },
  },
  reference: {
    status: 'passed',
    problems: [],
    refusedOutput: null,
    runs: [1, 2, 3].flatMap((attempt) =>
      (['public', 'hidden'] as const).map((testSet) => ({
        testSet,
        attempt,
        state: 'done' as const,
        verdict: 'scored',
      })),
    ),
  },
  publicTestCount: 4,
  hiddenTestCount: 9,
};

const tests: TeamTestScoringData = {
  setup,
  liveRuntimes: ['node20'],
  runs: [
    {
      id: 'run-2',
      entryId: 'e2',
      submissionId: 's1',
      testSet: 'public',
      state: 'done',
      verdict: 'scored',
      message: 'Scored: 3 of 4 public tests passed.',
      passed: 3,
      total: 4,
      results: [
        {
          id: 'slugify > keeps digits',
          name: 'keeps digits',
          outcome: 'passed',
          timeSeconds: 0.004,
          failureExcerpt: null,
        },
        {
          id: 'slugify > folds accents',
          name: 'folds accents',
          outcome: 'failed',
          timeSeconds: 0.012,
          failureExcerpt: "AssertionError: 'creme-brulee' !== 'crème-brûlée'",
        },
      ],
      logTail: 'TAP version 13\n# Subtest: slugify\nnot ok 2 - folds accents\n# tests 4\n# pass 3',
      finishedAt: '2026-12-01T10:01:00.000Z',
    },
  ],
  hiddenRuns: { done: 0, total: 0 },
  honestyNote: HONESTY,
};

const base: TeamScoringData = {
  bountyId: 'sq-1',
  state: 'open',
  editable: false,
  mayEdit: true,
  setup: null,
  entries: [
    {
      id: 'e2',
      submissionId: 's1',
      authorId: 'u1',
      fileName: 'slugify-v2.zip',
      status: 'scored',
      publicScore: 3,
      privateScore: null,
      createdAt: '2026-12-01T10:00:00.000Z',
    },
  ],
  reviews: [],
  finalBoard: null,
  keyPublishedAt: null,
  mayPublishKey: false,
  tests,
};

function renderPanels(data: TeamScoringData, returned?: TestSetupFormReturn) {
  return renderWithProviders(
    <>
      <ScoringPanel slug="acme" bountyId="sq-1" />
      <TestScoringPanel slug="acme" bountyId="sq-1" />
    </>,
    { queries: scoringQueries(data, returned && [TEST_SETUP_FORM_RETURN_KEY, returned]) },
  );
}

describe('TestScoringPanel', () => {
  it('shows the team the honesty note, the setup, the test counts and each run with its tests and log', () => {
    const { container } = renderPanels(base);
    expect(screen.getByTestId('honesty-note').textContent).toBe(HONESTY);
    expect(screen.getByText(/4 public and 9 hidden tests/)).toBeTruthy();
    expect(screen.getByText(setup.command)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download hidden-tests.zip' }).getAttribute('href')).toBe(
      '/api/lifecycle/bounties/sq-1/files/hiddenTests',
    );
    expect(screen.getByRole('status').textContent).toBe('The reference solution passed all 6 runs.');

    const run = screen.getByRole('heading', { name: 'slugify-v2.zip, public tests' }).closest('li')!;
    expect(within(run).getByText('3 of 4 tests passed')).toBeTruthy();
    const [failed, passed] = within(within(run).getByRole('list', { name: 'Tests' })).getAllByRole(
      'listitem',
    );
    // The failed test first, with the start of its failure; the passing one after.
    expect(failed?.textContent).toMatch(/^folds accents: Failed, 12 ms/);
    expect(within(failed!).getByLabelText('Failure of folds accents').textContent).toContain(
      'AssertionError',
    );
    expect(passed?.textContent).toBe('keeps digits: Passed, 4 ms');
    const log = within(run).getByLabelText('Log of slugify-v2.zip, public tests');
    expect(log.closest('details')?.querySelector('summary')?.textContent).toBe('Log');
    expect(log.textContent).toContain('not ok 2 - folds accents');
    expect(log.getAttribute('tabindex')).toBe('0');
    // Frozen after approval: no form, and no answer-key panel beside it.
    expect(container.querySelector('form')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Scoring' })).toBeNull();
  });

  it('names a refused reference’s problems and shows the refusing run’s output', () => {
    const refused: TeamTestScoringData = {
      ...tests,
      runs: [],
      setup: {
        ...setup,
        reference: {
          ...setup.reference,
          status: 'refused',
          problems: ['The test “folds accents” failed in run 2 with the hidden tests: it is flaky.'],
          refusedOutput: 'not ok 2 - folds accents\n  ---\n  error: timing out',
        },
      },
    };
    renderPanels({ ...base, tests: refused });
    expect(screen.getByRole('status').textContent).toBe('The reference solution’s runs refused the setup.');
    expect(screen.getByRole('list', { name: 'Why the setup was refused' }).textContent).toContain('flaky');
    expect(screen.getByLabelText('Output of the refusing run').textContent).toContain('error: timing out');
  });

  it('offers a draft the multipart form with only the live runtimes, described hints and limits', () => {
    const { container } = renderPanels(
      { ...base, state: 'draft', editable: true, entries: [], tests: { ...tests, setup: null, runs: [] } },
      {
        values: {
          runtime: 'node20',
          wallSeconds: '700',
          memoryMiB: '512',
          dailyEntries: '3',
          finalEntries: '1',
          licence: 'Typed',
        },
        message: 'The test setup has problems. Nothing was saved.',
        problems: ['Enter a time limit between 10 and 600 seconds.'],
      },
    );
    const form = container.querySelector('form[action="/sponsor/acme/bounties/sq-1/scoring/tests"]');
    expect(form?.getAttribute('enctype')).toBe('multipart/form-data');
    expect(screen.getByRole('alert').textContent).toContain('between 10 and 600 seconds');
    const runtime = screen.getByLabelText('Runtime') as HTMLSelectElement;
    expect([...runtime.options].map((option) => option.value)).toEqual(['node20']);
    const wall = screen.getByLabelText('Time limit per run (seconds)') as HTMLInputElement;
    expect(wall.value).toBe('700');
    expect(screen.getByText('10–600 seconds; 120 by default.').id).toBe(
      wall.getAttribute('aria-describedby'),
    );
    const hidden = screen.getByLabelText('Hidden tests') as HTMLInputElement;
    expect(hidden.accept).toContain('.tar.gz');
    expect(hidden.required).toBe(true);
    expect((screen.getByLabelText(/Dependencies/) as HTMLInputElement).required).toBe(false);
    expect(screen.getByRole('button', { name: 'Save test setup' })).toBeTruthy();
  });

  it('disables the form with a sentence when no live runner can run tests', () => {
    renderPanels({
      ...base,
      state: 'draft',
      editable: true,
      entries: [],
      tests: { ...tests, setup: null, runs: [], liveRuntimes: [] },
    });
    expect(screen.getByRole('status').textContent).toMatch(/No runner can run tests right now/);
    expect((screen.getByLabelText('Runtime') as HTMLSelectElement).value).toBe('');
    expect(screen.getByRole('form', { name: 'Attach tests' })).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Save test setup' }) as HTMLButtonElement).closest('fieldset')
        ?.disabled,
    ).toBe(true);
  });

  it('says how many hidden runs are done after the deadline', () => {
    renderPanels({ ...base, tests: { ...tests, hiddenRuns: { done: 2, total: 5 } } });
    expect(screen.getByText(/2 of 5 hidden runs done/)).toBeTruthy();
  });
});
