import { ordinal, parseScores, reasonProblem, totalScore, validateWinners } from './review';

describe('review rules', () => {
  it('reads one 0–5 score per criterion, empty as not scored', () => {
    expect(parseScores(['5', '', '0'], 3)).toEqual({ ok: true, value: [5, null, 0] });
    expect(parseScores(['6'], 1)).toEqual({ ok: false, error: 'Each score is a whole number from 0 to 5.' });
    expect(parseScores(['2.5'], 1).ok).toBe(false);
    expect(parseScores(['1', '1'], 1).ok).toBe(false);
    expect(totalScore([5, null, 3])).toBe(8);
  });

  it('wants a reason someone can read', () => {
    expect(reasonProblem('no', 'a reason')).toBe('Give a reason of at least 10 characters.');
    expect(reasonProblem('Does not build on a clean machine.', 'a reason')).toBeNull();
  });

  it('assigns each winner one slot from the eligible submissions', () => {
    const eligible = new Set(['a', 'b']);
    expect(validateWinners(['a', ''], 2, eligible)).toEqual({ ok: true, value: ['a', null] });
    expect(validateWinners(['a', 'a'], 2, eligible)).toEqual({
      ok: false,
      error: 'A submission can win one prize slot only.',
    });
    expect(validateWinners(['', ''], 2, eligible).ok).toBe(false);
    expect(validateWinners(['c'], 2, eligible).ok).toBe(false);
    expect(validateWinners(['a', 'b', 'a'], 2, eligible).ok).toBe(false);
  });
});

describe('ordinal', () => {
  it('says 1st, 2nd, 3rd, 4th, 11th to 13th, 21st, 112th', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 112].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '112th',
    ]);
  });
});
