import { setRuntimeConfig, type FirebaseSettings } from '@side-quest/data/config';
import { loadBounty, loadBountyList } from '@side-quest/data/bounties';
import {
  storageClient,
  STORAGE_MAX_OPERATION_RETRY_MS,
  STORAGE_MAX_UPLOAD_RETRY_MS,
} from '@side-quest/data/bounties';
import { splitHostPort } from '@side-quest/data/bounties';
import { isDocumentId } from '@side-quest/data/bounties';
import { startFakeFirestore, TimestampText, type FakeFirestore } from './fakeFirestoreRest';

/**
 * The firestore bounty source with the real Firebase SDK (firebase/firestore/lite, firebase/storage),
 * connected through its emulator API to a loopback server speaking Firestore's REST format.
 */
const PROJECT = 'demo-side-quest';
const BUCKET = 'demo-side-quest.appspot.com';
let fake: FakeFirestore;
let firebase: FirebaseSettings;

beforeAll(async () => {
  fake = await startFakeFirestore(PROJECT);
  firebase = {
    apiKey: 'test-key',
    authDomain: '',
    projectId: PROJECT,
    storageBucket: BUCKET,
    appId: '',
    emulatorHost: fake.host,
  };
  setRuntimeConfig({
    remotes: {},
    bountySource: 'firestore',
    firebase,
    marketingForms: { portalId: '', signupFormId: '', contactFormId: '', scriptHost: '' },
  });
  // The runtime config has no Storage emulator host: prime the one storage client with the fake's.
  storageClient(firebase, { emulatorHost: fake.host });
});
beforeEach(() => fake.clear());
afterAll(() => fake.stop());

const DOCS = `projects/${PROJECT}/databases/(default)/documents`;

describe('firestore bounty list', () => {
  it('sends the list query: bounty_items where is_high_value_bounty == true, ordered by item_title', async () => {
    fake.put('bounty_items', 'x', { item_title: 'X', is_high_value_bounty: true });
    await loadBountyList();
    const runQuery = fake.requests.filter((request) => request.path.endsWith(':runQuery'));
    expect(runQuery).toHaveLength(1);
    expect(runQuery[0]!.path).toBe(`/v1/${DOCS}:runQuery`);
    const { structuredQuery } = runQuery[0]!.body as { structuredQuery: Record<string, unknown> };
    expect(structuredQuery.from).toEqual([{ collectionId: 'bounty_items' }]);
    expect(structuredQuery.where).toEqual({
      fieldFilter: {
        field: { fieldPath: 'is_high_value_bounty' },
        op: 'EQUAL',
        value: { booleanValue: true },
      },
    });
    const orderBy = structuredQuery.orderBy as { field: { fieldPath: string }; direction: string }[];
    expect(orderBy[0]).toEqual({ field: { fieldPath: 'item_title' }, direction: 'ASCENDING' });
    // The SDK only adds the implicit document-name tie-breaker after it.
    expect(orderBy.slice(1).map((order) => order.field.fieldPath)).toEqual(['__name__']);
  });

  it('returns the high-value bounties in title order, normalised, Timestamps as ISO dates', async () => {
    fake.put('bounty_items', 'b', {
      item_title: 'Beta quest',
      platform_name: 'Acme',
      reward_amount: 1500,
      skill_tags: ['React', 'react', ' Go '],
      bounty_area: 'Software',
      created_at: new TimestampText('2026-03-04T05:06:07.123456789Z'),
      is_high_value_bounty: true,
    });
    fake.put('bounty_items', 'a', {
      item_title: 'Alpha quest',
      reward_amount: 99.5,
      is_high_value_bounty: true,
    });
    fake.put('bounty_items', 'z', { item_title: 'Zeta quest', is_high_value_bounty: true });
    fake.put('bounty_items', 'low', { item_title: 'AAA but low value', is_high_value_bounty: false });
    fake.put('bounty_items', 'text-flag', { item_title: 'AAA flag as text', is_high_value_bounty: 'true' });
    fake.put('other_collection', 'o', { item_title: 'Elsewhere', is_high_value_bounty: true });

    const { bounties, domains, skills } = await loadBountyList();
    expect(bounties.map((bounty) => bounty.id)).toEqual(['a', 'b', 'z']);
    expect(bounties[1]).toEqual({
      id: 'b',
      item_title: 'Beta quest',
      platform_name: 'Acme',
      summary_description: '',
      full_bounty_description: '',
      learnings: '',
      reward_amount: 1500,
      deadline: '',
      bounty_area: 'Software',
      skill_tags: ['React', 'react', 'Go'],
      image_url: '',
      item_url: '',
      created_at: '2026-03-04T05:06:07.123Z',
      is_high_value_bounty: true,
    });
    expect(bounties[0]!.reward_amount).toBe(99.5);
    expect(domains).toEqual(['Software']);
    expect(skills).toEqual(['Go', 'react', 'React']);
  });

  it('never crashes on documents with wrong types, and lists them normalised', async () => {
    fake.putRaw('bounty_items', 'bad', {
      item_title: { nullValue: null },
      reward_amount: { stringValue: 'lots' },
      skill_tags: { mapValue: { fields: { a: { stringValue: 'React' } } } },
      created_at: { stringValue: 'sometime last spring' },
      deadline: { timestampValue: '2026-12-24T10:00:00Z' },
      summary_description: { integerValue: '42' },
      item_url: { stringValue: 'javascript:alert(1)' },
      is_high_value_bounty: { booleanValue: true },
    });
    fake.putRaw('bounty_items', 'text-reward', {
      item_title: { stringValue: 'Reward as text' },
      reward_amount: { stringValue: '$1,250' },
      skill_tags: { stringValue: 'Python, , SQL' },
      created_at: { integerValue: '1767225600000' },
      is_high_value_bounty: { booleanValue: true },
    });
    const { bounties } = await loadBountyList();
    // A null title orders before every string, as in Firestore.
    expect(bounties.map((bounty) => bounty.id)).toEqual(['bad', 'text-reward']);
    expect(bounties[0]).toMatchObject({
      item_title: '',
      reward_amount: 0,
      skill_tags: [],
      created_at: null,
      deadline: '2026-12-24',
      summary_description: '42',
      item_url: '',
    });
    expect(bounties[1]).toMatchObject({
      reward_amount: 1250,
      skill_tags: ['Python', 'SQL'],
      created_at: '2026-01-01T00:00:00.000Z',
    });
  });

  it('rejects with the database error, so the page can show it', async () => {
    fake.failNext(403, 'Missing or insufficient permissions.');
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined); // the SDK logs it too
    await expect(loadBountyList()).rejects.toThrow('Missing or insufficient permissions.');
    warn.mockRestore();
  });
});

