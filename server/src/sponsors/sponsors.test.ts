import type { Bounty } from '@side-quest/data/bounties';
import type { HostedSummary } from '@side-quest/data/lifecycle';
import { makeBounty } from '@side-quest/data/testing';
import * as trust from '@side-quest/data/trust';
import type { HostedCatalogue } from '../lifecycle/hostedCatalogue';
import { createSponsors } from './sponsors';

// The grouping counted: the real bountiesBySponsor, watched.
jest.mock('@side-quest/data/trust', () => {
  const actual = jest.requireActual<typeof import('@side-quest/data/trust')>('@side-quest/data/trust');
  return { ...actual, bountiesBySponsor: jest.fn(actual.bountiesBySponsor) };
});
const grouping = trust.bountiesBySponsor as jest.MockedFunction<typeof trust.bountiesBySponsor>;

const NOW = Date.parse('2026-06-01T12:00:00Z');

function hosted(id: string, sponsor: string): Bounty {
  const summary: HostedSummary = {
    sponsor: { slug: sponsor, name: sponsor.toUpperCase(), verifiedAt: null, logoUrl: null, record: null },
    descriptionHtml: '',
    criteria: ['works'],
    prizes: [500],
    submissionDeadline: '2026-07-01T00:00:00Z',
    judgingDeadline: '2026-07-15T00:00:00Z',
    paymentDueDays: 14,
    eligibleCountries: [],
    payoutMethods: ['wise'],
    unclaimed: 'returned',
    state: 'open',
    stateReason: null,
    publishedAt: '2026-05-01T00:00:00Z',
    announcedAt: null,
    endedAt: null,
    winners: [],
    submissions: 0,
    demo: false,
  };
  return makeBounty({ id, hosted: summary });
}

/** A catalogue whose list and version the test sets, as a reload after a change would. */
function catalogue(initial: Bounty[]) {
  let list = initial;
  let version = 1;
  const fake = {
    ready: Promise.resolve(),
    refresh: async () => undefined,
    list: () => list,
    get: (id: string) => list.find((bounty) => bounty.id === id) ?? null,
    version: () => `v${version}`,
  } satisfies HostedCatalogue;
  return {
    hosted: fake,
    change(next: Bounty[]) {
      list = next;
      version += 1;
    },
  };
}

const organisation = (slug: string) => ({
  id: `org-${slug}`,
  slug,
  name: slug.toUpperCase(),
  website: `https://${slug}.example`,
  logoUrl: null,
  verifiedAt: null,
});

describe('createSponsors: the hosted list grouped by sponsor once per catalogue version', () => {
  beforeEach(() => grouping.mockClear());

  it('groups once for requests at one version, and again after a change', async () => {
    const { hosted: hostedCatalogue, change } = catalogue([hosted('a1', 'acme'), hosted('b1', 'bolt')]);
    const sponsors = createSponsors({
      hosted: hostedCatalogue,
      sponsorBySlug: async (slug) => organisation(slug),
      now: () => NOW,
    });

    expect((await sponsors.page('acme'))?.bounties.map((bounty) => bounty.id)).toEqual(['a1']);
    expect(await sponsors.page('bolt')).not.toBeNull();
    expect(await sponsors.page('no-such-sponsor')).toBeNull();
    expect(sponsors.list().map((entry) => entry.slug)).toEqual(['acme', 'bolt']);
    expect(sponsors.list().map((entry) => entry.slug)).toEqual(['acme', 'bolt']);
    expect(grouping).toHaveBeenCalledTimes(1);

    change([hosted('a1', 'acme'), hosted('a2', 'acme'), hosted('c1', 'cove')]);
    expect((await sponsors.page('acme'))?.bounties.map((bounty) => bounty.id).sort()).toEqual(['a1', 'a2']);
    expect(await sponsors.page('bolt')).toBeNull();
    expect(sponsors.list().map((entry) => entry.slug)).toEqual(['acme', 'cove']);
    expect(grouping).toHaveBeenCalledTimes(2);
  });
});
