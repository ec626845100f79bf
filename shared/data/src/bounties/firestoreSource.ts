import {
  collection,
  connectFirestoreEmulator,
  doc,
  getDoc,
  getDocs,
  getFirestore,
  orderBy,
  query,
  where,
  type Firestore,
} from 'firebase/firestore/lite';
import type { FirebaseApp } from 'firebase/app';
import type { FirebaseSettings } from '../config/runtimeConfig';
import type { Bounty } from './types';
import { normalizeBounty } from './normalizeBounty';
import { firebaseApp, splitHostPort } from './firebaseApp';

/**
 * The firestore bounty source: the Firebase SDK's lite Firestore client (plain REST, no streaming
 * channel) reading bounty_items as shared/README.md, "Bounty data", defines the list and the detail.
 * This module is only ever loaded by dynamic import() from bountySource.ts, so the SDK is not part of
 * the default (api) bundle.
 */
export const BOUNTY_COLLECTION = 'bounty_items';

const clients = new WeakMap<FirebaseApp, Firestore>();

function firestoreFor(settings: FirebaseSettings): Firestore {
  const app = firebaseApp(settings);
  let db = clients.get(app);
  if (!db) {
    db = getFirestore(app);
    // The emulator must be connected before the first read, and only once per client.
    if (settings.emulatorHost) {
      const { host, port } = splitHostPort(settings.emulatorHost);
      connectFirestoreEmulator(db, host, port);
    }
    clients.set(app, db);
  }
  return db;
}

/** The list: documents with is_high_value_bounty == true, ordered by item_title ascending. */
export async function readBountyList(settings: FirebaseSettings): Promise<Bounty[]> {
  const db = firestoreFor(settings);
  const snapshot = await getDocs(
    query(
      collection(db, BOUNTY_COLLECTION),
      where('is_high_value_bounty', '==', true),
      orderBy('item_title', 'asc'),
    ),
  );
  return snapshot.docs.map((document) => normalizeBounty(document.data(), document.id));
}

/**
 * Whether a string can be a Firestore document id (no slash, not . or .., not __reserved__, at most
 * 1500 bytes). Anything else cannot name a bounty; passing it to doc() would throw or address a
 * different path.
 */
export function isDocumentId(id: string): boolean {
  return (
    id.length > 0 &&
    !id.includes('/') &&
    id !== '.' &&
    id !== '..' &&
    !/^__.*__$/.test(id) &&
    new TextEncoder().encode(id).length <= 1500
  );
}

/** The detail: one bounty_items document by id; null when it does not exist. */
export async function readBounty(settings: FirebaseSettings, id: string): Promise<Bounty | null> {
  if (!isDocumentId(id)) return null;
  const snapshot = await getDoc(doc(firestoreFor(settings), BOUNTY_COLLECTION, id));
  return snapshot.exists() ? normalizeBounty(snapshot.data(), snapshot.id) : null;
}
