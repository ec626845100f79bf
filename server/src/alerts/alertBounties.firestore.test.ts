import { makeBounty } from '@side-quest/data/testing';
import { readServerConfig } from '../config/serverConfig';
import type { BountyStore } from '../bounties/bountyStore';
import { startFakeFirestore, type FakeFirestore } from '../bounties/firestore/fakeFirestoreRest';
import { alertBountyList } from './alertBounties';

// The list the alerts match with BOUNTY_SOURCE=firestore: Firestore's high-value documents read directly
// (the command runs without the web server) and this server's hosted bounties after them.
const PROJECT = 'demo-alerts';
let fake: FakeFirestore;
beforeAll(async () => {
  fake = await startFakeFirestore(PROJECT);
  fake.put('bounty_items', 'fs-go', {
    item_title: 'Go in Firestore',
    skill_tags: ['Go'],
    is_high_value_bounty: true,
    hosted: { claims: 'to be hosted here' },
  });
  fake.put('bounty_items', 'fs-hidden', { item_title: 'Hidden', is_high_value_bounty: false });
  fake.put('bounty_items', 'sq-hosted', {
    item_title: 'A stale copy of a hosted one',
    is_high_value_bounty: true,
  });
});
afterAll(() => fake.stop());

it("reads Firestore's list and the hosted bounties, a hosted id once and no Firestore document speaking for this server", async () => {
  const config = readServerConfig({
    BOUNTY_SOURCE: 'firestore',
    FIREBASE_PROJECT_ID: PROJECT,
    FIRESTORE_EMULATOR_HOST: fake.host,
  });
  const unused = {
    list: () => {
      throw new Error('the api store was used');
    },
  } as Pick<BountyStore, 'list'>;
  const hosted = makeBounty({ id: 'sq-hosted', item_title: 'Hosted here' });
  const list = await alertBountyList(config, unused, async () => [hosted])();
  expect(list.map((bounty) => [bounty.id, bounty.item_title])).toEqual([
    ['fs-go', 'Go in Firestore'],
    ['sq-hosted', 'Hosted here'],
  ]);
  expect(list[0]).not.toHaveProperty('hosted');
});

it('reads the embedded catalogue (with the hosted bounties in it) for BOUNTY_SOURCE=api', async () => {
  const catalogue = { list: () => [makeBounty({ id: 'api-one' })] };
  const list = await alertBountyList(readServerConfig({}), catalogue, async () => {
    throw new Error('the hosted list is already in the catalogue');
  })();
  expect(list.map((bounty) => bounty.id)).toEqual(['api-one']);
});
