import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@side-quest/data/query';
import { ThemeProvider } from 'styled-components';
import { MemoryRouter, Route, Routes, theme } from '@side-quest/design';
import { createQueryClient } from '@side-quest/data';
import {
  CONSOLE_FORM_RETURN_KEY,
  consoleKey,
  type ConsoleData,
  type ConsoleFormReturn,
} from '@side-quest/data/lifecycle';
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

function renderConsole(data: ConsoleData | null, returned?: ConsoleFormReturn) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(consoleKey('acme', 'sq-1'), data);
  if (returned) queryClient.setQueryData(CONSOLE_FORM_RETURN_KEY, returned);
  return render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/sponsor/acme/bounties/sq-1']}>
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
});
