import { makeBounty } from '@side-quest/data/testing';
import { featuredBounties } from './featuredSelection';

describe('featured bounties', () => {
  it('are the 3 highest rewards, highest first', () => {
    const list = [10, 500, 40, 500, 9000, 0].map((reward, index) =>
      makeBounty({ id: `b${index}`, reward_amount: reward }),
    );
    expect(featuredBounties(list).map((bounty) => bounty.id)).toEqual(['b4', 'b1', 'b3']);
    expect(featuredBounties(list.slice(0, 2))).toHaveLength(2);
  });
});
