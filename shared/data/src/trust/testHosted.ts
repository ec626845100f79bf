// Test helper (not shipped code): public hosted bounties with winners, for the trust rules' tests.
import type { Bounty } from '../bounties/types';
import type { HostedSummary, PublicWinner } from '../lifecycle/hostedView';
import { makeBounty } from '../testing/bountyFixtures';

export const DAY = 24 * 60 * 60 * 1000;
export const NOW = Date.parse('2026-06-01T12:00:00Z');
export const daysAgo = (days: number) => new Date(NOW - days * DAY).toISOString();

type WinnerSketch = Partial<PublicWinner> & { handle: string | null; prize: number };

export function winner(sketch: WinnerSketch, slot = 0): PublicWinner {
  return {
    slot,
    recordedAt: null,
    answer: null,
    answeredAt: null,
    resolution: null,
    resolvedAt: null,
    submission: null,
    ...sketch,
  };
}

/** A confirmed payment: recorded and answered Received. */
export const confirmed = { recordedAt: daysAgo(5), answer: 'received' as const, answeredAt: daysAgo(4) };

export function hostedBounty(
  id: string,
  options: {
    domain?: string;
    skills?: string[];
    state?: HostedSummary['state'];
    winners?: WinnerSketch[];
    announcedDaysAgo?: number;
    sponsor?: string;
    demo?: boolean;
  } = {},
): Bounty {
  const winners = (options.winners ?? []).map((sketch, slot) => winner(sketch, slot));
  const hosted: HostedSummary = {
    sponsor: { slug: options.sponsor ?? 'acme', name: 'Acme', verifiedAt: null, logoUrl: null, record: null },
    descriptionHtml: '',
    criteria: ['works'],
    prizes: winners.map((entry) => entry.prize),
    submissionDeadline: daysAgo(30),
    judgingDeadline: daysAgo(16),
    paymentDueDays: 14,
    eligibleCountries: [],
    payoutMethods: ['wise'],
    unclaimed: 'returned',
    state: options.state ?? (winners.length > 0 ? 'announced' : 'open'),
    stateReason: null,
    publishedAt: daysAgo(60),
    announcedAt: winners.length > 0 ? daysAgo(options.announcedDaysAgo ?? 20) : null,
    endedAt: null,
    winners,
    submissions: winners.length,
    demo: options.demo ?? false,
  };
  return makeBounty({
    id,
    item_title: `Bounty ${id}`,
    bounty_area: options.domain ?? 'Software',
    skill_tags: options.skills ?? ['Python'],
    reward_amount: hosted.prizes.reduce((sum, prize) => sum + prize, 0),
    hosted,
  });
}
