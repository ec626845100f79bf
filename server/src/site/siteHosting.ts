import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Express, Request, RequestHandler, Response } from 'express';
import { isKnownRoute } from '@side-quest/data/routes';
import { RUNTIME_CONFIG_PLACEHOLDER, renderShellHtml } from './shellHtml';
import { createRoutePreloads } from './routePreloads';
import { renderDocument } from '../render/document';
import { createPageCache, etagOf, gzipEtag, isShareableRequest, type CachedPage } from '../render/pageCache';
import { serverRenderingFor } from '../render/serverRendering';
import { staticFiles } from '../http/staticFiles';
import { createCrawlFiles } from './crawlFiles';
import type { BountyStore } from '../bounties/bountyStore';
import { REMOTE_NAMES, buildRuntimeConfig, type ServerConfig } from '../config/serverConfig';
import {
  anonymousPageReleases,
  pageReleases,
  releaseFiles,
  type PageReleases,
} from '../releases/releaseRouting';
import { answeredForRoute } from '../ops/metrics';
import type { ReleaseSnapshot } from '../releases/releaseVersions';
import type { Viewer } from '@side-quest/data/account';

/** A query the server puts into a page's cache: its key and its data, as the page's hooks read them. */
export type PageQuery = readonly [key: readonly unknown[], data: unknown];

/** What concerns the person on a request; it lives in that request's render only. */
export interface PersonalData {
  /** The person signed in, as the browser may know them; null when signed out. */
  viewerOf(req: Request): Promise<Viewer | null>;
  /** The person's own data the page at `url` shows (the account page's), rendered into its cache. */
  queriesFor(req: Request, url: string): Promise<PageQuery[]>;
}

const NO_PERSONAL_DATA: PersonalData = { viewerOf: async () => null, queriesFor: async () => [] };

/** Renders the requested page for the signed-in person with extra data, e.g. a form sent back with its errors. */
export interface PersonalPages {
  /** Renders the page at `url` (a path on this site) as the answer to this request, with `status`. */
  render(
    req: Request,
    res: Response,
    options: { url: string; status: number; queries: PageQuery[] },
  ): Promise<void>;
}

/** The site's catch-all route: every page path the routers before it leave. */
const PAGE_ROUTE = '/{*splat}';

/**
 * An early lane for anonymous page loads (app.ts mounts it after the logging, metrics and security
 * headers, ahead of compression and every router): a GET without cookies whose page the HTML cache holds
 * fresh, from a browser that takes gzip, is answered from there exactly as the site's catch-all answers
 * it; anything else passes on. A page is in the cache only after the catch-all rendered it for such a
 * request (same origin and URL, no cookies), so the access rules let that URL through and no router
 * between the two answers it; compression leaves an answer already gzipped as it is. Filled in by
 * mountSite.
 */
export function createEarlyPageLane(): { handler: RequestHandler; attach(handler: RequestHandler): void } {
  let serve: RequestHandler | null = null;
  return {
    handler: (req, res, next) => (serve ? serve(req, res, next) : next()),
    attach(handler) {
      serve = handler;
    },
  };
}

/** Files a new deploy replaces in place: always revalidated so open tabs pick up the new version. */
const UNHASHED = /(^|\/)(mf-manifest\.json|mf-stats\.json|remoteEntry\.js|index\.html)$/;
const MISSING_ASSET = /\.(js|mjs|css|map|json|png|jpe?g|webp|svg|ico|mp4|webm|woff2?|txt)$/i;
const HASHED = /\.[0-9a-f]{10}\.(js|css|png|jpe?g|webp|svg|mp4|webm|woff2)(\.map)?$/;

function setCacheHeaders(res: Response, filePath: string) {
  if (UNHASHED.test(filePath)) {
    res.setHeader('Cache-Control', 'no-cache');
  } else if (HASHED.test(filePath)) {
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  } else {
    res.setHeader('Cache-Control', 'public, max-age=3600');
  }
}

const gzipAsync = promisify(zlib.gzip);

export function requestOrigin(req: Request): string {
  return `${req.protocol}://${req.get('host')}`;
}

