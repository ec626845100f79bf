import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { setRuntimeConfig } from '@side-quest/data/config';
import { loadBountyList } from '@side-quest/data/bounties';
import { openBountyStore, readDataset } from '../src/bounties/bountyStore';
import { startFakeFirestore, type FakeFirestore } from '../src/bounties/firestore/fakeFirestoreRest';
import { seedFirestore } from './seed-firestore';

/**
 * The seed script's writer with the real firebase-admin SDK, talking REST (preferRest) to the fake
 * Firestore server; then the site's firestore source reads the result back with the web SDK.
 */
const PROJECT = 'demo-seed';
const seededAt = new Date('2026-11-01T08:00:00.000Z');
let fake: FakeFirestore;

beforeAll(async () => {
  fake = await startFakeFirestore(PROJECT);
});
afterAll(async () => {
  delete process.env.FIRESTORE_EMULATOR_HOST;
  await fake.stop();
});

it('writes the shipped dataset to bounty_items, which the site then lists like the embedded database', async () => {
  process.env.FIRESTORE_EMULATOR_HOST = fake.host;
  const app = initializeApp({ projectId: PROJECT }, 'seed-test');
  const db = getFirestore(app);
  // The fake speaks REST only: use firebase-admin's REST transport with the emulator's owner token.
  db.settings({
    preferRest: true,
    authClient: {
      getRequestHeaders: async () => new Headers({ Authorization: 'Bearer owner' }),
      universeDomain: 'googleapis.com',
    },
  } as never);
  const { bounties: entries } = readDataset();
  try {
    expect(await seedFirestore(db, entries, seededAt)).toBe(entries.length);
  } finally {
    await deleteApp(app);
  }

  const commits = fake.requests.filter((request) => request.path.endsWith('/documents:commit'));
  expect(commits.length).toBe(Math.ceil(entries.length / 400));
  const writes = commits.flatMap(
    (request) =>
      (request.body as { writes: { update: { name: string; fields: Record<string, unknown> } }[] }).writes,
  );
  expect(writes.map((write) => write.update.name)).toEqual(
    entries.map((entry) => `projects/${PROJECT}/databases/(default)/documents/bounty_items/${entry.id}`),
  );
  const dated = entries.findIndex((entry) => typeof entry.created_days_ago === 'number');
  const fields = writes[dated]!.update.fields;
  expect(fields.created_at).toEqual({
    timestampValue: new Date(seededAt.getTime() - entries[dated]!.created_days_ago! * 86400000).toISOString(),
  });
  expect(fields).not.toHaveProperty('created_days_ago');
  expect(fields).not.toHaveProperty('deadline_in_days');
  expect(fields).not.toHaveProperty('id');

  setRuntimeConfig({
    remotes: {},
    bountySource: 'firestore',
    firebase: {
      apiKey: '',
      authDomain: '',
      projectId: PROJECT,
      storageBucket: '',
      appId: '',
      emulatorHost: fake.host,
    },
    marketingForms: { portalId: '', signupFormId: '', contactFormId: '', scriptHost: '' },
  });
  const { bounties } = await loadBountyList();
  const embedded = openBountyStore(fs.mkdtempSync(path.join(os.tmpdir(), 'sq-seed-')), {
    now: () => seededAt,
  });
  expect(bounties).toEqual(embedded.list());
  embedded.close();
});
