import { createHash } from 'node:crypto';
import { Router } from 'express';
import type { Bounty } from '@side-quest/data/bounties';
import type { BountyStore } from '../bounties/bountyStore';

/** Another instance's change shows here within this long; this instance's own at once (refresh()). */
const MAX_AGE_MS = 5_000;

/**
 * The public hosted bounties, held in memory so the list, the sitemap and the pages read them as fast
 * (and as synchronously) as the imported catalogue: loaded at start, reloaded after every change this
 * instance makes, and in the background when older than 5 s (changes made by other instances).
 */
export function createHostedCatalogue(load: () => Promise<Bounty[]>, now: () => number = Date.now) {
  let bounties: Bounty[] = [];
  let byId = new Map<string, Bounty>();
  let version = '';
  let loadedAt = -Infinity;
  let loading: Promise<void> | null = null;

  function refresh(): Promise<void> {
    loading ??= load()
      .then((list) => {
        bounties = list;
        byId = new Map(list.map((bounty) => [bounty.id, bounty]));
        version = createHash('sha1').update(JSON.stringify(list)).digest('base64url');
        loadedAt = now();
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  function fresh() {
    // A failed background reload keeps the last list; the next read tries again.
    if (now() - loadedAt > MAX_AGE_MS) refresh().catch(() => undefined);
  }

  return {
    /** Resolves once the first load is done (the server awaits it before listening). */
    ready: refresh(),
    refresh,
    list(): Bounty[] {
      fresh();
      return bounties;
    },
    get(id: string): Bounty | null {
      fresh();
      return byId.get(id) ?? null;
    },
    version(): string {
      return version;
    },
  };
}

export type HostedCatalogue = ReturnType<typeof createHostedCatalogue>;

/** Firestore's (and SQLite's BINARY) order: titles by their UTF-8 bytes, then ids. */
const byTitle = (a: Bounty, b: Bounty) =>
  Buffer.compare(Buffer.from(a.item_title), Buffer.from(b.item_title)) ||
  Buffer.compare(Buffer.from(a.id), Buffer.from(b.id));

/**
 * The imported catalogue with the hosted bounties in it, behind the catalogue's own interface, so every
 * reader (the API list, the sitemap, the page cache's key, previews) sees one list, in the list's order.
 */
export function withHostedBounties(store: BountyStore, hosted: HostedCatalogue): BountyStore {
  let cached: { key: string; body: string; etag: string } | null = null;
  const list = () => {
    const extra = hosted.list();
    return extra.length === 0 ? store.list() : [...store.list(), ...extra].sort(byTitle);
  };
  return {
    ...store,
    list,
    listResponse() {
      const own = store.listResponse();
      const key = `${own.etag}:${hosted.version()}`;
      if (hosted.list().length === 0) return own;
      if (cached?.key !== key) {
        const body = JSON.stringify(list());
        cached = { key, body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
      }
      return { body: cached.body, etag: cached.etag };
    },
    get: (id) => hosted.get(id) ?? store.get(id),
    count: () => store.count() + hosted.list().length,
  };
}

/**
 * GET /api/hosted-bounties and /api/hosted-bounties/:id: the hosted bounties alone, for the browser's
 * list when BOUNTY_SOURCE=firestore (the Firestore list does not hold them).
 */
export function hostedBountiesRouter(hosted: HostedCatalogue): Router {
  const router = Router();
  router.get('/api/hosted-bounties', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json(hosted.list());
  });
  router.get('/api/hosted-bounties/:id', (req, res) => {
    const bounty = hosted.get(String(req.params.id));
    res.setHeader('Cache-Control', 'no-cache');
    if (!bounty) return void res.status(404).json({ success: false, message: 'Bounty not found.' });
    res.json(bounty);
  });
  return router;
}
