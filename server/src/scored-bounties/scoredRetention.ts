import { DAY_MS } from '@side-quest/data/lifecycle';
import type { BlobStore } from '../blobs';
import type { ScoredStore } from './scoredStore';

/** Entry files are kept this long after their bounty's reveal; their scores are kept for good. */
export const ENTRY_FILE_RETENTION_DAYS = 180;
/** How often the server looks for files past their retention (a file is late by at most this). */
const RETENTION_POLL_MS = 60 * 60 * 1000;

/**
 * Retention of entry files (issue 45 item 12): 180 days after a bounty's reveal, each entry's file is
 * deleted and the entry keeps its scores. Run on every instance: the file is deleted first (deleting
 * one already gone changes nothing), then forgotten with a conditional write, so a stop between the two
 * leaves the entry for the next run and never a file nobody names.
 */
export function createEntryRetention(options: {
  store: Pick<ScoredStore, 'filesPastRetention' | 'forgetEntryFile'>;
  blobs: Pick<BlobStore, 'delete'>;
  now?: () => number;
  log?: { error(details: object, message: string): void; info(details: object, message: string): void };
}) {
  const { store, blobs } = options;
  const now = options.now ?? Date.now;

  /** Deletes the files past retention now; resolves with how many this call forgot. */
  async function purgeDue(): Promise<number> {
    const before = new Date(now() - ENTRY_FILE_RETENTION_DAYS * DAY_MS).toISOString();
    let forgotten = 0;
    for (;;) {
      const due = await store.filesPastRetention(before);
      if (due.length === 0) break;
      let batch = 0;
      for (const file of due) {
        await blobs.delete(file.blobId);
        if (await store.forgetEntryFile(file.id, file.blobId)) batch += 1;
      }
      forgotten += batch;
      // Another instance took this batch: it will take the rest too.
      if (batch === 0) break;
    }
    if (forgotten > 0) options.log?.info({ files: forgotten }, 'Entry files past retention deleted');
    return forgotten;
  }

  let running: Promise<number> | null = null;
  const run = () => {
    running ??= purgeDue()
      .catch((error: unknown) => {
        options.log?.error({ err: error }, 'Deleting entry files past retention failed');
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  return {
    purgeDue,
    /** Purges every `everyMs` until the returned stop is called (and once at start). */
    start(everyMs = RETENTION_POLL_MS) {
      const timer = setInterval(() => void run(), everyMs);
      timer.unref();
      void run();
      return async () => {
        clearInterval(timer);
        await running;
      };
    },
  };
}
