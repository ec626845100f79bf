import type { TrustRecord } from '@side-quest/data/trust';
import { sponsorFigures } from './sponsorFigures';

const record = (overrides: Partial<TrustRecord> = {}): TrustRecord => ({
  posted: { count: 3, bountyIds: ['a', 'b', 'c'] },
  announced: { count: 2, bountyIds: ['a', 'b'] },
  cancelled: [{ id: 'c', title: 'C', reason: 'Budget cut.', afterSubmissions: true }],
  closedWithoutWinner: [],
  completion: { completed: 2, ended: 3, bountyIds: ['a', 'b', 'c'] },
  money: { announced: 3000, paid: 1500, paidShare: 0.5, bountyIds: ['a', 'b'] },
  winners: { count: 2, paid: 1, bountyIds: ['a', 'b'] },
  announcing: { medianDays: 4.5, onTime: 1, due: 2, bountyIds: ['a', 'b'] },
  paying: { medianDays: 6, onTime: 1, due: 2, bountyIds: ['a'] },
  overdue: [],
  outOfOrderWinners: [],
  hasHistory: true,
  demo: false,
  ...overrides,
});

const valueOf = (figures: ReturnType<typeof sponsorFigures>, id: string) =>
  figures.find((figure) => figure.id === id)?.value;

describe('sponsorFigures', () => {
  it('says each figure with its share and its bounties', () => {
    const figures = sponsorFigures(record());
    expect(valueOf(figures, 'announced')).toBe('2 bounties · 2 of 3 that received submissions and ended');
    expect(valueOf(figures, 'cancelled')).toBe('1 (1 after submissions)');
    expect(valueOf(figures, 'money')).toBe('$1,500 of $3,000 announced (50%)');
    expect(valueOf(figures, 'announcing')).toBe('5 days · 1 of 2 by the judging deadline (50%)');
    expect(valueOf(figures, 'paying')).toBe('6 days · 1 of 2 payments by the due date (50%)');
    expect(figures.find((figure) => figure.id === 'paying')?.bountyIds).toEqual(['a']);
  });

  it('counts judging past its deadline against a sponsor that announced nothing yet', () => {
    const figures = sponsorFigures(
      record({ announcing: { medianDays: null, onTime: 0, due: 1, bountyIds: ['d'] } }),
    );
    expect(valueOf(figures, 'announcing')).toBe(
      'No winners announced yet · 0 of 1 by the judging deadline (0%)',
    );
  });

  it('makes up no figure where nothing was measured', () => {
    const figures = sponsorFigures(
      record({
        announced: { count: 0, bountyIds: [] },
        cancelled: [],
        completion: { completed: 0, ended: 0, bountyIds: [] },
        money: { announced: 0, paid: 0, paidShare: null, bountyIds: [] },
        announcing: { medianDays: null, onTime: 0, due: 0, bountyIds: [] },
        paying: { medianDays: null, onTime: 0, due: 0, bountyIds: [] },
      }),
    );
    expect(valueOf(figures, 'cancelled')).toBe('None');
    expect(valueOf(figures, 'money')).toBe('No prize money announced yet');
    expect(valueOf(figures, 'announcing')).toBe('No winners announced yet');
    expect(valueOf(figures, 'paying')).toBe('No confirmed payment yet');
  });
});
