import { awardedBounties, nextPaidChange, skillPay } from './skillPay';
import { DAY, NOW, confirmed, daysAgo, hostedBounty } from './testHosted';

const bounties = [
  hostedBounty('a', {
    domain: 'Software',
    skills: ['Python', 'SQL'],
    winners: [
      { handle: 'ada', prize: 3000, ...confirmed },
      { handle: 'bob', prize: 1000, recordedAt: daysAgo(20) },
    ],
  }),
  hostedBounty('b', {
    domain: 'AI/ML',
    skills: ['python'],
    winners: [
      {
        handle: 'cy',
        prize: 2000,
        recordedAt: daysAgo(9),
        answer: 'not-received',
        answeredAt: daysAgo(8),
        resolution: 'paid',
        resolvedAt: daysAgo(2),
      },
    ],
  }),
  hostedBounty('c', {
    domain: 'AI/ML',
    skills: ['Python'],
    winners: [
      { handle: 'di', prize: 4000, recordedAt: daysAgo(3) },
      {
        handle: 'ed',
        prize: 500,
        recordedAt: daysAgo(30),
        answer: 'not-received',
        answeredAt: daysAgo(29),
        resolution: 'not-paid',
        resolvedAt: daysAgo(20),
      },
    ],
    demo: true,
  }),
  hostedBounty('open', { domain: 'AI/ML', skills: ['Python'] }),
];

describe('skillPay', () => {
  it('totals what was awarded and what counts as paid, per skill (any case) and per area', () => {
    const pay = skillPay(awardedBounties(bounties, NOW));
    expect(pay.skills).toEqual([
      // 3000 + 1000 + 2000 + 4000 + 500 awarded; paid: confirmed 3000, unreported 20 days 1000, resolved 2000.
      { name: 'Python', bounties: 3, awarded: 10500, paid: 6000, medianPrize: 2000 },
      { name: 'SQL', bounties: 1, awarded: 4000, paid: 4000, medianPrize: 2000 },
    ]);
    expect(pay.areas).toEqual([
      { name: 'AI/ML', bounties: 2, awarded: 6500, paid: 2000, medianPrize: 2000 },
      { name: 'Software', bounties: 1, awarded: 4000, paid: 4000, medianPrize: 2000 },
    ]);
    expect(pay.demo).toBe(true);
  });

  it('counts no money from bounties without announced winners, and says so with no history', () => {
    expect(skillPay(awardedBounties([hostedBounty('open')], NOW))).toEqual({
      skills: [],
      areas: [],
      demo: false,
    });
  });

  it('knows when an unreported payment will come to count as paid, and then counts it', () => {
    const next = nextPaidChange(bounties, NOW);
    expect(next).toBe(Date.parse(daysAgo(3)) + 14 * DAY);
    const later = skillPay(awardedBounties(bounties, next as number));
    expect(later.skills[0]).toMatchObject({ name: 'Python', paid: 10000 });
    expect(nextPaidChange(bounties, next as number)).toBeNull();
  });
});
