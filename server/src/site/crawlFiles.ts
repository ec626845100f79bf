import express, { type Request, type Router } from 'express';
import type { SectionSitemapEntries } from '@side-quest/data';
import { ROUTES, ROUTE_TABLE, findRoute, sectionId, type RouteId } from '@side-quest/data/routes';
import { loadBountyList, type Bounty } from '@side-quest/data/bounties';
import { getRuntimeConfig, setRuntimeConfig } from '@side-quest/data/config';
import { buildRuntimeConfig, type ServerConfig } from '../config/serverConfig';
import type { BountyStore } from '../bounties/bountyStore';
import { withTimeout } from '@side-quest/data';
import { buildSitemapFiles, sitemapDate, type SitemapUrl } from './sitemap';

/** How long a section's server container may take to load, and its `sitemapEntries` to answer. */
const SECTION_CODE_BUDGET_MS = 2_000;
const SECTION_DATA_BUDGET_MS = 5_000;
/** How long reading the bounties from Firestore may take. */
const BOUNTY_DATA_BUDGET_MS = 5_000;
/**
 * The pages are gathered again after this long, or at once when the api source's list or a remote's
 * code changes. A sitemap that lacks a failed source is kept only briefly, so it heals soon.
 */
const CACHE_MS = 60_000;
const PARTIAL_CACHE_MS = 10_000;
/** Firestore's own limit for a document id; the detail page cannot load anything longer. */
const MAX_BOUNTY_ID_BYTES = 1500;

/** What the crawl files need from server rendering: a route section's module and the code version. */
export interface SectionLoader {
  loadSection<T>(id: string, selfOrigin: string, budgetMs: number): Promise<T>;
  codeVersion(): string;
}

export interface CrawlFilesOptions {
  config: ServerConfig;
  /** The api bounty source's store (read directly; the firestore source is read through its loader). */
  bounties: BountyStore;
  /** Loads sections for their `sitemapEntries`; null lists no parameterised pages but the bounties. */
  sections: SectionLoader | null;
  /** The site's public origin for a request (PUBLIC_URL, else the request's own). */
  publicOrigin(req: Request): string;
  /** Where this server answers on loopback: server containers and their API calls are read from there. */
  selfOrigin(req: Request): string;
  now?: () => Date;
  log?: (message: string) => void;
}

/** The sitemap's pages and whether every source answered. */
interface SitemapPages {
  urls: SitemapUrl[];
  complete: boolean;
}

