import type { ScoredPostFormReturn } from './scored';
import type { TestSetupValues } from './testScored';

/*
 * The post form's scoring (issue 45 item 2, issue 56 item 3): a sponsor picks no scoring, an answer key or
 * tests, by the radio `scoring`; the chosen setup's fields and files ride with the form. The test setup's
 * typed fields carry a prefix on this form, as the answer key's have the same names (licence, entries).
 */

export type PostScoring = 'none' | 'key' | 'tests';

/** The radio's name, and the prefix of the test setup's typed fields on the post form. */
export const POST_SCORING_FIELD = 'scoring';
export const POST_TEST_FIELD_PREFIX = 'tests.';

/** The post form sent back: the scoring chosen, and the test setup as typed with its problems. */
export interface TestScoredPostFormReturn extends ScoredPostFormReturn {
  scoring?: PostScoring;
  testSetup?: TestSetupValues;
  /** The test setup's problems, listed under the form's problem. */
  setupProblems?: string[];
}
