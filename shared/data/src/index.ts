export type { Bounty, BountyList } from './bounties/types';
export {
  getRuntimeConfig,
  loadRuntimeConfig,
  setRuntimeConfig,
  RUNTIME_CONFIG_ELEMENT_ID,
  type RuntimeConfig,
  type BountySourceName,
  type FirebaseSettings,
  type MarketingFormSettings,
} from './config/runtimeConfig';
export { createQueryClient } from './http/queryClient';
export { SITE_ROUTES, ROUTE_SECTIONS, isKnownRoute, matchRoute } from './routes';
export { useBounties, useBounty, BOUNTY_LIST_KEY, bountyKey } from './bounties/useBounties';
export { normalizeBounty, deriveBountyList } from './bounties/normalizeBounty';
export { getQueryFn, throwIfNotOk, HttpError, type UnauthorizedBehavior } from './http/queryFn';
export { getStorageClient } from './bounties/bountySource';
export { EMAIL_PATTERN, isValidEmail } from './forms/email';
export { CHALLENGE_TYPES, type ChallengeType, type LeadSubmission } from './forms/leadSubmission';
export { BOUNTY_DOMAINS, DRAFT_LIMITS, type BountyDomain, type BountyDraft } from './forms/bountyDraft';
