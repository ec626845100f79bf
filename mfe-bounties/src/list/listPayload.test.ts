import { deriveBountyList } from '@side-quest/data/bounty-queries';
import { makeBounty } from '@side-quest/data/testing';
import { listWithoutDetailTexts } from './listPayload';

describe('listWithoutDetailTexts', () => {
  it('keeps what cards, search, filters and sorting read, and drops what only the detail page shows', () => {
    const list = deriveBountyList([
      makeBounty({
        id: 'a',
        item_title: 'Title',
        summary_description: 'Summary',
        full_bounty_description: 'x'.repeat(5000),
        learnings: 'y'.repeat(500),
        skill_tags: ['Rust'],
        bounty_area: 'Software',
        reward_amount: 500,
        image_url: 'https://images.example/a.png',
        item_url: 'https://company.example/bounties/a',
      }),
    ]);
    const slim = listWithoutDetailTexts(list);
    expect(slim.bounties[0]).toEqual({
      ...list.bounties[0],
      full_bounty_description: '',
      learnings: '',
      image_url: '',
      item_url: '',
    });
    expect(slim.domains).toEqual(list.domains);
    expect(slim.skills).toEqual(list.skills);
    expect(JSON.stringify(slim).length).toBeLessThan(JSON.stringify(list).length / 5);
  });
});
