import express from 'express';
import request from 'supertest';
import { readServerConfig } from '../config/serverConfig';
import type { BountyStore } from '../bounties/bountyStore';
import {
  startFakeFirestore,
  TimestampText,
  type FakeFirestore,
} from '../bounties/firestore/fakeFirestoreRest';
import { createCrawlFiles } from './crawlFiles';

// Its own file: the runtime config the firestore loader reads is set once per module registry.
const PROJECT = 'demo-sitemap';
let fake: FakeFirestore;

beforeAll(async () => {
  fake = await startFakeFirestore(PROJECT);
  fake.put('bounty_items', 'fs-one', {
    item_title: 'One',
    is_high_value_bounty: true,
    created_at: new TimestampText('2025-04-03T10:00:00.000Z'),
  });
  fake.put('bounty_items', 'fs two', { item_title: 'Two', is_high_value_bounty: true });
  fake.put('bounty_items', 'fs-hidden', { item_title: 'Hidden', is_high_value_bounty: false });
});

afterAll(() => fake.stop());

it('lists the bounties from Firestore with BOUNTY_SOURCE=firestore, through the shared loader', async () => {
  const config = readServerConfig({
    BOUNTY_SOURCE: 'firestore',
    FIREBASE_PROJECT_ID: PROJECT,
    FIRESTORE_EMULATOR_HOST: fake.host,
  });
  const unused = new Proxy({} as BountyStore, {
    get(_target, name) {
      if (name === 'then') return undefined;
      throw new Error(`the api store was used (${String(name)})`);
    },
  });
  const app = express().use(
    createCrawlFiles({
      config,
      bounties: unused,
      sections: null,
      publicOrigin: () => 'https://side.example',
      selfOrigin: () => 'http://127.0.0.1:9',
      now: () => new Date('2025-07-01T00:00:00.000Z'),
      log: (message) => {
        throw new Error(message);
      },
    }),
  );
  const response = await request(app).get('/sitemap.xml').expect(200);
  expect(response.text).toContain(
    '<url><loc>https://side.example/bounty/fs-one</loc><lastmod>2025-04-03</lastmod></url>',
  );
  expect(response.text).toContain(
    '<url><loc>https://side.example/bounty/fs%20two</loc><lastmod>2025-04-03</lastmod></url>',
  );
  expect(response.text).not.toContain('fs-hidden');
  expect(response.text).toContain(
    '<url><loc>https://side.example/compass</loc><lastmod>2025-04-03</lastmod>',
  );
});
