/**
 * Loads the shipped bounty dataset into Firestore's bounty_items collection with firebase-admin.
 *
 *   FIREBASE_PROJECT_ID=my-project GOOGLE_APPLICATION_CREDENTIALS=key.json npm run seed:firestore
 *   FIREBASE_PROJECT_ID=demo-side-quest FIRESTORE_EMULATOR_HOST=127.0.0.1:8080 npm run seed:firestore
 *
 * Options: --file <dataset.json> (default: the shipped server/src/bounties/data/bounties.json),
 * --dry-run (print what would be written). Documents are written by id, so running it again updates
 * them in place instead of duplicating; dates are counted from the moment it runs, like the
 * embedded database's first start, and created_at is stored as a Firestore Timestamp.
 */
import { applicationDefault, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  readDataset,
  SHIPPED_DATASET,
  toStoredDocument,
  type DatasetEntry,
} from '../src/bounties/bountyStore';

export const BOUNTY_COLLECTION = 'bounty_items';
/** Firestore accepts at most 500 writes per batch. */
const BATCH_SIZE = 400;

/** A data-file entry as the Firestore document the site reads: created_at as a Timestamp. */
export function toFirestoreDocument(entry: DatasetEntry, seededAt: Date): Record<string, unknown> {
  const document = toStoredDocument(entry, seededAt);
  if (typeof document.created_at === 'string') {
    document.created_at = Timestamp.fromDate(new Date(document.created_at));
  }
  return document;
}

export async function seedFirestore(
  db: Firestore,
  entries: DatasetEntry[],
  seededAt: Date = new Date(),
): Promise<number> {
  for (let start = 0; start < entries.length; start += BATCH_SIZE) {
    const batch = db.batch();
    for (const entry of entries.slice(start, start + BATCH_SIZE)) {
      batch.set(db.collection(BOUNTY_COLLECTION).doc(entry.id), toFirestoreDocument(entry, seededAt));
    }
    await batch.commit();
  }
  return entries.length;
}

function parseArgs(argv: string[]): { file: string; dryRun: boolean } {
  let file = SHIPPED_DATASET;
  let dryRun = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--dry-run') dryRun = true;
    else if (arg === '--file' && argv[i + 1]) file = argv[++i]!;
    else
      throw new Error(`Unknown argument "${arg}". Usage: seed-firestore [--file dataset.json] [--dry-run]`);
  }
  return { file, dryRun };
}

async function main(): Promise<void> {
  const { file, dryRun } = parseArgs(process.argv.slice(2));
  const projectId = process.env.FIREBASE_PROJECT_ID || process.env.GCLOUD_PROJECT || '';
  if (!projectId) throw new Error('Set FIREBASE_PROJECT_ID to the Firebase project to seed.');
  const emulator = process.env.FIRESTORE_EMULATOR_HOST;
  const { bounties } = readDataset(file);
  if (dryRun) {
    console.log(`Would write ${bounties.length} bounties from ${file} to ${projectId}/${BOUNTY_COLLECTION}.`);
    return;
  }
  // With FIRESTORE_EMULATOR_HOST set, firebase-admin talks to the emulator and needs no credentials.
  const app: App = initializeApp(emulator ? { projectId } : { projectId, credential: applicationDefault() });
  try {
    const written = await seedFirestore(getFirestore(app), bounties);
    console.log(
      `Wrote ${written} bounties to ${emulator ? `the emulator at ${emulator}` : `project ${projectId}`} (${BOUNTY_COLLECTION}).`,
    );
  } finally {
    await deleteApp(app);
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
