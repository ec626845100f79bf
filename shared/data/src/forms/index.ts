// The submission contracts the site's forms and the server's write routes share (no React, no browser APIs).
export { EMAIL_PATTERN, isValidEmail } from './email';
export { CHALLENGE_TYPES, type ChallengeType, type LeadSubmission } from './leadSubmission';
export { BOUNTY_DOMAINS, DRAFT_LIMITS, type BountyDomain, type BountyDraft } from './bountyDraft';