/** RFC 3986 path characters only, in non-empty segments: no spaces, quotes, `//` or trailing slash. */
const URL_PATH = /^(?:\/[A-Za-z0-9\-._~!$&'()*+,;=:@%]+)+$/;

/** True when `path` is a well-formed, encoded path of the route `routeId` (and of no other). */
function isPageOf(path: unknown, routeId: RouteId): path is string {
  if (typeof path !== 'string' || !URL_PATH.test(path) || /%(?![0-9A-Fa-f]{2})/.test(path)) return false;
  try {
    decodeURIComponent(path); // an invalid UTF-8 escape would be a 404
  } catch {
    return false;
  }
  return findRoute(path)?.id === routeId;
}

const PARAMETERISED = ROUTES.filter((route) => route.path.includes(':'));
const STATIC = ROUTES.filter((route) => !route.path.includes(':') && !('personal' in route));

/** A bounty's detail page, built from the route table's pattern; null for an id no page can have. */
function bountyPath(id: string): string | null {
  if (!id || Buffer.byteLength(id) > MAX_BOUNTY_ID_BYTES) return null;
  try {
    return ROUTE_TABLE.bountyDetail.path.replace(':id', encodeURIComponent(id));
  } catch {
    return null; // a lone surrogate cannot be encoded
  }
}

/**
 * GET /robots.txt and GET /sitemap.xml (with /sitemap-N.xml once it is split). The sitemap lists every
 * static route of the route table, every bounty and every page each parameterised route's section
 * reports through its `sitemapEntries` export (loaded through the Module Federation runtime: the server
 * never imports a remote). A source that fails is left out and logged; the rest is still served.
 */
export function createCrawlFiles(options: CrawlFilesOptions): Router {
  const { config, bounties, sections } = options;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((message: string) => console.warn(message));
  const withoutExport = new Set<string>();

  /** The server's own bounty list: the one the site links to (the high-value list), from either source. */
  async function serverBounties(selfOrigin: string): Promise<Bounty[]> {
    if (config.bountySource === 'api') return bounties.list();
    // The firestore loader reads its settings from the runtime config, which server rendering sets
    // when it starts; set the same one when the sitemap is asked for first.
    try {
      getRuntimeConfig();
    } catch {
      setRuntimeConfig({ ...buildRuntimeConfig(config, selfOrigin), apiBase: selfOrigin });
    }
    return (await withTimeout(loadBountyList(), BOUNTY_DATA_BUDGET_MS, 'Reading the bounties')).bounties;
  }

  async function sectionEntries(route: (typeof ROUTES)[number], selfOrigin: string) {
    if (!sections || !route.section) return [];
    const id = sectionId(route.section);
    const module = await sections.loadSection<{ sitemapEntries?: SectionSitemapEntries }>(
      id,
      selfOrigin,
      SECTION_CODE_BUDGET_MS,
    );
    if (typeof module.sitemapEntries !== 'function') {
      if (!withoutExport.has(id))
        log(`Sitemap: ${id} exports no sitemapEntries; ${route.path} is not listed`);
      withoutExport.add(id);
      return [];
    }
    const entries: unknown = await withTimeout(
      module.sitemapEntries(),
      SECTION_DATA_BUDGET_MS,
      `${id} sitemapEntries`,
    );
    if (!Array.isArray(entries)) throw new Error(`${id} sitemapEntries did not resolve to a list`);
    // A remote may only list pages of its own route, so it can never point crawlers anywhere else.
    const urls = (entries as unknown[]).filter(
      (entry): entry is { path: string; lastmod?: unknown } =>
        typeof entry === 'object' && entry !== null && isPageOf((entry as { path?: unknown }).path, route.id),
    );
    if (urls.length < entries.length) {
      log(`Sitemap: ${entries.length - urls.length} entries of ${id} are not pages of ${route.path}`);
    }
    return urls;
  }

  async function gather(selfOrigin: string): Promise<SitemapPages> {
    const today = sitemapDate(now().toISOString()) as string;
    // A date in the future is no "last modified"; a story may be dated ahead of its publication.
    const day = (value: unknown) => {
      const date = typeof value === 'string' ? sitemapDate(value) : undefined;
      return date && date > today ? today : date;
    };
    let complete = true;
    const fail = (what: string, error: unknown) => {
      complete = false;
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
      log(`Sitemap: ${what} left out (${reason})`);
    };

    const own: SitemapUrl[] = [];
    const ownPages = serverBounties(selfOrigin).then(
      (list) => {
        for (const bounty of list) {
          const path = bountyPath(bounty.id);
          if (path) own.push({ path, lastmod: day(bounty.created_at) });
        }
      },
      (error: unknown) => fail('the bounties', error),
    );
    const fromSections = await Promise.all(
      PARAMETERISED.map((route) =>
        sectionEntries(route, selfOrigin).then(
          (entries) => entries.map((entry) => ({ path: entry.path, lastmod: day(entry.lastmod) })),
          (error: unknown) => {
            fail(`the pages of ${route.path}`, error);
            return [];
          },
        ),
      ),
    );
    await ownPages;

    // The server's own bounties first: they are there even when the bounties remote is not.
    const seen = new Set<string>();
    const pages: SitemapUrl[] = [];
    for (const url of [...own, ...fromSections.flat()]) {
      if (seen.has(url.path)) continue;
      seen.add(url.path);
      pages.push(url);
    }
    // Static pages show the data, so they changed when the newest of it did; a page without a date
    // of its own gets that date too. With no dated data at all, nothing is dated.
    let newest: string | undefined;
    for (const url of pages) if (url.lastmod && (!newest || url.lastmod > newest)) newest = url.lastmod;
    const dated = (url: SitemapUrl): SitemapUrl => {
      const lastmod = url.lastmod ?? newest;
      return lastmod ? { path: url.path, lastmod } : { path: url.path };
    };
    return {
      urls: [...STATIC.map((route) => dated({ path: route.path })), ...pages.map(dated)],
      complete,
    };
  }

  let cache: { key: string; at: number; pages: SitemapPages } | null = null;
  let building: Promise<SitemapPages> | null = null;
  let rendered: { pages: SitemapPages; origin: string; files: Map<string, string> } | null = null;

  function cacheKey(): string {
    const data = config.bountySource === 'api' ? bounties.listResponse().etag : '';
    return `${data}|${sections?.codeVersion() ?? ''}`;
  }

  function currentPages(selfOrigin: string): Promise<SitemapPages> {
    const key = cacheKey();
    if (cache) {
      const age = now().getTime() - cache.at;
      if (cache.key === key && age < (cache.pages.complete ? CACHE_MS : PARTIAL_CACHE_MS)) {
        return Promise.resolve(cache.pages);
      }
    }
    // Concurrent requests share one gathering.
    building ??= gather(selfOrigin)
      .then((pages) => {
        cache = { key, at: now().getTime(), pages };
        return pages;
      })
      .finally(() => {
        building = null;
      });
    return building;
  }

  async function sitemapFiles(req: Request): Promise<Map<string, string>> {
    const pages = await currentPages(options.selfOrigin(req));
    const origin = options.publicOrigin(req);
    if (rendered?.pages !== pages || rendered.origin !== origin) {
      rendered = { pages, origin, files: buildSitemapFiles(pages.urls, origin) };
    }
    return rendered.files;
  }

  const router = express.Router();

  router.get('/robots.txt', (req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res
      .type('text/plain')
      .send(
        `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${options.publicOrigin(req)}/sitemap.xml\n`,
      );
  });

  router.get(/^\/sitemap(?:-[1-9][0-9]*)?\.xml$/, async (req, res) => {
    const file = (await sitemapFiles(req)).get(req.path);
    if (!file) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    // Revalidated every time (Express answers 304 by ETag); the server's own cache keeps it cheap.
    res.setHeader('Cache-Control', 'no-cache');
    res.type('application/xml').send(file);
  });

  return router;
}
