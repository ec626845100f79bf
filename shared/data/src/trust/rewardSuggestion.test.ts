import { awardedBounties } from './skillPay';
import { comparableAwards, rewardSuggestionPath, suggestReward } from './rewardSuggestion';
import { NOW, hostedBounty } from './testHosted';

const awarded = (domain: string, skills: string[], prizes: number[], id: string) =>
  hostedBounty(id, { domain, skills, winners: prizes.map((prize) => ({ handle: 'x', prize })) });

const bounties = awardedBounties(
  [
    awarded('Software', ['Python', 'SQL'], [1000], '1'),
    awarded('Software', ['python'], [1500, 500], '2'),
    awarded('Software', ['Rust'], [9000], '3'),
    awarded('Software', ['SQL'], [3000], '4'),
    awarded('Software', ['Python'], [4000], '5'),
    awarded('Software', ['Python', 'Go'], [5000], '6'),
    awarded('AI/ML', ['Python'], [8000], '7'),
  ],
  NOW,
);

describe('comparableAwards', () => {
  it('takes the same area and at least one shared skill, each bounty with all it awarded', () => {
    expect(comparableAwards(bounties, 'software', ['PYTHON']).sort((a, b) => a - b)).toEqual([
      1000, 2000, 4000, 5000,
    ]);
    expect(comparableAwards(bounties, 'Software', ['Python', 'SQL'])).toHaveLength(5);
    expect(comparableAwards(bounties, 'Software', [])).toHaveLength(6);
    expect(comparableAwards(bounties, 'Engineering', ['Python'])).toEqual([]);
  });
});

describe('suggestReward', () => {
  it('gives the 25th, 50th and 75th percentile of 5 or more comparable bounties', () => {
    // 1000, 2000, 3000, 4000, 5000.
    expect(suggestReward(bounties, 'Software', ['Python', 'SQL'])).toEqual({
      domain: 'Software',
      skills: ['Python', 'SQL'],
      comparable: 5,
      p25: 2000,
      p50: 3000,
      p75: 4000,
    });
  });

  it('interpolates and rounds to whole dollars', () => {
    // 1000, 2000, 3000, 4000, 5000, 9000: ranks 1.25, 2.5, 3.75.
    expect(suggestReward(bounties, 'Software', [])).toMatchObject({
      comparable: 6,
      p25: 2250,
      p50: 3500,
      p75: 4750,
    });
  });

  it('says "not enough data" (no figures) below 5 comparable bounties, with how many there are', () => {
    expect(suggestReward(bounties, 'Software', ['Python'])).toEqual({
      domain: 'Software',
      skills: ['Python'],
      comparable: 4,
      p25: null,
      p50: null,
      p75: null,
    });
    expect(suggestReward([], 'AI/ML', [])).toMatchObject({ comparable: 0, p50: null });
  });

  it('has one API address for the form and the API', () => {
    expect(rewardSuggestionPath('AI/ML', ['Python', 'C++'])).toBe(
      '/api/v1/reward-suggestion?domain=AI%2FML&skills=Python%2CC%2B%2B',
    );
    expect(rewardSuggestionPath('Software', [])).toBe('/api/v1/reward-suggestion?domain=Software');
  });
});
