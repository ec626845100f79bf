import type { FirebaseStorage } from 'firebase/storage';
// The package's entry, not '../config/runtimeConfig': this module is bundled into each remote that reads
// bounties (the bounty-queries subpath), where a relative import would be a never-configured copy.
import { getRuntimeConfig, type FirebaseSettings } from '@side-quest/data';
import type { Bounty, BountyList } from './types';
import { deriveBountyList } from './normalizeBounty';
import { fetchBounty, fetchBountyList, fetchHostedBounties, fetchHostedBounty } from './apiSource';

/**
 * Reads bounties from the source chosen in runtime config (`bountySource`): the server's API (the
 * default) or Firestore. The Firebase SDK is loaded by dynamic import() only when it is configured,
 * so it never weighs on the default bundle.
 */
function firebaseSettings(): FirebaseSettings {
  const { firebase } = getRuntimeConfig();
  if (!firebase?.projectId) throw new Error('The firestore bounty source needs Firebase settings.');
  return firebase;
}

const loadFirestoreSource = () => import(/* webpackChunkName: "bounty-firestore" */ './firestoreSource');
const loadStorage = () => import(/* webpackChunkName: "bounty-storage" */ './firebaseStorage');

/**
 * The file storage client with its retry limits (shared/README.md, "Bounty data"), when Firebase is
 * configured; null otherwise. Created on first use.
 */
export async function getStorageClient(): Promise<FirebaseStorage | null> {
  const { firebase } = getRuntimeConfig();
  if (!firebase?.projectId) return null;
  return (await loadStorage()).storageClient(firebase);
}

/**
 * A gs:// image becomes its download URL when Firebase is configured; when it is not, or the lookup
 * fails, the bounty shows no image rather than a broken one or an error page.
 */
async function withResolvedImage(bounty: Bounty): Promise<Bounty> {
  if (!bounty.image_url.startsWith('gs://')) return bounty;
  try {
    const storage = await getStorageClient();
    if (!storage) return { ...bounty, image_url: '' };
    const { resolveStorageUrl } = await loadStorage();
    return { ...bounty, image_url: await resolveStorageUrl(storage, bounty.image_url) };
  } catch {
    return { ...bounty, image_url: '' };
  }
}

/** A Firestore document never speaks for this server: a `hosted` part in it is dropped. */
function imported(bounty: Bounty | null): Bounty | null {
  if (!bounty?.hosted) return bounty;
  const { hosted: _dropped, ...rest } = bounty;
  return rest;
}

/**
 * The Firestore list with the bounties hosted on Side Quest (from this server) after it. If the server
 * cannot say, the Firestore list still shows.
 */
async function firestoreWithHosted(): Promise<Bounty[]> {
  const [fromFirestore, hosted] = await Promise.all([
    (await loadFirestoreSource()).readBountyList(firebaseSettings()),
    fetchHostedBounties().catch(() => [] as Bounty[]),
  ]);
  const hostedIds = new Set(hosted.map((bounty) => bounty.id));
  return [
    ...fromFirestore
      .map((bounty) => imported(bounty) as Bounty)
      .filter((bounty) => !hostedIds.has(bounty.id)),
    ...hosted,
  ];
}

/**
 * The list. gs:// images are not looked up here (one storage request per card would hold up the whole
 * list, and cards show no image): they are blanked, and resolved on the detail page by loadBounty.
 */
export async function loadBountyList(): Promise<BountyList> {
  const { bountySource } = getRuntimeConfig();
  const bounties = bountySource === 'firestore' ? await firestoreWithHosted() : await fetchBountyList();
  return deriveBountyList(
    bounties.map((bounty) => (bounty.image_url.startsWith('gs://') ? { ...bounty, image_url: '' } : bounty)),
  );
}

/** One bounty by id, or null when there is no such bounty. */
export async function loadBounty(id: string): Promise<Bounty | null> {
  const { bountySource } = getRuntimeConfig();
  const bounty =
    bountySource === 'firestore'
      ? // Not in Firestore: perhaps hosted here; if the server cannot say, Firestore's answer stands.
        ((await (await loadFirestoreSource()).readBounty(firebaseSettings(), id).then(imported)) ??
        (await fetchHostedBounty(id).catch(() => null)))
      : await fetchBounty(id);
  return bounty ? withResolvedImage(bounty) : null;
}
