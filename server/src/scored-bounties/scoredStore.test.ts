import { storeAdapters } from '../testing/testStoreAdapters';
import {
  SCORED_DB_FILE,
  createScoredStore,
  finalEntries,
  publicSetup,
  utcDay,
  type ScoredEntry,
  type ScoredStore,
} from './scoredStore';

const adapters = storeAdapters('scored', SCORED_DB_FILE, createScoredStore);

const setup = {
  bountyId: 'b1',
  metric: 'roc_auc',
  publicShare: 30,
  dailyEntries: 5,
  finalEntries: 2,
  splitSecret: 'secret-never-shown',
  key: { blobId: 'key-blob', name: 'key.csv', size: 1234, rows: 40 },
  checkedKeyBlobId: 'checked-blob',
  keyDigest: 'abc123',
  files: { inputs: { blobId: 'inputs-blob', name: 'inputs.csv', size: 99 } },
  licence: 'CC BY 4.0',
};
const at = '2026-11-30T10:00:00.000Z';
const entryOf = (authorId: string, minute: number) => ({
  bountyId: 'b1',
  submissionId: `s-${authorId}`,
  authorId,
  blobId: `blob-${authorId}-${minute}`,
  fileName: 'entry.csv',
  at: `2026-11-30T10:${String(minute).padStart(2, '0')}:00.000Z`,
});

