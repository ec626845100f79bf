import type { Readable } from 'node:stream';
import { BlobTooLargeError } from './blobStore';

/**
 * The bytes of `source` in chunks of exactly `chunkBytes` (the last one shorter, and none for an empty
 * source), throwing BlobTooLargeError as soon as more than `maxBytes` have arrived. Holds at most one
 * chunk and one incoming piece at a time. Leaves `source` undestroyed when it stops early (the caller
 * may still drain it), which for-await over the stream itself would not.
 */
export async function* sizedChunks(
  source: Readable,
  chunkBytes: number,
  maxBytes: number,
): AsyncGenerator<Buffer, void, undefined> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let total = 0;
  for await (const piece of source.iterator({ destroyOnReturn: false })) {
    let bytes: Buffer = typeof piece === 'string' ? Buffer.from(piece) : (piece as Buffer);
    total += bytes.length;
    if (total > maxBytes) throw new BlobTooLargeError(maxBytes);
    while (pendingBytes + bytes.length >= chunkBytes) {
      const take = chunkBytes - pendingBytes;
      pending.push(bytes.subarray(0, take));
      // A copy, so a yielded chunk never pins the (possibly larger) buffer it was cut from.
      yield Buffer.concat(pending, chunkBytes);
      bytes = bytes.subarray(take);
      pending = [];
      pendingBytes = 0;
    }
    if (bytes.length > 0) {
      pending.push(bytes);
      pendingBytes += bytes.length;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending, pendingBytes);
}
