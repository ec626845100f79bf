import type { AreaStat } from './areaStats';
import { rankHighestPayingSkills, rankTopSkills, rankTrendingAreas } from './rankings';
import type { SkillStat } from './skillStats';

function skill(name: string, fields: Partial<SkillStat> = {}): SkillStat {
  return {
    id: name,
    name,
    displayName: name,
    count: 1,
    recentCount: 0,
    totalReward: 0,
    bountyCount: 1,
    avgPay: 0,
    demandScore: 0,
    lastSeenDate: new Date(0),
    ...fields,
  };
}

function area(name: string, fields: Partial<AreaStat> = {}): AreaStat {
  return { name, count: 1, recentCount: 0, totalReward: 0, avgPay: 0, lastSeenDate: new Date(0), ...fields };
}

const names = (list: { name: string }[]) => list.map((entry) => entry.name);

describe('rankTopSkills', () => {
  it('keeps the 6 most mentioned skills, most first', () => {
    const skills = [1, 8, 3, 7, 2, 6, 5, 4].map((count) => skill(`s${count}`, { count, bountyCount: count }));
    expect(names(rankTopSkills(skills))).toEqual(['s8', 's7', 's6', 's5', 's4', 's3']);
  });

  it('breaks count ties by distinct bounties, then recent mentions, then name A→Z', () => {
    const skills = [
      skill('zig', { count: 4, bountyCount: 3, recentCount: 0 }),
      skill('go', { count: 4, bountyCount: 4, recentCount: 0 }),
      skill('rust', { count: 4, bountyCount: 3, recentCount: 2 }),
      skill('c', { count: 4, bountyCount: 3, recentCount: 0 }),
    ];
    expect(names(rankTopSkills(skills))).toEqual(['go', 'rust', 'c', 'zig']);
  });

  it('gives the same order whatever the input order', () => {
    const skills = ['b', 'a', 'd', 'c'].map((name) => skill(name, { count: 2, bountyCount: 2 }));
    expect(names(rankTopSkills(skills))).toEqual(['a', 'b', 'c', 'd']);
    expect(names(rankTopSkills([...skills].reverse()))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('returns an empty list for no skills and does not change its input', () => {
    expect(rankTopSkills([])).toEqual([]);
    const skills = [skill('a', { count: 1 }), skill('b', { count: 2 })];
    rankTopSkills(skills);
    expect(names(skills)).toEqual(['a', 'b']);
  });
});

describe('rankTrendingAreas', () => {
  it('keeps the 4 areas with the most recent bounties, leaving out areas with none', () => {
    const areas = [
      area('Quiet', { recentCount: 0, count: 50 }),
      area('A', { recentCount: 1 }),
      area('B', { recentCount: 5 }),
      area('C', { recentCount: 3 }),
      area('D', { recentCount: 2 }),
      area('E', { recentCount: 4 }),
    ];
    expect(names(rankTrendingAreas(areas))).toEqual(['B', 'E', 'C', 'D']);
  });

  it('is empty when no area has a recent bounty', () => {
    expect(rankTrendingAreas([area('A', { count: 9 }), area('B', { count: 3 })])).toEqual([]);
  });

  it('breaks recentCount ties by total count, then name A→Z', () => {
    const areas = [
      area('Web', { recentCount: 2, count: 3 }),
      area('AI/ML', { recentCount: 2, count: 3 }),
      area('Software', { recentCount: 2, count: 10 }),
    ];
    expect(names(rankTrendingAreas(areas))).toEqual(['Software', 'AI/ML', 'Web']);
  });
});

describe('rankHighestPayingSkills', () => {
  it('ranks by average reward among skills on at least 2 bounties, at most 4', () => {
    const skills = [
      skill('solo', { bountyCount: 1, count: 1, totalReward: 90000 }),
      skill('a', { bountyCount: 2, totalReward: 2000 }),
      skill('b', { bountyCount: 2, totalReward: 10000 }),
      skill('c', { bountyCount: 3, totalReward: 9000 }),
      skill('d', { bountyCount: 2, totalReward: 8000 }),
      skill('e', { bountyCount: 4, totalReward: 40000 }),
    ];
    expect(names(rankHighestPayingSkills(skills))).toEqual(['e', 'b', 'd', 'c']);
  });

  it('needs 2 distinct bounties: a skill mentioned twice on one bounty does not qualify', () => {
    expect(rankHighestPayingSkills([skill('dup', { count: 2, bountyCount: 1, totalReward: 5000 })])).toEqual(
      [],
    );
  });

  it('ranks by the exact average, so 1.45K beats 1.4K although both show as 1K', () => {
    const skills = [
      skill('low', { bountyCount: 2, totalReward: 2800, avgPay: 1 }),
      skill('high', { bountyCount: 2, totalReward: 2900, avgPay: 1 }),
    ];
    expect(names(rankHighestPayingSkills(skills))).toEqual(['high', 'low']);
  });

  it('breaks average ties by more bounties, then name A→Z', () => {
    const skills = [
      skill('zeta', { bountyCount: 2, totalReward: 4000 }),
      skill('alpha', { bountyCount: 2, totalReward: 4000 }),
      skill('many', { bountyCount: 4, totalReward: 8000 }),
    ];
    expect(names(rankHighestPayingSkills(skills))).toEqual(['many', 'alpha', 'zeta']);
  });

  it('leaves out skills whose bounties carry no reward (no payment data)', () => {
    expect(rankHighestPayingSkills([skill('free', { bountyCount: 3, count: 3, totalReward: 0 })])).toEqual(
      [],
    );
  });
});
