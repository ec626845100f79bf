import express from 'express';
import request from 'supertest';
import { readServerConfig } from '../config/serverConfig';
import type { BountyStore } from '../bounties/bountyStore';
import { createPublicBounties } from '../bounties/publicBounties';
import {
  startFakeFirestore,
  TimestampText,
  type FakeFirestore,
} from '../bounties/firestore/fakeFirestoreRest';
import { createPublicApiRouter } from './publicApiRouter';

// Its own file: the runtime config the firestore loader reads is set once per module registry.
const PROJECT = 'demo-public-api';
let fake: FakeFirestore;
let stopped = false;

beforeAll(async () => {
  fake = await startFakeFirestore(PROJECT);
  fake.put('bounty_items', 'fs-one', {
    item_title: 'One',
    reward_amount: 900,
    is_high_value_bounty: true,
    created_at: new TimestampText('2025-04-03T10:00:00.000Z'),
  });
  fake.put('bounty_items', 'fs two', { item_title: 'Two', reward_amount: 100, is_high_value_bounty: true });
  fake.put('bounty_items', 'fs-hidden', { item_title: 'Hidden', is_high_value_bounty: false });
});

afterAll(async () => {
  if (!stopped) await fake.stop();
});

it('publishes the Firestore list with BOUNTY_SOURCE=firestore, and answers 503 when it cannot be read', async () => {
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
  let clock = Date.parse('2026-01-01T00:00:00.000Z');
  const app = express();
  app.use(
    '/api',
    createPublicApiRouter({
      bounties: createPublicBounties(
        config,
        unused,
        () => 'http://127.0.0.1:9',
        () => clock,
      ),
      publicOrigin: () => 'https://side.example',
      readRateLimitPerMinute: 1000,
      now: () => clock,
    }),
  );

  const page = await request(app).get('/api/v1/bounties').expect(200);
  expect(page.body).toEqual({
    data: [
      expect.objectContaining({ id: 'fs-one', reward: 900, createdAt: '2025-04-03T10:00:00.000Z' }),
      expect.objectContaining({ id: 'fs two', url: 'https://side.example/bounty/fs%20two' }),
    ],
    nextCursor: null,
  });
  await request(app).get('/api/v1/bounties/fs-hidden').expect(404);

  // Within 30 s the list read before is used; after that, a source that is down is a 503, never a 500.
  await fake.stop();
  stopped = true;
  await request(app).get('/api/v1/bounties/fs-one').expect(200);
  clock += 31_000;
  const down = await request(app).get('/api/v1/bounties').expect(503);
  expect(down.headers['retry-after']).toBe('10');
  expect(down.body).toEqual({ success: false, message: expect.any(String) });
});
