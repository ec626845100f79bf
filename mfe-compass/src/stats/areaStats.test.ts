import { makeBounty } from '../testing/makeBounty';
import { computeAreaStats } from './areaStats';

const NOW = new Date('2026-11-21T12:00:00.000Z');

describe('computeAreaStats', () => {
  it('returns nothing for an empty list', () => {
    expect(computeAreaStats([], NOW)).toEqual([]);
  });

  it('ignores empty and blank areas', () => {
    expect(
      computeAreaStats([makeBounty({ bounty_area: '' }), makeBounty({ bounty_area: '   ' })], NOW),
    ).toEqual([]);
  });

  it('counts bounties, recent bounties, rewards and the average in thousands per area', () => {
    const stats = computeAreaStats(
      [
        makeBounty({ bounty_area: 'AI/ML', reward_amount: 5000, created_at: '2026-11-01T00:00:00.000Z' }),
        makeBounty({ bounty_area: 'AI/ML', reward_amount: 2600, created_at: '2026-01-01T00:00:00.000Z' }),
        makeBounty({ bounty_area: 'Software', reward_amount: 0, created_at: null }),
      ],
      NOW,
    );
    expect(stats).toEqual([
      {
        name: 'AI/ML',
        count: 2,
        recentCount: 1,
        totalReward: 7600,
        avgPay: 4, // 3.8K
        lastSeenDate: new Date('2026-11-01T00:00:00.000Z'),
      },
      { name: 'Software', count: 1, recentCount: 1, totalReward: 0, avgPay: 0, lastSeenDate: NOW },
    ]);
  });

  it('treats the instant exactly one month back as recent and the millisecond before as not', () => {
    const [area] = computeAreaStats(
      [
        makeBounty({ bounty_area: 'Engineering', created_at: '2026-10-21T12:00:00.000Z' }),
        makeBounty({ bounty_area: 'Engineering', created_at: '2026-10-21T11:59:59.999Z' }),
      ],
      NOW,
    );
    expect(area).toMatchObject({ count: 2, recentCount: 1 });
  });

  it('compares areas exactly after trimming, as the domain filter does', () => {
    const stats = computeAreaStats(
      [
        makeBounty({ bounty_area: 'Software' }),
        makeBounty({ bounty_area: ' Software ' }),
        makeBounty({ bounty_area: 'software' }),
      ],
      NOW,
    );
    expect(stats.map((area) => [area.name, area.count])).toEqual([
      ['Software', 2],
      ['software', 1],
    ]);
  });
});
