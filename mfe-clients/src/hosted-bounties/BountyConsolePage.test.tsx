import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@side-quest/data/query';
import { ThemeProvider } from 'styled-components';
import { Route, Routes, theme } from '@side-quest/design';
import { MemoryRouter } from '@side-quest/design/memory-router';
import { createQueryClient } from '@side-quest/data';
import {
  CONSOLE_FORM_RETURN_KEY,
  consoleKey,
  teamScoringKey,
  type ConsoleData,
  type ConsoleFormReturn,
  type TeamScoringData,
  type TeamTestScoringData,
} from '@side-quest/data/lifecycle';
import { PUBLIC_TEST_SETUP } from '@side-quest/data/testing';
import BountyConsolePage from './BountyConsolePage';

const DAY = 24 * 60 * 60 * 1000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();

function consoleAs(role: ConsoleData['role'], overrides: Partial<ConsoleData['bounty']> = {}): ConsoleData {
  const admin = role !== 'member';
  return {
    organisation: { slug: 'acme', name: 'Acme' },
    role,
    may: { review: true, award: admin, pay: admin, cancel: admin, publish: admin },
    bounty: {
      id: 'sq-1',
      title: 'Make the importer resumable',
      state: 'open',
      stage: 'judging',
      stateReason: null,
      criteria: ['Resumes after a crash', 'Keeps the order'],
      prizes: [1500, 500],
      payoutMethods: ['wise'],
      submissionDeadline: at(-2),
      judgingDeadline: at(12),
      announcedAt: null,
      paymentDueDays: 14,
      demo: false,
      overdue: null,
      ...overrides,
    },
    submissions: [
      {
        id: 'sub-a',
        handle: 'ada',
        name: 'Ada',
        state: 'submitted',
        label: 'shortlisted',
        scores: [5, 4],
        total: 9,
        notes: 'Clean.',
        rejectionReason: null,
        links: { repository: 'https://git.example/ada' },
        writeUpHtml: '<p>A <strong>checkpoint</strong> table.</p>',
        answers: ['Kill -9 test', 'Ordered'],
        createdAt: at(-5),
        updatedAt: at(-5),
      },
    ],
    winners: [],
    audit: admin ? [{ at: at(-5), actor: 'ada', action: 'submitted', summary: 'submitted a solution' }] : [],
  };
}

function renderConsole(
  data: ConsoleData | null,
  returned?: ConsoleFormReturn,
  scoring?: TeamScoringData,
  url = '/sponsor/acme/bounties/sq-1',
) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(consoleKey('acme', 'sq-1'), data);
  if (returned) queryClient.setQueryData(CONSOLE_FORM_RETURN_KEY, returned);
  if (scoring) queryClient.setQueryData(teamScoringKey('acme', 'sq-1'), scoring);
  return render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/sponsor/:slug/bounties/:id" element={<BountyConsolePage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

