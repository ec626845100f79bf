import { makeBounty } from '../testing/makeBounty';
import { computeCompassStats } from './compassStats';

const NOW = new Date('2026-11-21T12:00:00.000Z');

describe('computeCompassStats', () => {
  it('is empty for no bounties', () => {
    expect(computeCompassStats([], NOW)).toEqual({
      topSkills: [],
      trendingAreas: [],
      highestPayingSkills: [],
    });
  });

  it('computes the three lists of the page from one bounty list', () => {
    const bounties = [
      makeBounty({
        skill_tags: ['React', 'TypeScript'],
        bounty_area: 'Software',
        reward_amount: 4000,
        created_at: '2026-11-10T00:00:00.000Z',
      }),
      makeBounty({
        skill_tags: ['react', 'Node.js'],
        bounty_area: 'Software',
        reward_amount: 2000,
        created_at: '2026-01-10T00:00:00.000Z',
      }),
      makeBounty({
        skill_tags: ['Python', 'react'],
        bounty_area: 'AI/ML',
        reward_amount: 9000,
        created_at: null,
      }),
      makeBounty({
        skill_tags: ['Python'],
        bounty_area: 'AI/ML',
        reward_amount: 7000,
        created_at: '2026-11-01T00:00:00.000Z',
      }),
      makeBounty({ skill_tags: ['CAD'], bounty_area: 'Engineering', created_at: '2025-05-01T00:00:00.000Z' }),
    ];
    const stats = computeCompassStats(bounties, NOW);

    expect(stats.topSkills.map((skill) => [skill.displayName, skill.count, skill.demandScore])).toEqual([
      ['react', 3, 100],
      ['Python', 2, 67],
      // Equal counts: TypeScript's mention is recent, then CAD before Node.js by name.
      ['TypeScript', 1, 33],
      ['CAD', 1, 33],
      ['Node.js', 1, 33],
    ]);
    expect(stats.trendingAreas.map((area) => [area.name, area.recentCount])).toEqual([
      ['AI/ML', 2],
      ['Software', 1],
    ]);
    expect(stats.highestPayingSkills.map((skill) => [skill.displayName, skill.avgPay])).toEqual([
      ['Python', 8],
      ['react', 5],
    ]);
  });
});
