import { makeBounty } from '../testing/makeBounty';
import { computeSkillStats, type SkillStat } from './skillStats';

const NOW = new Date('2026-11-21T12:00:00.000Z');
const ONE_MONTH_AGO = '2026-10-21T12:00:00.000Z';
const LONG_AGO = '2025-01-01T00:00:00.000Z';

function skill(stats: SkillStat[], name: string): SkillStat {
  const found = stats.find((entry) => entry.name === name);
  if (!found) throw new Error(`no skill ${name} in ${stats.map((entry) => entry.name).join(', ')}`);
  return found;
}

describe('computeSkillStats', () => {
  it('returns nothing for an empty list or bounties without tags', () => {
    expect(computeSkillStats([], NOW)).toEqual([]);
    expect(computeSkillStats([makeBounty({ skill_tags: [] }), makeBounty()], NOW)).toEqual([]);
  });

  it('merges case variants into one skill whose id and name are the lower-cased tag', () => {
    const stats = computeSkillStats(
      [
        makeBounty({ skill_tags: ['React'] }),
        makeBounty({ skill_tags: ['react'] }),
        makeBounty({ skill_tags: ['REACT', 'Go'] }),
      ],
      NOW,
    );
    expect(stats.map((entry) => entry.name)).toEqual(['react', 'go']);
    expect(skill(stats, 'react')).toMatchObject({ id: 'react', name: 'react', count: 3, bountyCount: 3 });
  });

  it('ignores empty and blank tags and trims the rest', () => {
    const stats = computeSkillStats([makeBounty({ skill_tags: ['', '   ', '  Rust  '] })], NOW);
    expect(stats).toHaveLength(1);
    expect(stats[0]).toMatchObject({ name: 'rust', displayName: 'Rust', count: 1 });
  });

  describe('displayName', () => {
    it('is the most used spelling', () => {
      const stats = computeSkillStats(
        [
          makeBounty({ skill_tags: ['typescript'] }),
          makeBounty({ skill_tags: ['TypeScript'] }),
          makeBounty({ skill_tags: ['TypeScript'] }),
        ],
        NOW,
      );
      expect(skill(stats, 'typescript').displayName).toBe('TypeScript');
    });

    it('goes to the spelling seen first when spellings are used equally often', () => {
      const stats = computeSkillStats(
        [
          makeBounty({ skill_tags: ['node.js'] }),
          makeBounty({ skill_tags: ['Node.js'] }),
          makeBounty({ skill_tags: ['Node.JS'] }),
          makeBounty({ skill_tags: ['Node.js'] }),
          makeBounty({ skill_tags: ['node.js'] }),
        ],
        NOW,
      );
      // node.js 2, Node.js 2, Node.JS 1: node.js was seen first.
      expect(skill(stats, 'node.js').displayName).toBe('node.js');
    });
  });

  describe('count versus bountyCount', () => {
    it('counts every mention in count but each bounty once in bountyCount and totalReward', () => {
      const stats = computeSkillStats(
        [
          makeBounty({ skill_tags: ['Python', 'python'], reward_amount: 3000 }),
          makeBounty({ skill_tags: ['Python'], reward_amount: 1000 }),
        ],
        NOW,
      );
      expect(skill(stats, 'python')).toMatchObject({
        count: 3,
        bountyCount: 2,
        totalReward: 4000,
        avgPay: 2,
      });
    });
  });

  describe('recentCount', () => {
    it('counts mentions on bounties created within the last month, the boundary instant included', () => {
      const justTooOld = new Date(Date.parse(ONE_MONTH_AGO) - 1).toISOString();
      const stats = computeSkillStats(
        [
          makeBounty({ skill_tags: ['SQL'], created_at: ONE_MONTH_AGO }),
          makeBounty({ skill_tags: ['SQL'], created_at: justTooOld }),
          makeBounty({ skill_tags: ['SQL'], created_at: '2026-11-20T00:00:00.000Z' }),
          makeBounty({ skill_tags: ['SQL'], created_at: LONG_AGO }),
        ],
        NOW,
      );
      expect(skill(stats, 'sql')).toMatchObject({ count: 4, recentCount: 2 });
    });

    it('counts a bounty without a created_at as created now, so recent', () => {
      const stats = computeSkillStats([makeBounty({ skill_tags: ['Rust'], created_at: null })], NOW);
      expect(skill(stats, 'rust').recentCount).toBe(1);
    });

    it('uses a calendar month: on 31 March the window starts on the last day of February', () => {
      const march31 = new Date('2026-03-31T10:00:00.000Z');
      const stats = computeSkillStats(
        [
          makeBounty({ skill_tags: ['Go'], created_at: '2026-02-28T10:00:00.000Z' }),
          makeBounty({ skill_tags: ['Go'], created_at: '2026-02-28T09:59:59.999Z' }),
        ],
        march31,
      );
      expect(skill(stats, 'go').recentCount).toBe(1);
    });
  });

  describe('pay', () => {
    it('sums rewards and averages them per bounty in thousands, rounded', () => {
      const stats = computeSkillStats(
        [
          makeBounty({ skill_tags: ['AI'], reward_amount: 1500 }),
          makeBounty({ skill_tags: ['AI'], reward_amount: 2000 }),
          makeBounty({ skill_tags: ['ML'], reward_amount: 1400 }),
          makeBounty({ skill_tags: ['ML'], reward_amount: 1500 }),
        ],
        NOW,
      );
      expect(skill(stats, 'ai')).toMatchObject({ totalReward: 3500, avgPay: 2 }); // 1.75K
      expect(skill(stats, 'ml')).toMatchObject({ totalReward: 2900, avgPay: 1 }); // 1.45K
    });

    it('counts a missing or negative reward as 0', () => {
      const stats = computeSkillStats(
        [
          makeBounty({ skill_tags: ['Go'], reward_amount: Number.NaN }),
          makeBounty({ skill_tags: ['Go'], reward_amount: -500 }),
          makeBounty({ skill_tags: ['Go'], reward_amount: 6000 }),
        ],
        NOW,
      );
      expect(skill(stats, 'go')).toMatchObject({ totalReward: 6000, bountyCount: 3, avgPay: 2 });
    });
  });

  it('scores demand as count divided by the highest count, times 100, rounded', () => {
    const stats = computeSkillStats(
      [
        makeBounty({ skill_tags: ['A', 'B', 'C'] }),
        makeBounty({ skill_tags: ['A', 'B'] }),
        makeBounty({ skill_tags: ['A'] }),
      ],
      NOW,
    );
    expect(stats.map((entry) => [entry.name, entry.demandScore])).toEqual([
      ['a', 100],
      ['b', 67],
      ['c', 33],
    ]);
  });

  it('gives lastSeenDate as the latest created_at, a missing date counting as now', () => {
    const stats = computeSkillStats(
      [
        makeBounty({ skill_tags: ['Go'], created_at: LONG_AGO }),
        makeBounty({ skill_tags: ['Go'], created_at: '2026-06-01T00:00:00.000Z' }),
        makeBounty({ skill_tags: ['Go'], created_at: '2026-03-01T00:00:00.000Z' }),
        makeBounty({ skill_tags: ['Rust'], created_at: LONG_AGO }),
        makeBounty({ skill_tags: ['Rust'], created_at: null }),
      ],
      NOW,
    );
    expect(skill(stats, 'go').lastSeenDate.toISOString()).toBe('2026-06-01T00:00:00.000Z');
    expect(skill(stats, 'rust').lastSeenDate.toISOString()).toBe(NOW.toISOString());
  });
});
