import { screen, within } from '@testing-library/react';
import { createQueryClient } from '@side-quest/data';
import { leaderboardKey, type LeaderboardData } from '@side-quest/data/lifecycle';
import { renderPage } from '../testing/render';
import LeaderboardPage from './LeaderboardPage';

const board = (overrides: Partial<LeaderboardData> = {}): LeaderboardData => ({
  bountyId: 'sq-1',
  title: 'Late parcels',
  metric: 'rmse',
  metricLabel: 'RMSE',
  direction: 'lower',
  phase: 'public',
  submissionDeadline: '2026-12-01T00:00:00.000Z',
  publicShare: 30,
  rows: [
    {
      rank: 1,
      entrant: 'ada',
      handle: 'ada',
      score: 3.14159265,
      entries: 2,
      bestEntryAt: '2026-11-20T10:00:00.000Z',
      move: null,
    },
    {
      rank: 2,
      entrant: 'Entrant 2',
      handle: null,
      score: 4.5,
      entries: 1,
      bestEntryAt: '2026-11-21T10:00:00.000Z',
      move: null,
    },
  ],
  baseline: 7.25,
  removed: [],
  demo: false,
  keyPublished: false,
  ...overrides,
});

function show(data: LeaderboardData | null) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(leaderboardKey('sq-1'), data);
  return renderPage(<LeaderboardPage />, {
    route: '/bounty/sq-1/leaderboard',
    path: '/bounty/:id/leaderboard',
    queryClient,
  });
}

describe('LeaderboardPage', () => {
  it('shows the public board: ranks, a profile link for a public handle, the baseline unranked, no move', () => {
    show(board());
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Leaderboard: Late parcels');
    const table = screen.getByRole('table');
    expect(within(table).queryByRole('columnheader', { name: 'Move' })).toBeNull();
    const rows = screen.getAllByTestId('leaderboard-row');
    expect(within(rows[0]!).getByRole('link', { name: 'ada' })).toHaveAttribute('href', '/talent/ada');
    expect(rows[0]).toHaveTextContent('3.1416');
    expect(rows[1]).toHaveTextContent('Entrant 2');
    expect(within(rows[1]!).queryByRole('link')).toBeNull();
    expect(screen.getByTestId('leaderboard-baseline')).toHaveTextContent(
      'Sponsor’s baseline (not ranked)7.25',
    );
    expect(screen.getByTestId('leaderboard-phase')).toHaveTextContent('public 30% of the answers');
    expect(screen.getByText(/RMSE, lower is better,/)).toBeInTheDocument();
  });

  it('shows the revealed board with each move, said in words, and who was removed', () => {
    show(
      board({
        phase: 'private',
        rows: [
          {
            rank: 1,
            entrant: 'Entrant 2',
            handle: null,
            score: 4,
            entries: 1,
            bestEntryAt: '2026-11-21T10:00:00.000Z',
            move: 1,
          },
          {
            rank: 2,
            entrant: 'ada',
            handle: 'ada',
            score: 5,
            entries: 2,
            bestEntryAt: '2026-11-20T10:00:00.000Z',
            move: -1,
          },
        ],
        removed: [{ entrant: 'Entrant 3' }],
        demo: true,
      }),
    );
    expect(screen.getByRole('columnheader', { name: 'Move' })).toBeInTheDocument();
    const moves = screen.getAllByTestId('leaderboard-move');
    expect(moves[0]).toHaveTextContent('▲ 1up 1 place');
    expect(moves[1]).toHaveTextContent('▼ 1down 1 place');
    expect(screen.getByTestId('leaderboard-phase')).toHaveTextContent('this is the final board');
    expect(screen.getByRole('heading', { name: 'Removed from the board' })).toBeInTheDocument();
    expect(screen.getByText('Entrant 3: the sponsor did not accept the submission.')).toBeInTheDocument();
    expect(screen.getByTestId('demo-notice')).toBeInTheDocument();
  });

  it('links to the answer key once the team publishes it after the reveal, and not before', () => {
    const { unmount } = show(board({ phase: 'private' }));
    expect(screen.queryByRole('link', { name: 'download the answer key' })).toBeNull();
    unmount();
    show(board({ phase: 'private', keyPublished: true }));
    expect(screen.getByRole('link', { name: 'download the answer key' })).toHaveAttribute(
      'href',
      '/api/lifecycle/bounties/sq-1/files/key',
    );
  });

  it('says when nothing is scored yet, and is a not-found page for a bounty without a board', () => {
    const { unmount } = show(board({ rows: [] }));
    expect(screen.getByText('No entry has been scored yet.')).toBeInTheDocument();
    expect(screen.getByTestId('leaderboard-baseline')).toHaveTextContent('7.25');
    unmount();
    show(null);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('LEADERBOARD_NOT_FOUND');
  });

  it('ranks a test-scored board by tests passed and, after the deadline, counts the hidden runs done', () => {
    const tests = {
      metric: 'tests_passed',
      metricLabel: 'Tests passed',
      direction: 'higher' as const,
      publicShare: 0,
      baseline: null,
      rows: [
        {
          rank: 1,
          entrant: 'ada',
          handle: 'ada',
          score: 12,
          entries: 3,
          bestEntryAt: '2026-11-20T10:00:00.000Z',
          move: null,
        },
      ],
    };
    const { unmount } = show(board(tests));
    expect(screen.getByRole('columnheader', { name: 'Tests passed' })).toBeInTheDocument();
    expect(screen.getAllByTestId('leaderboard-row')[0]).toHaveTextContent('12');
    expect(screen.getByTestId('leaderboard-phase')).toHaveTextContent('by the public tests passed');
    expect(screen.queryByText(/% of the answers/)).toBeNull();
    expect(screen.queryByTestId('hidden-runs')).toBeNull();
    unmount();
    show(board({ ...tests, hiddenRuns: { done: 3, total: 8 } }));
    expect(screen.getByTestId('hidden-runs')).toHaveTextContent('3 of 8 hidden runs done');
  });
});
