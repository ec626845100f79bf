import { deriveBountyList } from '@side-quest/data/bounty-queries';
import { makeBounty } from '@side-quest/data/testing';
import type { HostedSummary } from '@side-quest/data/lifecycle';
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

  it('keeps a hosted bounty’s stage, clocks, winners and sponsor, and drops its description and terms', () => {
    const hosted: HostedSummary = {
      sponsor: {
        slug: 'acme',
        name: 'Acme',
        verifiedAt: '2026-10-01T00:00:00Z',
        logoUrl: null,
        record: null,
      },
      descriptionHtml: '<p>' + 'z'.repeat(2000) + '</p>',
      criteria: ['Resumes after a crash'],
      prizes: [1000, 500],
      submissionDeadline: '2026-12-01T00:00:00Z',
      judgingDeadline: '2026-12-15T00:00:00Z',
      paymentDueDays: 14,
      eligibleCountries: ['DE'],
      payoutMethods: ['wise'],
      unclaimed: 'returned',
      state: 'open',
      stateReason: null,
      publishedAt: '2026-11-01T00:00:00Z',
      announcedAt: null,
      endedAt: null,
      winners: [],
      submissions: 3,
      demo: false,
    };
    const list = deriveBountyList([{ ...makeBounty({ id: 'h' }), hosted }]);
    expect(listWithoutDetailTexts(list).bounties[0]?.hosted).toEqual({
      ...hosted,
      descriptionHtml: '',
      criteria: [],
      eligibleCountries: [],
      payoutMethods: [],
    });
  });
});
