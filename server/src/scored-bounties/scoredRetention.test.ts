import path from 'node:path';
import { Readable } from 'node:stream';
import { DAY_MS } from '@side-quest/data/lifecycle';
import { createFolderBlobStore, createPostgresBlobStore, type BlobStore } from '../blobs';
import { testDatabases } from '../testing/testDatabases';
import { ENTRY_FILE_RETENTION_DAYS, createEntryRetention } from './scoredRetention';
import { SCORED_DB_FILE, createScoredStore, utcDay, type ScoredStore } from './scoredStore';

// Item 12 of issue 45 on both databases, with real blob stores: entry files deleted 180 days after the
// reveal (scores kept; two instances at once delete each once), and the daily entry limit held by the
// insert itself when uploads race.

interface Adapter {
  store: ScoredStore;
  blobs: BlobStore;
  close(): Promise<void>;
}
const adapters = testDatabases('scored_retention', SCORED_DB_FILE).map(
  ([name, openDatabase]): [string, () => Promise<Adapter>] => [
    name,
    async () => {
      const opened = await openDatabase();
      return {
        store: createScoredStore(opened.database),
        blobs:
          opened.kind === 'SQLite'
            ? createFolderBlobStore(path.join(opened.dir, 'blobs'))
            : createPostgresBlobStore(opened.database),
        close: opened.close,
      };
    },
  ],
);

describe.each(adapters)('scored entries on %s', (_name, open) => {
  let adapter: Adapter;
  beforeAll(async () => {
    adapter = await open();
  });
  afterAll(() => adapter.close());

  const revealedAt = Date.parse('2026-06-01T12:00:00.000Z');
  async function entryWithFile(bountyId: string, authorId: string) {
    const blob = await adapter.blobs.put(Readable.from([Buffer.from(`id,prediction\nrow-1,0.5\n`)]), {
      contentType: 'text/csv',
      maxBytes: 1000,
    });
    await adapter.store.addScoredEntry({
      bountyId,
      submissionId: `s-${authorId}`,
      authorId,
      blobId: blob.id,
      fileName: 'entry.csv',
      at: new Date(revealedAt - DAY_MS).toISOString(),
      scores: { public: 0.7, private: 0.8, fingerprint: 'f' },
    });
    return blob.id;
  }

  it('deletes entry files 180 days after the reveal, keeps the scores, and each file once across instances', async () => {
    const old = [await entryWithFile('revealed', 'ana'), await entryWithFile('revealed', 'ben')];
    const unrevealed = await entryWithFile('still-open', 'ana');
    expect(await adapter.store.claimReveal('revealed', new Date(revealedAt).toISOString())).toBe(true);
    const instance = (at: number) =>
      createEntryRetention({ store: adapter.store, blobs: adapter.blobs, now: () => at });

    // A day before the end of retention nothing goes.
    const dayBefore = revealedAt + (ENTRY_FILE_RETENTION_DAYS - 1) * DAY_MS;
    expect(await instance(dayBefore).purgeDue()).toBe(0);
    for (const id of old) expect(await adapter.blobs.info(id)).not.toBeNull();

    // Past it, two instances at once: each file deleted, each entry forgotten once.
    const past = revealedAt + (ENTRY_FILE_RETENTION_DAYS + 1) * DAY_MS;
    const counts = await Promise.all([instance(past).purgeDue(), instance(past).purgeDue()]);
    expect(counts[0]! + counts[1]!).toBe(2);
    for (const id of old) expect(await adapter.blobs.info(id)).toBeNull();
    const entries = await adapter.store.entriesOfBounty('revealed');
    expect(entries.map((entry) => [entry.blobId, entry.publicScore, entry.privateScore])).toEqual([
      [null, 0.7, 0.8],
      [null, 0.7, 0.8],
    ]);
    // A bounty not revealed keeps its files; nothing is left to do on the next run.
    expect(await adapter.blobs.info(unrevealed)).not.toBeNull();
    expect(await instance(past).purgeDue()).toBe(0);
  });

  it('holds the daily entry limit when uploads race: exactly the limit is taken', async () => {
    const now = new Date('2026-11-30T10:00:00.000Z');
    const day = utcDay(now);
    const added = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        adapter.store.addEntryWithinLimit(
          {
            bountyId: 'raced',
            submissionId: 's-ana',
            authorId: 'ana',
            blobId: `blob-${i}`,
            fileName: 'entry.csv',
            at: new Date(now.getTime() + i).toISOString(),
          },
          { start: day.start, next: day.next, max: 3 },
        ),
      ),
    );
    expect(added.filter((entry) => entry !== null)).toHaveLength(3);
    expect(await adapter.store.entriesOf('raced', 'ana')).toHaveLength(3);
    // Another person, or the next day, has a budget of its own.
    const next = new Date(Date.parse(day.next) + 1000).toISOString();
    expect(
      await adapter.store.addEntryWithinLimit(
        {
          bountyId: 'raced',
          submissionId: 's-ana',
          authorId: 'ana',
          blobId: 'b',
          fileName: 'e.csv',
          at: next,
        },
        { ...utcDay(new Date(next)), max: 3 },
      ),
    ).not.toBeNull();
    expect(
      await adapter.store.addEntryWithinLimit(
        {
          bountyId: 'raced',
          submissionId: 's-ben',
          authorId: 'ben',
          blobId: 'c',
          fileName: 'e.csv',
          at: now.toISOString(),
        },
        { start: day.start, next: day.next, max: 3 },
      ),
    ).not.toBeNull();
  });
});