describe.each(adapters)('the scored store on %s', (_name, open) => {
  let store: ScoredStore;
  let close: () => Promise<void>;
  beforeEach(async () => {
    ({ store, close } = await open());
  });
  afterEach(() => close());

  it('saves a setup, reads it back whole, replaces it, and its public view holds no secret', async () => {
    expect(await store.setup('b1')).toBeNull();
    await store.saveSetup(setup, at);
    expect(await store.setup('b1')).toEqual({ ...setup, createdAt: at, updatedAt: at });
    const training = { blobId: 't-blob', name: 'train.zip', size: 5 };
    await store.saveSetup(
      { ...setup, publicShare: 40, files: { ...setup.files, training } },
      '2026-12-01T00:00:00.000Z',
    );
    const again = await store.setup('b1');
    expect(again).toMatchObject({ publicShare: 40, createdAt: at, updatedAt: '2026-12-01T00:00:00.000Z' });
    expect(again?.files.training).toEqual(training);
    const shown = JSON.stringify(publicSetup(again!));
    for (const secret of [
      'secret-never-shown',
      'key-blob',
      'checked-blob',
      'abc123',
      't-blob',
      'inputs-blob',
    ])
      expect(shown).not.toContain(secret);
    expect(await store.scoredBountyIds(['b1', 'b2'])).toEqual(new Set(['b1']));
    expect(await store.removeSetup('b1')).toBe(true);
    expect(await store.setup('b1')).toBeNull();
  });

  it('queues entries, and a claim is won by exactly one caller however many ask at once', async () => {
    const first = await store.addEntry(entryOf('u1', 1));
    await store.addEntry(entryOf('u2', 2));
    expect(first).toMatchObject({ status: 'queued', publicScore: null, chosenFinal: false, problems: [] });
    const claims = await Promise.all(
      Array.from({ length: 6 }, (_, i) => store.claimWaiting(`t${i}`, at, '2026-11-30T09:55:00.000Z')),
    );
    const won = claims.filter((claim): claim is ScoredEntry => claim !== null).map((claim) => claim.id);
    // Two waiting entries, six callers: each entry claimed once.
    expect(won.length).toBe(2);
    expect(new Set(won).size).toBe(2);
    expect(await store.claimWaiting('late', at, '2026-11-30T09:55:00.000Z')).toBeNull();
  });

  it('records scores only for the claim holder, takes over a stale claim, and marks invalid files', async () => {
    const entry = await store.addEntry(entryOf('u1', 1));
    const claim = await store.claimWaiting('a', '2026-11-30T10:00:00.000Z', '2026-11-30T09:55:00.000Z');
    expect(claim?.id).toBe(entry.id);
    // Ten minutes on, the claim is stale: another instance takes it over and the first may not write.
    const taken = await store.claimWaiting('b', '2026-11-30T10:10:00.000Z', '2026-11-30T10:05:00.000Z');
    expect(taken?.id).toBe(entry.id);
    expect(await store.recordScores(entry.id, 'a', { public: 0.5, private: 0.6, fingerprint: 'f' }, at)).toBe(
      false,
    );
    expect(await store.recordScores(entry.id, 'b', { public: 0.7, private: 0.8, fingerprint: 'f' }, at)).toBe(
      true,
    );
    expect(await store.entry(entry.id)).toMatchObject({
      status: 'scored',
      publicScore: 0.7,
      privateScore: 0.8,
      fingerprint: 'f',
      scoredAt: at,
    });
    expect(await store.claimWaiting('c', '2026-12-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z')).toBeNull();

    const broken = await store.addEntry(entryOf('u1', 2));
    await store.claimWaiting('d', at, '2026-11-30T09:00:00.000Z');
    expect(await store.recordInvalid(broken.id, 'd', ['Line 3: id x is not in the answer key.'], at)).toBe(
      true,
    );
    expect(await store.entry(broken.id)).toMatchObject({
      status: 'invalid',
      blobId: null,
      problems: ['Line 3: id x is not in the answer key.'],
    });

    const handedBack = await store.addEntry(entryOf('u1', 3));
    await store.claimWaiting('e', at, '2026-11-30T09:00:00.000Z');
    await store.releaseClaim(handedBack.id, 'e');
    expect((await store.claimWaiting('f', at, '2026-11-30T09:00:00.000Z'))?.id).toBe(handedBack.id);
  });

  it('counts a day’s queued and scored entries, not invalid ones, within the UTC day', async () => {
    const a = await store.addEntry(entryOf('u1', 1));
    const b = await store.addEntry(entryOf('u1', 2));
    await store.addEntry({ ...entryOf('u1', 3), at: '2026-12-01T00:00:00.000Z' });
    await store.addEntry(entryOf('u2', 4));
    await store.claimWaiting('t', at, at);
    await store.recordInvalid(a.id, 't', ['bad'], at);
    const day = utcDay(new Date('2026-11-30T23:59:59.000Z'));
    expect(day).toEqual({ start: '2026-11-30T00:00:00.000Z', next: '2026-12-01T00:00:00.000Z' });
    expect(await store.countedEntries('b1', 'u1', day.start, day.next)).toEqual([b.createdAt]);
  });

  it('keeps each person’s chosen finals, lists by person and bounty, exports and removes a person', async () => {
    const ids: string[] = [];
    for (const minute of [1, 2, 3]) {
      const entry = await store.addEntry(entryOf('u1', minute));
      const claim = await store.claimWaiting('t', at, at);
      await store.recordScores(
        claim!.id,
        't',
        { public: minute / 10, private: 0, fingerprint: `f${minute}` },
        at,
      );
      ids.push(entry.id);
    }
    await store.addEntry(entryOf('u2', 5));
    await store.chooseFinal('b1', 'u1', [ids[0] as string, 'not-an-entry']);
    // Another person cannot choose u1's entries.
    await store.chooseFinal('b1', 'u2', [ids[1] as string]);
    const mine = await store.entriesOf('b1', 'u1');
    expect(mine.map((entry) => entry.chosenFinal)).toEqual([true, false, false]);
    expect((await store.entriesOfBounty('b1')).length).toBe(4);
    expect((await store.entriesByPerson('u1')).length).toBe(3);
    expect((await store.removePerson('u1')).sort()).toEqual(['blob-u1-1', 'blob-u1-2', 'blob-u1-3']);
    // The board keeps an anonymous row: scores, times and finals stay; file, name and fingerprint go.
    const left = await store.entriesOf('b1', 'u1');
    expect(left.map((entry) => [entry.status, entry.blobId, entry.fileName, entry.fingerprint])).toEqual([
      ['scored', null, '', null],
      ['scored', null, '', null],
      ['scored', null, '', null],
    ]);
    expect(left.map((entry) => [entry.publicScore, entry.chosenFinal])).toEqual(
      mine.map((entry) => [entry.publicScore, entry.chosenFinal]),
    );
    expect((await store.entriesOfBounty('b1')).length).toBe(4);
    // An entry not scored goes whole.
    const waiting = await store.addEntry(entryOf('u3', 7));
    expect(await store.removePerson('u3')).toEqual([waiting.blobId]);
    expect(await store.entriesOf('b1', 'u3')).toEqual([]);
  });

  it('keeps a baseline’s scores, and claims each bounty’s reveal once however many ask at once', async () => {
    await store.saveSetup(setup, at);
    await store.saveSetup({ ...setup, bountyId: 'b2' }, at);
    expect(await store.baseline('b1')).toBeNull();
    await store.saveBaseline('b1', { public: 0.61, private: 0.58 }, at);
    await store.saveBaseline('b1', { public: 0.62, private: 0.57 }, at);
    expect(await store.baseline('b1')).toEqual({ public: 0.62, private: 0.57 });
    expect((await store.unrevealedBountyIds()).sort()).toEqual(['b1', 'b2']);
    const claims = await Promise.all(Array.from({ length: 5 }, () => store.claimReveal('b1', at)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await store.unrevealedBountyIds()).toEqual(['b2']);
    await store.saveBaseline('b1', null, at);
    expect(await store.baseline('b1')).toBeNull();
  });

  it('stores an entry scored elsewhere (the demo) as scored, chosen final when asked', async () => {
    await store.addScoredEntry({
      ...entryOf('u1', 3),
      scores: { public: 0.7, private: 0.8, fingerprint: 'f' },
      chosenFinal: true,
    });
    expect(await store.entriesOf('b1', 'u1')).toEqual([
      expect.objectContaining({ status: 'scored', publicScore: 0.7, privateScore: 0.8, chosenFinal: true }),
    ]);
  });
});

describe('final entries', () => {
  const entry = (id: string, score: number | null, minute: number, chosenFinal = false): ScoredEntry => ({
    id,
    bountyId: 'b',
    submissionId: 's',
    authorId: 'u',
    blobId: null,
    fileName: 'e.csv',
    status: score === null ? 'queued' : 'scored',
    publicScore: score,
    privateScore: null,
    fingerprint: null,
    problems: [],
    chosenFinal,
    createdAt: `2026-11-30T10:0${minute}:00.000Z`,
    scoredAt: null,
  });
  const higher = (a: number, b: number) => a > b;

  it('are the best public scores by default, ties to the earlier entry, waiting ones left out', () => {
    const list = [entry('a', 0.5, 1), entry('b', 0.9, 2), entry('c', 0.9, 3), entry('d', null, 4)];
    expect(finalEntries(list, 2, higher).map((e) => e.id)).toEqual(['b', 'c']);
    expect(finalEntries(list, 1, (a, b) => a < b).map((e) => e.id)).toEqual(['a']);
  });

  it('are the chosen ones once the person chooses', () => {
    const list = [entry('a', 0.5, 1, true), entry('b', 0.9, 2)];
    expect(finalEntries(list, 2, higher).map((e) => e.id)).toEqual(['a']);
  });
});
