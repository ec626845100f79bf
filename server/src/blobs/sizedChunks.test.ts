import { Readable } from 'node:stream';
import { BlobTooLargeError } from './blobStore';
import { sizedChunks } from './sizedChunks';

async function collect(pieces: Buffer[], chunkBytes: number, maxBytes: number) {
  const chunks: Buffer[] = [];
  for await (const chunk of sizedChunks(Readable.from(pieces), chunkBytes, maxBytes)) chunks.push(chunk);
  return chunks;
}

const bytes = (length: number, start = 0) => Buffer.from(Array.from({ length }, (_, i) => (start + i) % 251));

describe('sizedChunks', () => {
  it('cuts pieces of any size into chunks of exactly the chunk size, the last one shorter', async () => {
    const all = bytes(25);
    const chunks = await collect([all.subarray(0, 3), all.subarray(3, 17), all.subarray(17)], 8, 100);
    expect(chunks.map((chunk) => chunk.length)).toEqual([8, 8, 8, 1]);
    expect(Buffer.concat(chunks)).toEqual(all);
  });

  it('yields nothing for an empty source, and no empty chunk when the length is a multiple', async () => {
    expect(await collect([], 8, 100)).toEqual([]);
    expect((await collect([bytes(16)], 8, 100)).map((chunk) => chunk.length)).toEqual([8, 8]);
  });

  it('accepts exactly the limit and refuses one byte more', async () => {
    expect(Buffer.concat(await collect([bytes(10)], 4, 10))).toEqual(bytes(10));
    await expect(collect([bytes(6), bytes(5)], 4, 10)).rejects.toEqual(new BlobTooLargeError(10));
  });

  it('stops at the piece that crosses the limit and leaves the source readable for the caller to drain', async () => {
    const pieces = [bytes(6), bytes(6), bytes(6)];
    const source = new Readable({
      read() {
        this.push(pieces.shift() ?? null);
      },
    });
    await expect(
      (async () => {
        for await (const chunk of sizedChunks(source, 4, 10)) void chunk;
      })(),
    ).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(source.destroyed).toBe(false);
    let rest = 0;
    for await (const piece of source) rest += (piece as Buffer).length;
    expect(rest).toBe(6);
  });

  it('returns chunks that do not share memory with a larger incoming piece', async () => {
    const [first] = await collect([bytes(64 * 1024)], 8 * 1024, 64 * 1024);
    expect(first?.buffer.byteLength).toBeLessThan(64 * 1024);
  });
});
