export type { Bounty, BountyList } from './bounties/types';
export {
  getRuntimeConfig,
  loadRuntimeConfig,
  setRuntimeConfig,
  type RuntimeConfig,
  type FirebaseSettings,
  type MarketingFormSettings,
} from './config/runtimeConfig';
export { createQueryClient } from './http/queryClient';
export {
  ROUTE_TABLE,
  ROUTES,
  SITE_ROUTES,
  NAV_ROUTES,
  NOT_FOUND_HEAD,
  sectionId,
  type RemoteName,
  type RouteId,
  type RouteSection,
} from './site/routeTable';
export { REMOTES, REMOTE_NAMES } from './site/remotes.mjs';
export {
  useBounties,
  useBounty,
  prefetchBountyList,
  prefetchBounty,
  BOUNTY_LIST_KEY,
  bountyKey,
} from './bounties/useBounties';
export { PublicUrlProvider, useAbsoluteUrl } from './site/publicUrl';
export { RENDER_TIME_KEY, useRenderTime } from './site/renderTime';
export type { PrefetchContext, PrefetchResult, SectionPrefetch } from './site/prefetch';
export { normalizeBounty, deriveBountyList } from './bounties/normalizeBounty';
export { isValidEmail } from './forms/email';
export { CHALLENGE_TYPES, type ChallengeType, type LeadSubmission } from './forms/leadSubmission';
export { BOUNTY_DOMAINS, DRAFT_LIMITS, type BountyDomain, type BountyDraft } from './forms/bountyDraft';
