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

/**
 * The create-bounty dialog in a page's URL (`/bounties?dialog=create-bounty`): POST_BOUNTY is a GET
 * form that adds it, so before hydration and without JavaScript the server renders the dialog open
 * with its native form (mfe-bounties/README.md, "Create bounty").
 */
export const BOUNTY_DRAFT_DIALOG = 'create-bounty';

/**
 * The draft posted without JavaScript (application/x-www-form-urlencoded, the JSON body's field names):
 * accepted, answered 303 to the page without the dialog, `?draft=ok` (submitted: the dialog closes);
 * refused, that page rendered again with the dialog open and what was typed in its cache under
 * BOUNTY_DRAFT_RETURN_KEY (formPost.ts).
 */
export const BOUNTY_DRAFT_RESULT_PARAM = 'draft';

/** Where the page rendered in answer to a refused post finds it (a FormReturn) in its query cache. */
export const BOUNTY_DRAFT_RETURN_KEY = ['form-return', 'bounty-draft'] as const;

/** What the visitor typed or chose; shown again on the page rendered after a refused post. */
export const BOUNTY_DRAFT_TYPED_FIELDS = [
  'title',
  'company',
  'description',
  'bountyAmount',
  'deadline',
  'domain',
] as const satisfies ReadonlyArray<keyof BountyDraft>;

/** The server's answer to an accepted draft, also shown on the page a post without JavaScript returns to. */
export const BOUNTY_RECEIVED_MESSAGE = 'Your bounty was received and is pending review.';
