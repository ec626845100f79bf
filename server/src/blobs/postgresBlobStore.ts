import { Readable } from 'node:stream';
import type { PgPool } from '../db/database';
import {
  checkPutOptions,
  isBlobId,
  newBlobId,
  type BlobInfo,
  type BlobStore,
  type PutOptions,
} from './blobStore';
import { sizedChunks } from './sizedChunks';

/** Bytes per row of blob_chunks: a 50 MB blob is 200 rows, and reading or writing one holds 256 KB. */
export const CHUNK_BYTES = 256 * 1024;

/** A put that has not completed after this long was abandoned by a stopped instance; the next put removes it. */
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * A blob's row is written first with `complete = false`, its chunks one statement each, then the row is
 * marked complete: only complete blobs are seen. A put holds a pooled connection only for one statement
 * at a time, so a slow upload never pins one. Deleting the row deletes its chunks (ON DELETE CASCADE).
 * Chunks are stored as-is (`STORAGE EXTERNAL`): the files are mostly compressed already or CSV that
 * pglz gains little on, and uncompressed TOAST reads are cheaper.
 */
export const BLOBS_SCHEMA = `
  CREATE TABLE blobs (
    id TEXT PRIMARY KEY,
    content_type TEXT NOT NULL,
    size BIGINT NOT NULL DEFAULT 0,
    complete BOOLEAN NOT NULL DEFAULT false,
    started_at BIGINT NOT NULL,
    created_at TEXT
  );
  CREATE INDEX blobs_incomplete ON blobs (started_at) WHERE NOT complete;
  CREATE TABLE blob_chunks (
    blob_id TEXT NOT NULL REFERENCES blobs (id) ON DELETE CASCADE,
    chunk_index INTEGER NOT NULL,
    data BYTEA NOT NULL,
    PRIMARY KEY (blob_id, chunk_index)
  );
  ALTER TABLE blob_chunks ALTER COLUMN data SET STORAGE EXTERNAL;
`;

const INFO_COLUMNS = `id, content_type AS "contentType", size, created_at AS "createdAt"`;

/** Blobs in PostgreSQL (DATABASE_URL), in CHUNK_BYTES rows, so every instance reads every blob. */
export function createPostgresBlobStore(pool: PgPool): BlobStore {
  async function info(id: string): Promise<BlobInfo | null> {
    if (!isBlobId(id)) return null;
    const { rows } = await pool.query<BlobInfo>(
      `SELECT ${INFO_COLUMNS} FROM blobs WHERE id = $1 AND complete`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** One chunk per query, asked for only when the reader wants more (the stream's backpressure). */
  async function* chunksOf(blob: BlobInfo): AsyncGenerator<Buffer, void, undefined> {
    let sent = 0;
    for (let index = 0; sent < blob.size; index++) {
      const { rows } = await pool.query<{ data: Buffer }>(
        'SELECT data FROM blob_chunks WHERE blob_id = $1 AND chunk_index = $2',
        [blob.id, index],
      );
      const chunk = rows[0]?.data;
      if (!chunk) throw new Error(`Blob ${blob.id} was deleted while it was being read`);
      sent += chunk.length;
      yield chunk;
    }
  }

  return {
    async put(source, options: PutOptions) {
      checkPutOptions(options);
      const id = newBlobId();
      const startedAt = Date.now();
      await pool.query('DELETE FROM blobs WHERE NOT complete AND started_at < $1', [
        startedAt - ABANDONED_AFTER_MS,
      ]);
      await pool.query('INSERT INTO blobs (id, content_type, started_at) VALUES ($1, $2, $3)', [
        id,
        options.contentType,
        startedAt,
      ]);
      try {
        let index = 0;
        let size = 0;
        for await (const chunk of sizedChunks(source, CHUNK_BYTES, options.maxBytes)) {
          await pool.query('INSERT INTO blob_chunks (blob_id, chunk_index, data) VALUES ($1, $2, $3)', [
            id,
            index,
            chunk,
          ]);
          index += 1;
          size += chunk.length;
        }
        const { rows } = await pool.query<BlobInfo>(
          `UPDATE blobs SET complete = true, size = $2, created_at = $3 WHERE id = $1 RETURNING ${INFO_COLUMNS}`,
          [id, size, new Date().toISOString()],
        );
        return rows[0] as BlobInfo;
      } catch (error) {
        await pool.query('DELETE FROM blobs WHERE id = $1', [id]).catch(() => undefined);
        throw error;
      }
    },

    async get(id) {
      const found = await info(id);
      if (!found) return null;
      return { info: found, stream: Readable.from(chunksOf(found), { objectMode: false }) };
    },

    info,

    async delete(id) {
      if (!isBlobId(id)) return false;
      const { rowCount } = await pool.query('DELETE FROM blobs WHERE id = $1 AND complete', [id]);
      return rowCount === 1;
    },
  };
}
