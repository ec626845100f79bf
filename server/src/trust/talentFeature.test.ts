import type { Bounty } from '@side-quest/data/bounties';
import type { HostedSummary, PublicWinner } from '@side-quest/data/lifecycle';
import { makeBounty } from '@side-quest/data/testing';
import { createTalent } from './talentFeature';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-06-01T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW - days * DAY).toISOString();

/** An announced hosted bounty of the area Software asking Python, with its winners (what the rules read). */
function awarded(id: string, prize: number, payment: Partial<PublicWinner> = {}): Bounty {
  const winner = {
    slot: 0,
    prize,
    handle: 'ada',
    recordedAt: null,
    answer: null,
    answeredAt: null,
    resolution: null,
    resolvedAt: null,
    submission: null,
    ...payment,
  };
  const hosted = {
    sponsor: { slug: 'acme', name: 'Acme', verifiedAt: null, logoUrl: null },
    state: 'announced',
    announcedAt: daysAgo(20),
    winners: [winner],
    demo: false,
  } as unknown as HostedSummary;
  return makeBounty({ id, bounty_area: 'Software', skill_tags: ['Python'], hosted });
}

/** A hosted catalogue whose list and version the test changes, as writes would. */
function catalogue(list: Bounty[]) {
  let current = list;
  let version = 1;
  return {
    list: () => current,
    version: () => String(version),
    replace(next: Bounty[]) {
      current = next;
      version += 1;
    },
  };
}

describe('createTalent', () => {
  it('suggests a reward from 5 comparable bounties, and recomputes only when the catalogue changes', () => {
    const hosted = catalogue([1000, 2000, 3000, 4000].map((prize, index) => awarded(`b${index}`, prize)));
    let now = NOW;
    const talent = createTalent({ auth: null as never, store: null as never, hosted, now: () => now });
    expect(talent.suggestion('Software', ['python'])).toMatchObject({ comparable: 4, p50: null });
    const first = talent.skillPay();
    now += 60_000;
    // Same data: the same figures, not computed again.
    expect(talent.skillPay()).toBe(first);
    hosted.replace([...hosted.list(), awarded('b4', 5000)]);
    expect(talent.suggestion('Software', ['Python'])).toEqual({
      domain: 'Software',
      skills: ['Python'],
      comparable: 5,
      p25: 2000,
      p50: 3000,
      p75: 4000,
    });
    expect(talent.skillPay()).not.toBe(first);
    expect(talent.skillPay().skills[0]).toMatchObject({ name: 'Python', bounties: 5, awarded: 15000 });
  });

  it('counts an unreported payment as paid once its 14 days pass, without any write', () => {
    const hosted = catalogue([awarded('b', 2500, { recordedAt: daysAgo(13) })]);
    let now = NOW;
    const talent = createTalent({ auth: null as never, store: null as never, hosted, now: () => now });
    expect(talent.skillPay().areas[0]).toMatchObject({ awarded: 2500, paid: 0 });
    now += DAY;
    expect(talent.skillPay().areas[0]).toMatchObject({ awarded: 2500, paid: 2500 });
  });
});
