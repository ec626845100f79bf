/** The two challenge types of the for-clients form; also the `challengeType` values of a lead. */
export const CHALLENGE_TYPES = ['hiring', 'bottleneck'] as const;
export type ChallengeType = (typeof CHALLENGE_TYPES)[number];

/**
 * The lead payload (mfe-clients/README.md, "Submission"), as the form POSTs it to /api/submit-form and
 * the server checks it.
 */
export interface LeadSubmission {
  email: string;
  challengeType: ChallengeType;
  challengeDescription: string;
  /** The formatted cost, e.g. '$100K'. */
  costImpact: string;
  pageUri: string;
  pageName: string;
}
