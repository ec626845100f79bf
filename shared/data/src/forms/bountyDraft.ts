/**
 * The create-bounty draft contract (mfe-bounties/README.md, "Create bounty") shared by the form in
 * mfe-bounties and the server's own check of what it receives: the domain choices, the draft's shape
 * and the length limits.
 */
export const BOUNTY_DOMAINS = ['Software', 'AI/ML', 'Engineering'] as const;
export type BountyDomain = (typeof BOUNTY_DOMAINS)[number];

/** Limits the product rules do not state, so nothing unbounded is stored. */
export const DRAFT_LIMITS = {
  title: 200,
  company: 200,
  description: 10_000,
  maxBountyAmount: 1_000_000_000,
  maxDeadlineDays: 3650,
} as const;

/** The draft as the form sends it to POST /api/bounty-submissions. */
export interface BountyDraft {
  title: string;
  company: string;
  description: string;
  bountyAmount: number;
  /** Days until the deadline. */
  deadline: number;
  domain: BountyDomain;
}
