import { createHash } from 'node:crypto';

export interface CachedPage {
  status: number;
  /** Kept as bytes: a cached page is sent as it is, without encoding the text again per request. */
  html: string | Buffer;
  /** A strong validator of the HTML, for If-None-Match. */
  etag: string;
  /** False for a page that must not be reused (rendered without the server's help after a failure). */
  cacheable?: boolean;
  /** The same HTML gzipped once when it was rendered, for every visitor whose browser accepts gzip. */
  gzip?: Buffer;
}

interface Entry {
  page: CachedPage;
  storedAt: number;
  /** The code and data version the page was rendered with. */
  version: string;
}

export interface PageCacheOptions {
  /** A page this young is served as it is. */
  freshMs: number;
  /** An older page, up to this age, is still served while a new render replaces it. */
  staleMs: number;
  /** Pages kept at most (the least recently stored go first). */
  maxEntries: number;
  now?: () => number;
}

/**
 * Whether a request may get (and leave) a page other visitors share: only anonymous ones (no cookies),
 * and never the result pages of the no-JavaScript forms, whose URLs carry what a visitor typed.
 */
export function isShareableRequest(url: string, cookie: string | undefined): boolean {
  return !cookie && !/[?&](?:dialog|lead|result)=/.test(url);
}

export function etagOf(html: string | Buffer): string {
  return `"${createHash('sha1').update(html).digest('base64url')}"`;
}

/** The validator of a page's gzipped bytes, from its HTML's: `"abc"` → `"abc-gzip"`. */
export function gzipEtag(etag: string): string {
  return `${etag.slice(0, -1)}-gzip"`;
}

/**
 * Rendered HTML for anonymous GETs, by key (origin and URL), with stale-while-revalidate: a fresh page
 * is served from memory; a stale one is served too while one render (never more per key) replaces it;
 * anything older, or rendered with other code or data (`version`), is rendered again before answering.
 * Only 200 and 404 pages are kept: a 503 must not outlive the failure that caused it.
 */
export function createPageCache(options: PageCacheOptions) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const renders = new Map<string, Promise<CachedPage>>();

  function store(key: string, page: CachedPage, version: string) {
    if ((page.status !== 200 && page.status !== 404) || page.cacheable === false) return;
    entries.delete(key);
    entries.set(key, { page, storedAt: now(), version });
    while (entries.size > options.maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
  }

  function renderOnce(key: string, version: string, render: () => Promise<CachedPage>): Promise<CachedPage> {
    const running = renders.get(key);
    if (running) return running;
    const pending = render()
      .then((page) => {
        store(key, page, version);
        return page;
      })
      .finally(() => renders.delete(key));
    renders.set(key, pending);
    return pending;
  }

  return {
    /** The page for `key`: from memory when allowed, otherwise rendered (once per key at a time). */
    async get(key: string, version: string, render: () => Promise<CachedPage>): Promise<CachedPage> {
      const entry = entries.get(key);
      if (entry && entry.version === version) {
        const age = now() - entry.storedAt;
        if (age <= options.freshMs) return entry.page;
        if (age <= options.staleMs) {
          renderOnce(key, version, render).catch(() => undefined);
          return entry.page;
        }
      }
      return renderOnce(key, version, render);
    },
    /**
     * The page for `key` when it is fresh and of this version, else null; never renders. What the early
     * lane for anonymous page loads answers from (siteHosting.ts).
     */
    fresh(key: string, version: string): CachedPage | null {
      const entry = entries.get(key);
      return entry && entry.version === version && now() - entry.storedAt <= options.freshMs
        ? entry.page
        : null;
    },
    clear() {
      entries.clear();
    },
    size: () => entries.size,
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
