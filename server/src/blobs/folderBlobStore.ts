import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import {
  checkPutOptions,
  isBlobId,
  newBlobId,
  type BlobInfo,
  type BlobStore,
  type PutOptions,
} from './blobStore';
import { sizedChunks } from './sizedChunks';

/** The folder under DATA_DIR that holds the embedded start's blobs. */
export const BLOBS_DIR = 'blobs';

/** Pieces written to the file at a time: the most of a blob this adapter holds in memory. */
const WRITE_CHUNK_BYTES = 64 * 1024;

/** Temporary folders older than this were left by a process that stopped mid-put; removed at open. */
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Blobs as files: `<root>/objects/<first two characters of the id>/<id>/` holds `data` and `info.json`.
 * A put writes both into a folder under `<root>/tmp/`, flushes them to disk and renames the folder into
 * `objects/` (one atomic step on one file system), so a blob is visible whole or not at all, and on disk
 * before `put` resolves. Delete renames the folder back out of `objects/` first, for the same reason.
 */
export function createFolderBlobStore(root: string): BlobStore {
  const objects = path.join(root, 'objects');
  const tmp = path.join(root, 'tmp');
  fs.mkdirSync(objects, { recursive: true });
  fs.mkdirSync(tmp, { recursive: true });
  removeAbandoned(tmp);

  const blobDir = (id: string) => path.join(objects, id.slice(0, 2), id);

  async function readInfo(id: string): Promise<BlobInfo | null> {
    if (!isBlobId(id)) return null;
    try {
      return JSON.parse(await fsp.readFile(path.join(blobDir(id), 'info.json'), 'utf8')) as BlobInfo;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  return {
    async put(source, options: PutOptions) {
      checkPutOptions(options);
      const id = newBlobId();
      const staging = await fsp.mkdtemp(path.join(tmp, `${id}-`));
      try {
        const data = await fsp.open(path.join(staging, 'data'), 'wx');
        let size = 0;
        try {
          for await (const chunk of sizedChunks(source, WRITE_CHUNK_BYTES, options.maxBytes)) {
            await data.write(chunk);
            size += chunk.length;
          }
          await data.sync();
        } finally {
          await data.close();
        }
        const info: BlobInfo = {
          id,
          size,
          contentType: options.contentType,
          createdAt: new Date().toISOString(),
        };
        await writeSynced(path.join(staging, 'info.json'), JSON.stringify(info));
        await syncDir(staging);
        const shard = path.dirname(blobDir(id));
        await fsp.mkdir(shard, { recursive: true });
        await fsp.rename(staging, blobDir(id));
        await syncDir(shard);
        return info;
      } catch (error) {
        await fsp.rm(staging, { recursive: true, force: true });
        throw error;
      }
    },

    async get(id) {
      const info = await readInfo(id);
      if (!info) return null;
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(path.join(blobDir(id), 'data'), 'r');
      } catch (error) {
        // Deleted between reading its info and opening its bytes.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      // The open handle keeps the bytes readable even if the blob is deleted while they stream.
      return { info, stream: handle.createReadStream({ highWaterMark: WRITE_CHUNK_BYTES }) };
    },

    info: readInfo,

    async delete(id) {
      if (!isBlobId(id)) return false;
      const leaving = path.join(tmp, `deleted-${id}-${process.pid}-${Date.now()}`);
      try {
        await fsp.rename(blobDir(id), leaving);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
      await syncDir(path.dirname(blobDir(id)));
      await fsp.rm(leaving, { recursive: true, force: true });
      return true;
    },
  };
}

async function writeSynced(file: string, text: string) {
  const handle = await fsp.open(file, 'wx');
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** A rename is durable once its folder is flushed. */
async function syncDir(dir: string) {
  const handle = await fsp.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Removes what a stopped process left in tmp/ (never a blob: those live in objects/). */
function removeAbandoned(tmp: string) {
  const now = Date.now();
  for (const name of fs.readdirSync(tmp)) {
    const entry = path.join(tmp, name);
    const deleted = name.startsWith('deleted-');
    if (deleted || now - fs.statSync(entry).mtimeMs > ABANDONED_AFTER_MS)
      fs.rmSync(entry, { recursive: true, force: true });
  }
}
