import { finalBoardOrder, outOfOrderReasonProblem, slotsOutOfBoardOrder } from './finalBoard';
import type { BoardEntry } from './leaderboard';

let sequence = 0;
function entry(authorId: string, minute: number, publicScore: number, privateScore: number): BoardEntry {
  sequence += 1;
  return {
    id: `e${String(sequence).padStart(3, '0')}`,
    authorId,
    status: 'scored',
    publicScore,
    privateScore,
    chosenFinal: false,
    createdAt: new Date(Date.UTC(2026, 10, 1, 10, minute)).toISOString(),
  };
}

describe('slotsOutOfBoardOrder', () => {
  const board = ['ana', 'ben', 'cy', 'dee'];

  it('asks nothing when each slot goes to the k-th entrant of the board', () => {
    expect(slotsOutOfBoardOrder(board, new Set(board), ['ana', 'ben'])).toEqual([]);
  });

  it('names each slot whose winner is not the k-th entrant', () => {
    expect(slotsOutOfBoardOrder(board, new Set(board), ['ben', 'ana'])).toEqual([0, 1]);
    expect(slotsOutOfBoardOrder(board, new Set(board), ['ana', 'cy'])).toEqual([1]);
  });

  it('counts only eligible entrants: the board read without those who may not win', () => {
    // ben was marked spam: cy is the 2nd eligible entrant.
    const eligible = new Set(['ana', 'cy', 'dee']);
    expect(slotsOutOfBoardOrder(board, eligible, ['ana', 'cy'])).toEqual([]);
    expect(slotsOutOfBoardOrder(board, eligible, ['ana', 'dee'])).toEqual([1]);
  });

  it('an empty slot needs nothing; a later slot then is compared with its own rank', () => {
    expect(slotsOutOfBoardOrder(board, new Set(board), [null, 'ben'])).toEqual([]);
    expect(slotsOutOfBoardOrder(board, new Set(board), [null, 'ana'])).toEqual([1]);
  });

  it('a winner off the board (no scored entry) or beyond its length is out of order', () => {
    expect(slotsOutOfBoardOrder(['ana'], new Set(['ana', 'eve']), ['eve'])).toEqual([0]);
    expect(slotsOutOfBoardOrder(['ana'], new Set(['ana', 'eve']), ['ana', 'eve'])).toEqual([1]);
  });
});

describe('finalBoardOrder', () => {
  it("ranks by the best private score of each entrant's final entries, not the public board", () => {
    const entries = [
      entry('ana', 1, 0.9, 0.6),
      entry('ben', 2, 0.8, 0.85),
      entry('cy', 3, 0.7, 0.7),
      entry('ana', 4, 0.5, 0.99), // ana's worse public entry: not among her 1 final entry
    ];
    const submissions = ['ana', 'ben', 'cy'].map((authorId) => ({ authorId, state: 'submitted' }));
    expect(finalBoardOrder({ metric: 'accuracy', finalCount: 1, entries, submissions })).toEqual([
      'ben',
      'cy',
      'ana',
    ]);
    // With two final entries ana's private 0.99 counts.
    expect(finalBoardOrder({ metric: 'accuracy', finalCount: 2, entries, submissions })[0]).toBe('ana');
  });

  it('follows the metric direction and leaves withdrawn and rejected submissions off', () => {
    const entries = [entry('ana', 1, 0.2, 0.2), entry('ben', 2, 0.1, 0.1), entry('cy', 3, 0.05, 0.05)];
    const submissions = [
      { authorId: 'ana', state: 'submitted' },
      { authorId: 'ben', state: 'submitted' },
      { authorId: 'cy', state: 'withdrawn' },
    ];
    expect(finalBoardOrder({ metric: 'rmse', finalCount: 2, entries, submissions })).toEqual(['ben', 'ana']);
  });

  it('is empty for a metric it does not know', () => {
    expect(
      finalBoardOrder({
        metric: 'nope',
        finalCount: 1,
        entries: [entry('ana', 1, 1, 1)],
        submissions: [{ authorId: 'ana', state: 'submitted' }],
      }),
    ).toEqual([]);
  });
});

describe('outOfOrderReasonProblem', () => {
  it('asks a reason of 10 to 1,000 characters, naming the prize and the rank', () => {
    expect(outOfOrderReasonProblem(1, '  ')).toBe(
      'Prize 2 goes to someone other than the 2nd eligible entrant of the final leaderboard: give a public reason of at least 10 characters.',
    );
    expect(outOfOrderReasonProblem(0, 'too short')).toMatch(/^Prize 1 goes to someone other than the 1st/);
    expect(outOfOrderReasonProblem(2, 'x'.repeat(1001))).toBe(
      'Keep the public reason for prize 3 to 1,000 characters.',
    );
    expect(outOfOrderReasonProblem(0, 'The top entry used a leaked column.')).toBeNull();
  });
});