describe('firestore bounty detail', () => {
  it('reads one document by id through batchGet and normalises it', async () => {
    fake.put('bounty_items', 'abc123', {
      item_title: 'One bounty',
      reward_amount: '300',
      created_at: new TimestampText('2026-05-06T07:08:09.987654Z'),
      is_high_value_bounty: false,
    });
    const bounty = await loadBounty('abc123');
    const request = fake.requests.at(-1)!;
    expect(request.path).toBe(`/v1/${DOCS}:batchGet`);
    expect(request.body).toEqual({ documents: [`${DOCS}/bounty_items/abc123`] });
    expect(bounty).toMatchObject({
      id: 'abc123',
      item_title: 'One bounty',
      reward_amount: 300,
      created_at: '2026-05-06T07:08:09.987Z',
      // The detail reads any document, high-value or not.
      is_high_value_bounty: false,
    });
  });

  it('yields null for a missing document and for ids that cannot name one, without a crash', async () => {
    fake.put('bounty_items', 'ünïcødé-😀', { item_title: 'Unicode id' });
    expect(await loadBounty('ünïcødé-😀')).toMatchObject({ item_title: 'Unicode id' });
    expect(await loadBounty('no-such-id')).toBeNull();
    const before = fake.requests.length;
    for (const id of ['../etc/passwd', 'a/b', '..', '__reserved__', 'x'.repeat(2000)]) {
      expect(await loadBounty(id)).toBeNull();
    }
    // Those were refused before any request: doc() would have thrown or read another path.
    expect(fake.requests.length).toBe(before);
  });
});

describe('firebase storage', () => {
  it('is configured with the product retry limits: 2 minutes for operations, 10 for uploads', () => {
    const storage = storageClient(firebase);
    expect(storage.maxOperationRetryTime).toBe(2 * 60 * 1000);
    expect(storage.maxUploadRetryTime).toBe(10 * 60 * 1000);
    expect(STORAGE_MAX_OPERATION_RETRY_MS).toBe(120000);
    expect(STORAGE_MAX_UPLOAD_RETRY_MS).toBe(600000);
  });

  it('resolves a gs:// image to its download URL on the detail, and blanks it in the list', async () => {
    fake.putStorageObject(BUCKET, 'bounties/weld.svg', 'token-123');
    fake.put('bounty_items', 'img', {
      item_title: 'With a stored image',
      image_url: `gs://${BUCKET}/bounties/weld.svg`,
      is_high_value_bounty: true,
    });
    fake.put('bounty_items', 'gone', {
      item_title: 'With a missing stored image',
      image_url: `gs://${BUCKET}/bounties/missing.svg`,
      is_high_value_bounty: true,
    });
    const bounty = await loadBounty('img');
    expect(bounty?.image_url).toBe(
      `http://${fake.host}/v0/b/${BUCKET}/o/bounties%2Fweld.svg?alt=media&token=token-123`,
    );
    expect((await loadBounty('gone'))?.image_url).toBe('');
    const { bounties } = await loadBountyList();
    expect(bounties.map((item) => item.image_url)).toEqual(['', '']);
  });
});

describe('helpers', () => {
  it('reads an emulator host:port, IPv6 included, and refuses anything else', () => {
    expect(splitHostPort('127.0.0.1:8080')).toEqual({ host: '127.0.0.1', port: 8080 });
    expect(splitHostPort('localhost:9199')).toEqual({ host: 'localhost', port: 9199 });
    expect(splitHostPort('[::1]:8080')).toEqual({ host: '::1', port: 8080 });
    for (const bad of ['localhost', ':8080', 'host:0', 'host:70000', 'http://host:80']) {
      expect(() => splitHostPort(bad)).toThrow('Emulator host must look like "host:port"');
    }
  });

  it('knows which strings can be Firestore document ids', () => {
    expect(['abc', 'ünï-😀', 'a.b', '...', 'x'.repeat(1500)].map(isDocumentId)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['', '.', '..', 'a/b', '__id__', 'x'.repeat(1501), 'é'.repeat(751)].map(isDocumentId)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
