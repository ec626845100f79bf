// Bounty data without React: the sources, their normalisation and the Firebase settings they apply. The
// server and its tests read bounties through this; pages use the hooks from the package root.
export type { Bounty, BountyList } from './types';
export { normalizeBounty, deriveBountyList } from './normalizeBounty';
export { loadBounty, loadBountyList, getStorageClient } from './bountySource';
export { BOUNTY_COLLECTION, isDocumentId, readBountyList } from './firestoreSource';
export { splitHostPort } from './firebaseApp';
export {
  storageClient,
  STORAGE_MAX_OPERATION_RETRY_MS,
  STORAGE_MAX_UPLOAD_RETRY_MS,
} from './firebaseStorage';
