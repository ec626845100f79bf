import type { PayoutMethod } from '../account/profile';
import type { UnclaimedPolicy } from './hostedBountyForm';
import type { Overdue, WinnerPayment } from './stages';

/**
 * What a bounty's card and detail page show of its sponsor's record (`hosted.sponsor.record`), computed by
 * trust/sponsorRecord.ts (trustLineOf). Here, with the hosted view that carries it: trust builds on the
 * lifecycle, never the other way round.
 */
/** One kind of overdue clock on a sponsor's bounties: how many, and the longest of them. */
export interface OverdueKind {
  kind: Overdue['kind'];
  count: number;
  longest: Overdue;
}

export interface TrustLine {
  winners: number;
  winnersPaid: number;
  medianDaysToPay: number | null;
  /**
   * The sponsor's overdue clocks right now, one entry per kind (judging, payment): how many bounties
   * and that kind's longest; the kind with the longest first. Empty when nothing is overdue.
   */
  overdue: OverdueKind[];
  hasHistory: boolean;
}

/** The sponsor of a hosted bounty as the public sees it. */
export interface PublicSponsor {
  slug: string;
  name: string;
  verifiedAt: string | null;
  logoUrl: string | null;
  /** One line of the sponsor's public record (trust/sponsorRecord.ts), computed with the hosted list. */
  record: TrustLine | null;
}

/** A prize slot's winner in public: their handle (null without one), the prize and the payment's dates. */
export interface PublicWinner extends WinnerPayment {
  slot: number;
  prize: number;
  handle: string | null;
  /** The winning submission's links and write-up, only when its author chose to make it public. */
  submission: { links: Record<string, string>; writeUpHtml: string } | null;
  /**
   * On a scored bounty, the team's public reason for a winner who is not the k-th eligible entrant of
   * the final leaderboard (issue 45 item 6); absent or null otherwise.
   */
  outOfOrderReason?: string | null;
}

/**
 * What a bounty hosted on Side Quest adds to the SPEC's Bounty (its `hosted` field): the terms talent
 * decides on, and the public part of its lifecycle. Stage and clocks are computed from it (stages.ts).
 */
export interface HostedSummary {
  sponsor: PublicSponsor;
  /** The description rendered by the server's safe markdown renderer (user-content mode). */
  descriptionHtml: string;
  criteria: string[];
  prizes: number[];
  submissionDeadline: string;
  judgingDeadline: string;
  paymentDueDays: number;
  eligibleCountries: string[];
  payoutMethods: PayoutMethod[];
  unclaimed: UnclaimedPolicy;
  state: 'open' | 'announced' | 'closed' | 'cancelled';
  /** The public reason of a closing without winner or a cancellation. */
  stateReason: string | null;
  publishedAt: string | null;
  announcedAt: string | null;
  endedAt: string | null;
  winners: PublicWinner[];
  /** How many submissions it received (withdrawn ones not counted): a cancellation after any counts against the sponsor. */
  submissions: number;
  /** Demo data a fresh start seeds; every page showing it says so. */
  demo: boolean;
  /** A scored bounty (issue 45): entries are scored against the sponsor's answers, on a leaderboard. */
  scored?: boolean;
}
