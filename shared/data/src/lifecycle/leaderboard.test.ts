import { LEADERBOARD_PAGES, moveLabel } from './leaderboard';

describe('moveLabel', () => {
  it('shows a move as an arrow and says it in words', () => {
    expect(moveLabel({ move: 2 })).toEqual({ text: '▲ 2', spoken: 'up 2 places' });
    expect(moveLabel({ move: -1 })).toEqual({ text: '▼ 1', spoken: 'down 1 place' });
    expect(moveLabel({ move: 0 })).toEqual({ text: '—', spoken: 'no change' });
    expect(moveLabel({ move: null })).toEqual({ text: 'new', spoken: 'not on the public board' });
  });
});

describe('LEADERBOARD_PAGES', () => {
  it('encodes the bounty id in every address', () => {
    expect(LEADERBOARD_PAGES.page('a b')).toBe('/bounty/a%20b/leaderboard');
    expect(LEADERBOARD_PAGES.api('x/y')).toBe('/api/v1/bounties/x%2Fy/leaderboard');
    expect(LEADERBOARD_PAGES.csv('s-1')).toBe('/api/lifecycle/bounties/s-1/leaderboard.csv');
  });
});
