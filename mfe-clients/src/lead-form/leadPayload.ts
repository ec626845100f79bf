/** The two challenge types of the form; also the `challengeType` values of the payload. */
export type ChallengeType = 'hiring' | 'bottleneck';
export const CHALLENGE_TYPES: readonly ChallengeType[] = ['hiring', 'bottleneck'];

/** SPEC §3 lead submission payload, as POSTed to /api/submit-form (SPEC §7). */
export interface LeadPayload {
  email: string;
  challengeType: ChallengeType;
  challengeDescription: string;
  /** The formatted cost, e.g. '$100K'. */
  costImpact: string;
  pageUri: string;
  pageName: string;
}