describe('BountyConsolePage', () => {
  it('gives an admin the review, rejection, announcement and ending forms, and the history', () => {
    renderConsole(consoleAs('admin'));
    const card = screen.getByTestId('console-submission');
    expect(within(card).getByText('checkpoint').tagName).toBe('STRONG');
    expect(within(card).getByLabelText('Score: Resumes after a crash')).toHaveValue(5);
    expect(within(card).getByRole('button', { name: 'Reject submission' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Announce winners' })).toBeInTheDocument();
    expect(screen.getByLabelText('Prize 1: $1,500')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'End without winners' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'History' })).toBeInTheDocument();
  });

  it('lets a member review only: no rejection, announcement, ending or history', () => {
    renderConsole(consoleAs('member'));
    expect(screen.getByRole('button', { name: 'Save review' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject submission' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Announce winners' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'End the bounty' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'History' })).toBeNull();
  });

  it('shows a returned form’s problem under that form, with what was typed', () => {
    renderConsole(consoleAs('admin'), {
      form: 'reject',
      target: 'sub-a',
      values: { submission: 'sub-a', reason: 'no' },
      error: 'Give a reason the submitter will read of at least 10 characters.',
    });
    const card = screen.getByTestId('console-submission');
    expect(within(card).getByRole('alert')).toHaveTextContent('Give a reason the submitter will read');
    expect(within(card).getByLabelText('Reason for rejecting (the submitter reads it)')).toHaveValue('no');
  });

  it('shows the overdue clock, and a 404 view to someone with no part in the bounty', () => {
    const { unmount } = renderConsole(
      consoleAs('owner', { overdue: { kind: 'judging', days: 3, since: at(-3) } }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Judging overdue by 3 days');
    unmount();
    renderConsole(null);
    expect(screen.getByRole('heading', { name: 'Bounty not found' })).toBeInTheDocument();
  });

  describe('on a scored bounty', () => {
    const scored = (): ConsoleData => {
      const data = consoleAs('admin');
      const ada = data.submissions[0]!;
      data.submissions.push({ ...ada, id: 'sub-b', handle: 'bob', name: 'Bob', total: 3, createdAt: at(-4) });
      return data;
    };
    const scoring: TeamScoringData = {
      bountyId: 'sq-1',
      state: 'open',
      editable: false,
      mayEdit: true,
      setup: {
        metric: 'roc_auc',
        publicShare: 30,
        dailyEntries: 5,
        finalEntries: 2,
        keyRows: 40,
        keyName: 'key.csv',
        keySize: 400,
        files: { inputs: { name: 'inputs.csv', size: 100 } },
        licence: 'CC BY 4.0',
      },
      entries: [],
      reviews: [
        {
          submissionId: 'sub-a',
          publicScore: 0.71,
          privateScore: 0.6,
          copiedEntries: [],
          writeUpCopyOf: null,
        },
        {
          submissionId: 'sub-b',
          publicScore: 0.7,
          privateScore: 0.93,
          copiedEntries: [{ entryId: 'e9', entryAt: at(-3), submissionId: 'sub-a', at: at(-4) }],
          writeUpCopyOf: { submissionId: 'sub-a', at: at(-5), similarity: 0.91 },
        },
      ],
      finalBoard: ['sub-b', 'sub-a'],
      keyPublishedAt: null,
      mayPublishKey: true,
    };
    const names = () =>
      screen
        .getAllByTestId('console-submission')
        .map((card) => within(card).getByRole('heading').textContent);

    it('shows each submission’s public and private score, and copy flags with whose work', () => {
      renderConsole(scored(), undefined, scoring);
      const [ada, bob] = screen.getAllByTestId('console-submission');
      expect(ada).toHaveTextContent('Public score 0.71 · private score 0.6');
      expect(within(ada!).queryByTestId('copy-flag')).toBeNull();
      const flag = within(bob!).getByTestId('copy-flag');
      expect(flag).toHaveTextContent('Possible copy');
      expect(flag).toHaveTextContent('has the same predictions as ada’s entry of');
      expect(flag).toHaveTextContent('near-identical (91% alike) to ada’s, sent');
    });

    it('words a test-scored bounty’s flags: the same archive, and source files near-identical', () => {
      const tests: TeamTestScoringData = {
        setup: {
          ...PUBLIC_TEST_SETUP,
          files: {},
          reference: { runs: [], status: 'passed', problems: [], refusedOutput: null },
          publicTestCount: 3,
          hiddenTestCount: 2,
        },
        liveRuntimes: ['node20'],
        runs: [],
        hiddenRuns: { done: 0, total: 0 },
        honestyNote: 'Tests cannot prove an entry honest.',
      };
      const [ada, bob] = scoring.reviews;
      const source = { entryId: 'e10', entryAt: at(-2), submissionId: 'sub-a', at: at(-4), similarity: 0.93 };
      renderConsole(scored(), undefined, {
        ...scoring,
        setup: null,
        tests,
        reviews: [
          { ...ada!, publicScore: 3, privateScore: 2, copiedSources: [] },
          { ...bob!, writeUpCopyOf: null, copiedSources: [source] },
        ],
      });
      const [adaCard, bobCard] = screen.getAllByTestId('console-submission');
      // The scores are tests passed, and the team may sort by them.
      expect(adaCard).toHaveTextContent('Public tests passed 3 · hidden tests passed 2');
      expect(screen.getByRole('link', { name: 'Private score' })).toBeInTheDocument();
      const flag = within(bobCard!).getByTestId('copy-flag');
      expect(flag).toHaveTextContent('is the same archive as ada’s entry of');
      expect(flag).toHaveTextContent('has source files near-identical (93% alike) to ada’s entry of');
      expect(flag).not.toHaveTextContent('predictions');
    });

    it('sorts by public or private score with plain links, the total by default', () => {
      const { unmount } = renderConsole(scored(), undefined, scoring);
      expect(names()[0]).toMatch(/^ada/);
      expect(screen.getByRole('link', { name: 'Private score' })).toHaveAttribute(
        'href',
        '/sponsor/acme/bounties/sq-1?sort=private#submissions-heading',
      );
      unmount();
      renderConsole(scored(), undefined, scoring, '/sponsor/acme/bounties/sq-1?sort=private');
      expect(names()[0]).toMatch(/^bob/);
      expect(screen.getByText('Private score')).toHaveAttribute('aria-current', 'true');
    });

    it('asks for a public reason per prize, naming the final leaderboard’s eligible entrant', () => {
      renderConsole(
        scored(),
        {
          form: 'announce',
          target: null,
          values: { winners: ['sub-a', ''], reasons: ['Typed reason', ''] },
          error:
            'Prize 1 goes to someone other than the 1st eligible entrant of the final leaderboard: give a public reason of at least 10 characters.',
        },
        scoring,
      );
      const reason = screen.getByLabelText(
        'Public reason, if prize 1 does not go to the 1st eligible entrant of the final leaderboard',
      );
      expect(reason).toHaveValue('Typed reason');
      expect(reason).toHaveAccessibleDescription(/The 1st eligible entrant of the final leaderboard: bob\./);
      expect(
        screen.getByLabelText(
          'Public reason, if prize 2 does not go to the 2nd eligible entrant of the final leaderboard',
        ),
      ).toHaveAccessibleDescription(/2nd eligible entrant of the final leaderboard: ada\./);
      expect(screen.getByText(/Prize 1 goes to someone other than the 1st/)).toBeInTheDocument();
    });

    it('offers the owners to publish the answer key once submissions are closed, and says when it was', () => {
      const { unmount } = renderConsole(scored(), undefined, scoring);
      expect(screen.getByRole('button', { name: 'Publish the answer key' }).closest('form')).toHaveAttribute(
        'action',
        '/sponsor/acme/bounties/sq-1/scoring/publish-key',
      );
      unmount();
      renderConsole(scored(), undefined, { ...scoring, mayPublishKey: false, keyPublishedAt: at(-1) });
      expect(screen.queryByRole('button', { name: 'Publish the answer key' })).toBeNull();
      expect(screen.getByText(/The answer key is public since/)).toBeInTheDocument();
    });

    it('asks no reason on a bounty that is not scored', () => {
      renderConsole(consoleAs('admin'));
      expect(screen.queryByLabelText(/Public reason, if prize 1/)).toBeNull();
    });
  });
});
