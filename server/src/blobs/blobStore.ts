import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

/** What the store knows of a blob besides its bytes. */
export interface BlobInfo {
  id: string;
  /** Bytes stored. */
  size: number;
  /** The media type given at `put`, e.g. `text/csv`; served as given, so callers choose it, not the client. */
  contentType: string;
  /** When the blob was completely stored (ISO 8601). */
  createdAt: string;
}

export interface PutOptions {
  contentType: string;
  /** The most bytes the blob may hold; one more and `put` rejects with BlobTooLargeError, storing nothing. */
  maxBytes: number;
}

/**
 * Files (answer keys, entrants' data, entries) as streams, never whole in memory. A blob appears whole
 * or not at all: `get` and `info` never see one that is half written or whose `put` failed. Ids are the
 * store's own (random), so a caller never names a path or a row. Adapters: a folder under DATA_DIR
 * (folderBlobStore) and PostgreSQL (postgresBlobStore), held to one contract (blobStoreContract.test.ts).
 */
export interface BlobStore {
  /**
   * Reads `source` to its end into a new blob. Over `maxBytes` it stops reading, removes what it wrote
   * and rejects with BlobTooLargeError; the rest of `source` is left unread and not destroyed, for the
   * caller to drain or close (an HTTP request being answered 413, say).
   */
  put(source: Readable, options: PutOptions): Promise<BlobInfo>;
  /** The blob's bytes as a stream with its info, or null when there is no such blob. */
  get(id: string): Promise<{ info: BlobInfo; stream: Readable } | null>;
  /** The blob's info without its bytes (whether it exists), or null. */
  info(id: string): Promise<BlobInfo | null>;
  /** Removes the blob; false when there was none. A stream already open may still end or fail. */
  delete(id: string): Promise<boolean>;
}

/** A stream was longer than the limit it was put with; nothing of it is stored. */
export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes`);
    this.name = 'BlobTooLargeError';
  }
}

const BLOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const newBlobId = (): string => randomUUID();

/** Whether `id` has the shape of the store's ids: anything else is no blob (and never reaches a path). */
export const isBlobId = (id: string): boolean => BLOB_ID.test(id);

/** A media type as `type/subtype` with optional parameters, no line breaks; what put accepts. */
export function isContentType(value: string): boolean {
  return value.length <= 200 && /^[\w.+-]+\/[\w.+-]+(\s*;\s*[\w.+-]+=("[^"\r\n]*"|[\w.+-]+))*$/.test(value);
}

/** Checks put's options before a byte is read; a programming error, not a client's. */
export function checkPutOptions({ contentType, maxBytes }: PutOptions): void {
  if (!isContentType(contentType)) throw new TypeError(`Not a media type: ${JSON.stringify(contentType)}`);
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 0)
    throw new TypeError(`maxBytes must be a whole number of bytes, not ${maxBytes}`);
}
