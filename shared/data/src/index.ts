export type { Bounty, BountyList } from './bounties/types';
export {
  getRuntimeConfig,
  loadRuntimeConfig,
  setRuntimeConfig,
  type RuntimeConfig,
  type FirebaseSettings,
  type MarketingFormSettings,
  type ReleaseOverride,
} from './config/runtimeConfig';
export { createQueryClient } from './http/queryClient';
export { withTimeout } from './http/withTimeout';
export { formatNumberEnUs, formatUtcDate, formatUtcDateTime } from './format/enUs';
export {
  dateTimeAtOffset,
  LOCAL_TIME_ATTRIBUTE,
  LOCAL_TIMES_DONE_ATTRIBUTE,
} from './format/dateTimeAtOffset';
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
export { REMOTES, REMOTE_NAMES, remoteEntryUrl } from './site/remotes.mjs';
export { PublicUrlProvider, useAbsoluteUrl } from './site/publicUrl';
export { RENDER_TIME_KEY, useRenderTime } from './site/renderTime';
// packRecords is the server's ('@side-quest/data/packed-records'): every export here is in every page.
export { unpackRecords } from './site/packedRecords';
export { useMinuteClock } from './site/minuteClock';
export {
  AWAITING_HYDRATION_ATTRIBUTE,
  REPLAY_ATTRIBUTE,
  REPLAY_PENDING_ATTRIBUTE,
  replayEarlyClicks,
  replayable,
} from './site/earlyClicks';
export { useSavedBounties, toggleSavedBounty } from './saved/useSavedBounties';
export { SAVED_BOUNTIES_STORAGE_KEY } from './saved/savedIds';
export type {
  PrefetchContext,
  PrefetchResult,
  SectionPrefetch,
  SectionSitemapEntries,
  SitemapEntry,
} from './site/prefetch';
// Only what pages use at start; the forms' contracts are in '@side-quest/data/forms' (not in this shared
// package, whose every export every page downloads).
export {
  BOUNTY_DRAFT_DIALOG,
  BOUNTY_DRAFT_RESULT_PARAM,
  BOUNTY_DRAFT_RETURN_KEY,
  BOUNTY_RECEIVED_MESSAGE,
  type BountyDomain,
  type BountyDraft,
} from './forms/bountyDraft';
export {
  DIALOG_PARAM,
  RETURN_PAGE_FIELD,
  formPostOutcome,
  returnedValue,
  type FormPostOutcome,
  type FormReturn,
} from './forms/formPost';
export {
  CHALLENGE_RECEIVED_MESSAGE,
  CONTACT_FORM_RETURN_KEY,
  CONTACT_RESULT_PARAM,
  CONTACT_TYPED_FIELDS,
  SIGNUP_RECEIVED_MESSAGE,
} from './forms/contactForms';
