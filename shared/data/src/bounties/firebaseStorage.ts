import {
  connectStorageEmulator,
  getDownloadURL,
  getStorage,
  ref,
  type FirebaseStorage,
} from 'firebase/storage';
import type { FirebaseApp } from 'firebase/app';
import type { FirebaseSettings } from '../config/runtimeConfig';
import { firebaseApp, splitHostPort } from './firebaseApp';

/** The product's storage retry limits (shared/README.md, "Bounty data"). */
export const STORAGE_MAX_OPERATION_RETRY_MS = 2 * 60 * 1000;
export const STORAGE_MAX_UPLOAD_RETRY_MS = 10 * 60 * 1000;

const clients = new WeakMap<FirebaseApp, FirebaseStorage>();

/**
 * The file storage client, configured with the retry limits above. Loaded only by dynamic
 * import when Firebase is configured. `emulatorHost` points it at a Storage emulator (tests); the
 * runtime config carries no separate Storage emulator host, so the site uses the project's bucket.
 */
export function storageClient(settings: FirebaseSettings, { emulatorHost = '' } = {}): FirebaseStorage {
  const app = firebaseApp(settings);
  let storage = clients.get(app);
  if (!storage) {
    storage = getStorage(app);
    // The modular SDK exposes the compat API's setMax*RetryTime() as these two settable properties.
    storage.maxOperationRetryTime = STORAGE_MAX_OPERATION_RETRY_MS;
    storage.maxUploadRetryTime = STORAGE_MAX_UPLOAD_RETRY_MS;
    if (emulatorHost) {
      const { host, port } = splitHostPort(emulatorHost);
      connectStorageEmulator(storage, host, port);
    }
    clients.set(app, storage);
  }
  return storage;
}

export const isStoragePath = (url: string) => url.startsWith('gs://');

/** A gs:// path's download URL; any other URL is returned unchanged. */
export async function resolveStorageUrl(storage: FirebaseStorage, url: string): Promise<string> {
  return isStoragePath(url) ? getDownloadURL(ref(storage, url)) : url;
}
