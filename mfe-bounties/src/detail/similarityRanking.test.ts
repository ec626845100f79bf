import { makeBounty } from '@side-quest/data/testing';
import { similarBounties } from './similarityRanking';

describe('similar bounties', () => {
  const current = makeBounty({
    id: 'me',
    bounty_area: 'AI/ML',
    skill_tags: ['Python', 'PyTorch'],
    reward_amount: 900,
  });
  const others = [
    makeBounty({ id: 'same-area-low', bounty_area: 'AI/ML', skill_tags: [], reward_amount: 100 }),
    makeBounty({
      id: 'shared-tag-high',
      bounty_area: 'Software',
      skill_tags: ['python'],
      reward_amount: 5000,
    }),
    makeBounty({ id: 'unrelated', bounty_area: 'Engineering', skill_tags: ['CAD'], reward_amount: 9000 }),
    makeBounty({ id: 'same-area-mid', bounty_area: 'AI/ML', skill_tags: ['R'], reward_amount: 700 }),
    makeBounty({ id: 'both', bounty_area: 'AI/ML', skill_tags: ['PyTorch'], reward_amount: 800 }),
  ];

  it('picks up to 3 others sharing the area or a tag, highest reward first', () => {
    expect(similarBounties(current, [current, ...others]).map((bounty) => bounty.id)).toEqual([
      'shared-tag-high',
      'both',
      'same-area-mid',
    ]);
  });

  it('never includes the bounty itself and returns fewer when fewer match', () => {
    const result = similarBounties(current, [current, others[2]!, others[0]!]);
    expect(result.map((bounty) => bounty.id)).toEqual(['same-area-low']);
  });

  it('does not treat an empty area as shared', () => {
    const noArea = makeBounty({ id: 'x', bounty_area: '', skill_tags: [] });
    expect(similarBounties(noArea, [makeBounty({ id: 'y', bounty_area: '', skill_tags: [] })])).toEqual([]);
  });
});
