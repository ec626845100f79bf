import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setRuntimeConfig, type RuntimeConfig } from '@side-quest/data/config';
import { loadBounty, loadBountyList } from '@side-quest/data/bounties';
import { createApp } from '../app';
import { readServerConfig } from '../config/serverConfig';
import { openBountyStore, readDataset, toStoredDocument } from './bountyStore';
import { startFakeFirestore, TimestampText, type FakeFirestore } from './firestore/fakeFirestoreRest';

/**
 * Both bounty sources, fed the same documents (the whole shipped dataset plus malformed ones), must
 * hand the pages the same normalised bounties, in the same order.
 */
const PROJECT = 'demo-parity';
const seededAt = new Date('2026-11-01T09:30:00.000Z');

const BAD_DOCUMENTS: { id: string; document: Record<string, unknown> }[] = [
  {
    id: 'bad-types',
    document: {
      item_title: 'Bad types',
      reward_amount: 'a lot',
      skill_tags: 'React, react , ,Go',
      created_at: 'not a date',
      deadline: 'ASAP',
      item_url: 'javascript:alert(1)',
      is_high_value_bounty: true,
    },
  },
  {
    id: 'no-title',
    document: {
      item_title: null,
      summary_description: 'Untitled',
      reward_amount: '$2,500',
      is_high_value_bounty: true,
    },
  },
  {
    id: 'tags-object',
    document: { item_title: 'Tags object', skill_tags: { 0: 'x' }, is_high_value_bounty: true },
  },
  {
    id: 'negative-reward',
    document: { item_title: 'Zz 2024', reward_amount: -5, is_high_value_bounty: true },
  },
  { id: 'flag-text', document: { item_title: 'Flag as text', is_high_value_bounty: 'true' } },
];

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let server: Server;
let baseUrl: string;
let fake: FakeFirestore;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  const documents = [
    ...readDataset().bounties.map((entry) => ({ id: entry.id, document: toStoredDocument(entry, seededAt) })),
    ...BAD_DOCUMENTS,
  ];

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-parity-'));
  const store = openBountyStore(dataDir, { seedFile: null });
  store.put(documents);
  store.close();
  server = createApp(readServerConfig({ DATA_DIR: dataDir })).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The api source fetches site-relative paths, as in the browser.
  globalThis.fetch = ((input: string | URL | Request, init?: RequestInit) =>
    realFetch(
      typeof input === 'string' && input.startsWith('/') ? baseUrl + input : input,
      init,
    )) as typeof fetch;

  fake = await startFakeFirestore(PROJECT);
  for (const { id, document } of documents) {
    // In Firestore, creation dates are Timestamps; a malformed one stays whatever it was.
    const created = document.created_at;
    fake.put('bounty_items', id, {
      ...document,
      ...(typeof created === 'string' && ISO.test(created) ? { created_at: new TimestampText(created) } : {}),
    });
  }
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await fake.stop();
  await new Promise((resolve) => server.close(resolve));
});

function useSource(bountySource: 'api' | 'firestore') {
  const config: RuntimeConfig = {
    remotes: {},
    bountySource,
    firebase: {
      apiKey: '',
      authDomain: '',
      projectId: PROJECT,
      storageBucket: '',
      appId: '',
      emulatorHost: fake.host,
    },
    marketingForms: { portalId: '', signupFormId: '', contactFormId: '', scriptHost: '' },
  };
  setRuntimeConfig(config);
}

const IDS = [
  'bad-types',
  'no-title',
  'tags-object',
  'flag-text',
  'no-such-id',
  'ünïcødé',
  '../etc',
  'x'.repeat(3000),
];

it('the list is the same from both sources', async () => {
  useSource('api');
  const fromApi = await loadBountyList();
  useSource('firestore');
  const fromFirestore = await loadBountyList();
  expect(fromFirestore).toEqual(fromApi);
  // And it is the product's list: shipped high-value bounties plus the malformed high-value ones.
  const expected = readDataset().bounties.filter((entry) => entry.is_high_value_bounty === true).length + 4;
  expect(fromApi.bounties).toHaveLength(expected);
  expect(fromApi.bounties[0]!.id).toBe('no-title');
  expect(fromApi.bounties.find((bounty) => bounty.id === 'bad-types')).toMatchObject({
    reward_amount: 0,
    skill_tags: ['React', 'react', 'Go'],
    created_at: null,
    deadline: 'ASAP',
    item_url: '',
  });
});

// Every bounty of the dataset read twice, each through its own HTTP request (the Firestore SDK's one per
// document): under 2 s here, past Jest's default 5 s on a machine whose two cores are busy elsewhere.
const EVERY_DETAIL_TIMEOUT_MS = 30_000;

it(
  'every detail is the same from both sources, including missing and impossible ids',
  async () => {
    const ids = [...readDataset().bounties.map((entry) => entry.id), ...IDS];
    useSource('api');
    const fromApi = await Promise.all(ids.map((id) => loadBounty(id)));
    useSource('firestore');
    const fromFirestore = await Promise.all(ids.map((id) => loadBounty(id)));
    expect(fromFirestore).toEqual(fromApi);
    expect(fromApi.slice(-4)).toEqual([null, null, null, null]);
    // Dated bounties carry the seed-relative ISO date through both (Timestamp in Firestore, text in SQLite).
    const first = readDataset().bounties.find((entry) => typeof entry.created_days_ago === 'number')!;
    const index = ids.indexOf(first.id);
    expect(fromFirestore[index]?.created_at).toBe(
      new Date(seededAt.getTime() - first.created_days_ago! * 24 * 60 * 60 * 1000).toISOString(),
    );
  },
  EVERY_DETAIL_TIMEOUT_MS,
);
