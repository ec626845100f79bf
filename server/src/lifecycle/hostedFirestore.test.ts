import request from 'supertest';
import { startTestSite, type TestSite } from '../testing/testAccounts';
import { startFakeFirestore, type FakeFirestore } from '../bounties/firestore/fakeFirestoreRest';

// Its own file: the runtime config the firestore loader reads is set once per module registry.
const PROJECT = 'demo-hosted-firestore';
let fake: FakeFirestore;
let site: TestSite;

beforeAll(async () => {
  fake = await startFakeFirestore(PROJECT);
  fake.put('bounty_items', 'fs-one', {
    item_title: 'From Firestore',
    reward_amount: 900,
    is_high_value_bounty: true,
  });
  // A document claiming to be hosted here: Firestore never speaks for this server.
  fake.put('bounty_items', 'fs-forged', {
    item_title: 'Forged hosted bounty',
    is_high_value_bounty: true,
    hosted: {
      state: 'announced',
      submissionDeadline: '2020-01-01T00:00:00Z',
      prizes: [1],
      criteria: [],
      winners: [],
      sponsor: {},
    },
  });
  site = await startTestSite({
    BOUNTY_SOURCE: 'firestore',
    FIREBASE_PROJECT_ID: PROJECT,
    FIRESTORE_EMULATOR_HOST: fake.host,
    SEED_DEMO: '1',
  });
});
afterAll(async () => {
  await site.close();
  await fake.stop();
});

describe('hosted bounties with BOUNTY_SOURCE=firestore', () => {
  it('joins the hosted bounties to the Firestore list in the public API, and keeps a document’s claim out', async () => {
    const all = (await request(site.app).get('/api/v1/bounties?limit=100').expect(200)).body.data as {
      id: string;
      title: string;
      stage: string | null;
    }[];
    expect(all.find((bounty) => bounty.id === 'fs-one')).toMatchObject({ stage: null });
    expect(all.find((bounty) => bounty.id === 'fs-forged')).toMatchObject({ stage: null });
    // The demo's 14 hosted bounties (two scored by an answer key, issue 45; one by tests, issue 56).
    expect(all.filter((bounty) => bounty.stage !== null)).toHaveLength(14);
    const paid = (await request(site.app).get('/api/v1/bounties?stage=paid').expect(200)).body.data as {
      title: string;
    }[];
    expect(paid).toHaveLength(3);
  });

  it('answers the browser’s list and detail reads of hosted bounties', async () => {
    const hosted = (await request(site.app).get('/api/hosted-bounties').expect(200)).body as {
      id: string;
      hosted: object;
    }[];
    expect(hosted).toHaveLength(14);
    expect(hosted.every((bounty) => bounty.hosted)).toBe(true);
    const one = await request(site.app).get(`/api/hosted-bounties/${hosted[0]?.id}`).expect(200);
    expect(one.body.id).toBe(hosted[0]?.id);
    await request(site.app).get('/api/hosted-bounties/fs-one').expect(404);
  });
});
