import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import { testPostgresDatabases } from '../testing/testDatabases';
import { BlobTooLargeError, type BlobStore } from './blobStore';
import { createFolderBlobStore } from './folderBlobStore';
import { CHUNK_BYTES, createPostgresBlobStore } from './postgresBlobStore';

// One contract for both blob stores: a real folder in a temporary directory, and a real PostgreSQL
// started on loopback for this file (required under CI, see testPostgres.ts).

interface Adapter {
  store: BlobStore;
  /** Another store on the same folder or database: a second instance of the server. */
  another(): BlobStore;
  /** Blobs a reader could see, and everything stored at all (partial writes included). */
  counts(): Promise<{ visible: number; anything: number }>;
  close(): Promise<void>;
}

const postgres = testPostgresDatabases('blobs');

const adapters: Array<[string, () => Promise<Adapter>]> = [
  [
    'folder',
    async () => {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-blobs-'));
      const entries = (dir: string) => fs.readdirSync(path.join(root, dir), { recursive: true }).length;
      return {
        store: createFolderBlobStore(root),
        another: () => createFolderBlobStore(root),
        async counts() {
          const shards = fs.readdirSync(path.join(root, 'objects'));
          const visible = shards.reduce(
            (sum, shard) => sum + fs.readdirSync(path.join(root, 'objects', shard)).length,
            0,
          );
          return { visible, anything: entries('objects') - shards.length + entries('tmp') };
        },
        async close() {
          fs.rmSync(root, { recursive: true, force: true });
        },
      };
    },
  ],
];
if (postgres)
  adapters.push([
    'PostgreSQL',
    async () => {
      const opened = await postgres();
      const count = async (sql: string) => (await opened.database.query<{ n: number }>(sql)).rows[0]?.n ?? 0;
      return {
        store: createPostgresBlobStore(opened.database),
        another: () => createPostgresBlobStore(opened.another()),
        async counts() {
          return {
            visible: await count('SELECT COUNT(*)::int AS n FROM blobs WHERE complete'),
            anything:
              (await count('SELECT COUNT(*)::int AS n FROM blobs')) +
              (await count('SELECT COUNT(*)::int AS n FROM blob_chunks')),
          };
        },
        close: () => opened.close(),
      };
    },
  ]);

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A source that hands out `pieces`, then waits for `release` before ending (a slow upload). */
function heldSource(pieces: Buffer[]) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const source = Readable.from(
    (async function* () {
      yield* pieces;
      await released;
    })(),
    { objectMode: false },
  );
  return { source, release };
}

/** `gc` when V8 lets this process expose it (it does on Node 20), so live memory can be measured. */
function exposedGc(): (() => void) | null {
  v8.setFlagsFromString('--expose-gc');
  const gc: unknown = vm.runInNewContext('typeof gc === "function" ? gc : null');
  return typeof gc === 'function' ? (gc as () => void) : null;
}