/** This server as reached over the connection a request came in on (its own loopback address). */
export function selfOrigin(req: Request): string {
  const address = (req.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  const host = address.includes(':') ? `[${address}]` : address;
  return `http://${host}:${req.socket.localPort}`;
}

/**
 * Serves the composed production site: each remote's build under /remotes/<name>/ (as if deployed
 * separately, with CORS so any host may load it), the shell's assets, /config.json, and the shell's
 * HTML for every route of the route table; unknown paths get the same HTML with status 404.
 */
export function mountSite(
  app: Express,
  config: ServerConfig,
  bounties: BountyStore,
  releaseSnapshot: () => Promise<ReleaseSnapshot>,
  personal: PersonalData = NO_PERSONAL_DATA,
  earlyLane?: ReturnType<typeof createEarlyPageLane>,
): PersonalPages {
  const serverRendering = config.serverRendering ? serverRenderingFor(config) : null;

  // Before the static files, so no file in a build can shadow them. With SSR=off the sitemap still
  // reads the sections' entries through the server containers (started on its first request).
  app.use(
    createCrawlFiles({
      config,
      bounties,
      sections: serverRenderingFor(config),
      publicOrigin: (req) => buildRuntimeConfig(config, requestOrigin(req)).publicUrl,
      selfOrigin,
    }),
  );

  app.get('/config.json', async (req, res) => {
    const page = await pageReleases(req, res, await releaseSnapshot());
    if (!page) return;
    res.setHeader('Cache-Control', 'no-store');
    res.json(buildRuntimeConfig(config, requestOrigin(req), page.releases));
  });

  for (const name of REMOTE_NAMES) {
    app.use(
      `/remotes/${name}`,
      (_req, res, next) => {
        res.setHeader('Access-Control-Allow-Origin', '*');
        res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
        next();
      },
      // Kept releases (npm run release) under their version; anything else is the unversioned build.
      releaseFiles(config.releasesDir, name, setCacheHeaders),
      // The dist folder is read on every request, so a remote rebuilt in place is served at once.
      staticFiles(config.distDirs[name], { setHeaders: setCacheHeaders, fallthrough: false }),
    );
  }

  const shellDir = config.distDirs.shell;
  const shellFiles = staticFiles(shellDir, { setHeaders: setCacheHeaders });
  // Every file of a build has an extension and no page path does: a page request never looks on disk.
  app.use((req, res, next) => (path.extname(req.path) ? shellFiles(req, res, next) : next()));

  let template: string | null = null;
  const readTemplate = (): string | null => {
    if (template) return template;
    const file = path.join(shellDir, 'index.html');
    if (!fs.existsSync(file)) return null;
    const html = fs.readFileSync(file, 'utf8');
    if (!html.includes(RUNTIME_CONFIG_PLACEHOLDER))
      throw new Error(`${file} lacks the runtime config placeholder`);
    template = html;
    return template;
  };

  const routePreloadTags = createRoutePreloads(config);
  const pageCache = createPageCache({
    freshMs: config.htmlCacheMs,
    staleMs: config.htmlCacheMs * 12,
    maxEntries: 500,
  });
  /** What a cached page was rendered from: the containers' code and, for the api source, the data. */
  const renderVersion = () =>
    `${serverRendering?.codeVersion() ?? ''}:${config.bountySource === 'api' ? bounties.listResponse().etag : ''}`;

  async function renderPage(
    req: Request,
    template: string,
    releases: PageReleases,
    viewer: Viewer | null,
    queries: PageQuery[] = [],
    /** The page to render (path and query): the request's own unless a form post renders a page. */
    url: string = req.originalUrl,
  ): Promise<CachedPage> {
    const pathname = new URL(url, 'http://site.invalid').pathname;
    const runtimeConfig = buildRuntimeConfig(config, requestOrigin(req), releases.releases);
    const [preloads, page] = await Promise.all([
      routePreloadTags(pathname, runtimeConfig.remotes),
      serverRendering
        ?.render(url, selfOrigin(req), runtimeConfig.publicUrl, releases.releases, {
          viewer,
          queries,
        })
        .catch((error: unknown) => {
          console.error('Server rendering failed; the browser renders the page', error);
          return null;
        }),
    ]);
    if (page) {
      if (url !== req.originalUrl) page.state.location = url;
      const html = Buffer.from(renderDocument(template, page, runtimeConfig, preloads));
      // Compressed once here, not per request by the compression middleware (a cached page is sent
      // thousands of times; gzipping 30 KB each time would cost more than everything else it takes).
      const gzip = await gzipAsync(html);
      // A page the server rendered only in part is sent, never kept (RenderedPage.complete).
      return { status: page.status, html, etag: etagOf(html), gzip, cacheable: page.complete };
    }
    // The browser renders this page alone (SSR off, or the shell's server code failed): not kept.
    const html = renderShellHtml(template, runtimeConfig, preloads);
    return { status: isKnownRoute(pathname) ? 200 : 404, html, etag: etagOf(html), cacheable: false };
  }

  function send(req: Request, res: Response, page: CachedPage, personal: boolean) {
    res.setHeader('Cache-Control', personal ? 'private, no-store' : 'no-cache');
    res.setHeader('Vary', 'Accept-Encoding');
    const gzipped = page.gzip && req.acceptsEncodings('gzip', 'identity') === 'gzip';
    // Each encoding is its own representation, with its own strong validator.
    const etag = gzipped ? gzipEtag(page.etag) : page.etag;
    res.setHeader('ETag', etag);
    if (page.status === 200 && req.headers['if-none-match'] === etag) {
      res.status(304).end();
      return;
    }
    if (gzipped) res.setHeader('Content-Encoding', 'gzip');
    res
      .status(page.status)
      .type('html')
      .send(gzipped ? page.gzip : page.html);
  }

  /** This request's releases and the shell's template; null once it has answered (a redirect, a 503). */
  async function pageInputs(req: Request, res: Response) {
    // A tester's `?release=` is sent on once that release renders on the server too.
    const releases = await pageReleases(req, res, await releaseSnapshot(), (release) =>
      serverRendering ? serverRendering.prepareRelease(release, selfOrigin(req)) : Promise.resolve(),
    );
    if (!releases) return null;
    const html = readTemplate();
    if (!html) {
      res.status(503).type('text/plain').send('The site has not been built yet: run `npm run build`.');
      return null;
    }
    return { releases, html };
  }

  const cacheKey = (req: Request, releases: PageReleases) =>
    `${requestOrigin(req)}${req.originalUrl}|${releases.key}`;

  earlyLane?.attach((req, res, next) => {
    // The catch-all's own conditions for a shared page; `release` (a tester's ?release=) and paths with
    // an extension (files) always take the long way. Only the route table's pages are looked up: an API
    // call, a feed or the liveness check never waits on (or fails with) the stores the cache key reads.
    if (
      req.method !== 'GET' ||
      config.htmlCacheMs <= 0 ||
      req.originalUrl.includes('release') ||
      path.extname(req.path) ||
      !isKnownRoute(req.path) ||
      !isShareableRequest(req.originalUrl, req.headers.cookie)
    )
      return next();
    releaseSnapshot()
      .then((snapshot) => {
        const releases = anonymousPageReleases(snapshot);
        const page = releases && pageCache.fresh(cacheKey(req, releases), renderVersion());
        if (!page?.gzip || req.acceptsEncodings('gzip', 'identity') !== 'gzip') return next();
        answeredForRoute(res, PAGE_ROUTE);
        send(req, res, page, false);
      })
      .catch(next);
  });

  app.get(PAGE_ROUTE, async (req, res) => {
    // A missing asset (an old chunk after a deploy) must fail as a missing script, not parse the HTML.
    if (MISSING_ASSET.test(req.path)) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    const inputs = await pageInputs(req, res);
    if (!inputs) return;
    const { releases, html } = inputs;
    // Anonymous requests share rendered pages (per set of releases); anything carrying cookies is
    // rendered for itself, and a signed-in person's page is theirs alone: never cached, anywhere.
    const viewer = await personal.viewerOf(req);
    const shareable =
      !viewer && config.htmlCacheMs > 0 && isShareableRequest(req.originalUrl, req.headers.cookie);
    const page = shareable
      ? await pageCache.get(cacheKey(req, releases), renderVersion(), () =>
          renderPage(req, html, releases, null),
        )
      : await renderPage(
          req,
          html,
          releases,
          viewer,
          viewer ? await personal.queriesFor(req, req.originalUrl) : [],
        );
    send(req, res, page, viewer !== null);
  });

  return {
    async render(req, res, { url, status, queries }) {
      const inputs = await pageInputs(req, res);
      if (!inputs) return;
      const { releases, html } = inputs;
      const viewer = await personal.viewerOf(req);
      const personalQueries = await personal.queriesFor(req, url);
      const page = await renderPage(req, html, releases, viewer, [...personalQueries, ...queries], url);
      send(req, res, { ...page, status: page.status === 200 ? status : page.status }, true);
    },
  };
}
