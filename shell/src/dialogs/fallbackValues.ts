/**
 * What a native dialog form holds. Apart from its rules (fallbackSubmission.ts), which load with the
 * forms' chunk: the dialogs and their URL need only these at start.
 */
export type FallbackField = 'email' | 'company' | 'challengeDescription';

export type FallbackValues = Record<FallbackField, string>;

export const EMPTY_VALUES: FallbackValues = { email: '', company: '', challengeDescription: '' };