/** Live heap plus Buffer memory after full collections, in bytes. */
function liveBytes(gc: () => void): number {
  // Twice: V8 frees large Buffers' memory in a sweep that may still be running after one collection.
  gc();
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

describe.each(adapters)('blob store contract: %s', (_name, open) => {
  let adapter: Adapter;
  beforeEach(async () => {
    adapter = await open();
  });
  afterEach(async () => {
    await adapter.close();
  });

  it('stores a stream and gives it back as a stream, with its size and content type', async () => {
    const bytes = randomBytes(700_000);
    const info = await adapter.store.put(Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]), {
      contentType: 'text/csv; charset=utf-8',
      maxBytes: 1_000_000,
    });
    expect(info).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      size: 700_000,
      contentType: 'text/csv; charset=utf-8',
      createdAt: expect.any(String),
    });
    expect(await adapter.store.info(info.id)).toEqual(info);
    const got = await adapter.store.get(info.id);
    expect(got?.info).toEqual(info);
    expect((await readAll(got?.stream as Readable)).equals(bytes)).toBe(true);
  });

  it('stores an empty stream as an empty blob', async () => {
    const info = await adapter.store.put(Readable.from([]), { contentType: 'text/csv', maxBytes: 10 });
    expect(info.size).toBe(0);
    expect((await readAll((await adapter.store.get(info.id))?.stream as Readable)).length).toBe(0);
  });

  it('deletes a blob once; afterwards it does not exist', async () => {
    const { id } = await adapter.store.put(Readable.from([Buffer.from('id,target\n')]), {
      contentType: 'text/csv',
      maxBytes: 100,
    });
    expect(await adapter.store.delete(id)).toBe(true);
    expect(await adapter.store.delete(id)).toBe(false);
    expect(await adapter.store.info(id)).toBeNull();
    expect(await adapter.store.get(id)).toBeNull();
    expect(await adapter.counts()).toEqual({ visible: 0, anything: 0 });
  });

  it('knows no blob by an unknown id, and none by a string that is not an id (a path, say)', async () => {
    for (const id of ['0b7d2d58-4b0e-4c57-9d54-6a2f5f2a9c11', '../../accounts.db', '', 'x'.repeat(300)]) {
      expect(await adapter.store.info(id)).toBeNull();
      expect(await adapter.store.get(id)).toBeNull();
      expect(await adapter.store.delete(id)).toBe(false);
    }
  });

  it('accepts exactly the limit; one byte over rejects with BlobTooLargeError and stores nothing', async () => {
    const exact = await adapter.store.put(Readable.from([randomBytes(CHUNK_BYTES * 2)]), {
      contentType: 'application/zip',
      maxBytes: CHUNK_BYTES * 2,
    });
    expect(exact.size).toBe(CHUNK_BYTES * 2);
    await adapter.store.delete(exact.id);

    const over = Readable.from([randomBytes(CHUNK_BYTES * 2), Buffer.from([1])]);
    await expect(
      adapter.store.put(over, { contentType: 'application/zip', maxBytes: CHUNK_BYTES * 2 }),
    ).rejects.toEqual(new BlobTooLargeError(CHUNK_BYTES * 2));
    expect(await adapter.counts()).toEqual({ visible: 0, anything: 0 });
  });

  it('stores nothing when the source fails part-way, and passes its error on', async () => {
    const failing = Readable.from(
      (async function* () {
        yield randomBytes(CHUNK_BYTES + 10);
        throw new Error('connection reset');
      })(),
      { objectMode: false },
    );
    await expect(
      adapter.store.put(failing, { contentType: 'text/csv', maxBytes: 10_000_000 }),
    ).rejects.toThrow('connection reset');
    expect(await adapter.counts()).toEqual({ visible: 0, anything: 0 });
  });

  it('shows no blob while it is being written', async () => {
    const { source, release } = heldSource([randomBytes(CHUNK_BYTES * 2 + 5)]);
    const putting = adapter.store.put(source, { contentType: 'text/csv', maxBytes: 10_000_000 });
    // The held source has handed out its bytes; the put now waits for the rest.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const during = await adapter.counts();
    expect(during.visible).toBe(0);
    expect(during.anything).toBeGreaterThan(0);
    release();
    const info = await putting;
    expect(await adapter.counts()).toMatchObject({ visible: 1 });
    expect(info.size).toBe(CHUNK_BYTES * 2 + 5);
  });

  it('lets another instance on the same storage read and delete what one stored', async () => {
    const bytes = randomBytes(CHUNK_BYTES + 1);
    const { id } = await adapter.store.put(Readable.from([bytes]), {
      contentType: 'text/csv',
      maxBytes: 1e6,
    });
    const other = adapter.another();
    expect((await readAll((await other.get(id))?.stream as Readable)).equals(bytes)).toBe(true);
    expect(await other.delete(id)).toBe(true);
    expect(await adapter.store.info(id)).toBeNull();
  });

  it('keeps concurrent puts apart', async () => {
    const first = randomBytes(CHUNK_BYTES * 3);
    const second = randomBytes(CHUNK_BYTES + 7);
    const [a, b] = await Promise.all([
      adapter.store.put(Readable.from([first]), { contentType: 'text/csv', maxBytes: 1e7 }),
      adapter.store.put(Readable.from([second]), { contentType: 'application/zip', maxBytes: 1e7 }),
    ]);
    expect(a.id).not.toBe(b.id);
    expect((await readAll((await adapter.store.get(a.id))?.stream as Readable)).equals(first)).toBe(true);
    expect((await readAll((await adapter.store.get(b.id))?.stream as Readable)).equals(second)).toBe(true);
  });

  it('refuses options that are a programming error before reading anything', async () => {
    const source = Readable.from([Buffer.from('a')]);
    await expect(
      adapter.store.put(source, { contentType: 'text/csv\r\nX: 1', maxBytes: 10 }),
    ).rejects.toThrow(TypeError);
    await expect(adapter.store.put(source, { contentType: 'text/csv', maxBytes: -1 })).rejects.toThrow(
      TypeError,
    );
    expect(await adapter.counts()).toEqual({ visible: 0, anything: 0 });
  });

  it('streams 50 MB in and out holding a few chunks at a time, never the whole file', async () => {
    const total = 50 * 1024 * 1024;
    const pieceBytes = 64 * 1024;
    const base = randomBytes(pieceBytes);
    const gc = exposedGc();
    const baseline = gc ? liveBytes(gc) : 0;
    let peak = 0;
    const sample = () => {
      if (gc) peak = Math.max(peak, liveBytes(gc) - baseline);
    };

    const written = createHash('sha256');
    const source = Readable.from(
      (async function* () {
        for (let offset = 0; offset < total; offset += pieceBytes) {
          // Each piece differs, so a chunk mixed up with another would change the digest.
          const piece = Buffer.from(base);
          piece.writeUInt32BE(offset / pieceBytes, 0);
          written.update(piece);
          if (offset % (2 * 1024 * 1024) === 0) sample();
          yield piece;
        }
      })(),
      { objectMode: false },
    );
    const info = await adapter.store.put(source, { contentType: 'application/zip', maxBytes: total });
    expect(info.size).toBe(total);

    const read = createHash('sha256');
    let largestChunk = 0;
    let readBytes = 0;
    for await (const chunk of (await adapter.store.get(info.id))?.stream as Readable) {
      const bytes = chunk as Buffer;
      read.update(bytes);
      largestChunk = Math.max(largestChunk, bytes.length);
      readBytes += bytes.length;
      if (readBytes % (2 * 1024 * 1024) < bytes.length) sample();
    }
    expect(readBytes).toBe(total);
    expect(read.digest('hex')).toBe(written.digest('hex'));
    expect(largestChunk).toBeLessThanOrEqual(CHUNK_BYTES);
    if (gc) {
      // The most live memory the transfer added at any sample (about 1 MB on this machine, README.md).
      expect(peak).toBeLessThan(20 * 1024 * 1024);
    }
  }, 120_000);
});
