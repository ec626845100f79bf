import express, { type Request, type Router } from 'express';
import { sponsorFeedPath, sponsorPath, type SponsorPageData } from '@side-quest/data/trust';
import { sendCached } from '../http/cachedAnswer';
import { readRateLimit } from '../http/readRateLimit';
import { publicApiCors } from '../public-api/publicApiRouter';
import { toApiBounty } from '../public-api/apiBounty';
import { feedItem, FEED_MAX_ITEMS, type FeedDocument } from '../feeds/feedDocument';
import { toRss } from '../feeds/rss';
import type { Sponsors } from './sponsors';

const JSON_TYPE = 'application/json; charset=utf-8';
const RSS_TYPE = 'application/rss+xml; charset=utf-8';

interface SponsorRouteOptions {
  sponsors: Sponsors;
  publicOrigin(req: Request): string;
  readRateLimitPerMinute: number;
  now?: () => number;
}

const notFound = (res: express.Response) => {
  res.setHeader('Cache-Control', 'no-cache');
  res.status(404).json({ success: false, message: 'Sponsor not found.' });
};

/** The page's data as the API gives it: the record as is, each bounty in the API's own shape. */
function apiSponsor(data: SponsorPageData, origin: string, now: number) {
  return {
    ...data.sponsor,
    url: `${origin}${sponsorPath(data.sponsor.slug)}`,
    feedUrl: `${origin}${sponsorFeedPath(data.sponsor.slug)}`,
    record: data.record,
    bounties: data.bounties.map((bounty) => toApiBounty(bounty, origin, now)),
  };
}

/**
 * GET /api/sponsors and /api/sponsors/:slug: the sponsors' pages' data (server rendering and the
 * browser read it). Mounted at /api/sponsors.
 */
export function sponsorPagesRouter({ sponsors }: SponsorRouteOptions): Router {
  const router = express.Router();
  router.get('/', (req, res) => {
    sendCached(req, res, JSON.stringify(sponsors.list()), JSON_TYPE);
  });
  router.get('/:slug', async (req, res, next) => {
    try {
      const data = await sponsors.page(String(req.params.slug));
      if (!data) return notFound(res);
      sendCached(req, res, JSON.stringify(data), JSON_TYPE);
    } catch (error) {
      next(error);
    }
  });
  return router;
}

/** GET /api/v1/sponsors and /api/v1/sponsors/:slug: the public API's part. Mounted at /api/v1. */
export function sponsorApiRouter(options: SponsorRouteOptions): Router {
  const { sponsors } = options;
  const now = options.now ?? Date.now;
  const router = express.Router();
  router.use(['/sponsors', '/sponsors/:slug'], publicApiCors, readRateLimit(options.readRateLimitPerMinute));
  router.get('/sponsors', (req, res) => {
    const origin = options.publicOrigin(req);
    const data = sponsors.list().map((entry) => ({ ...entry, url: `${origin}${sponsorPath(entry.slug)}` }));
    sendCached(req, res, JSON.stringify({ data }), JSON_TYPE);
  });
  router.get('/sponsors/:slug', async (req, res, next) => {
    try {
      const data = await sponsors.page(String(req.params.slug));
      if (!data) return notFound(res);
      sendCached(req, res, JSON.stringify(apiSponsor(data, options.publicOrigin(req), now())), JSON_TYPE);
    } catch (error) {
      next(error);
    }
  });
  return router;
}

/** GET /feeds/sponsors/<slug>.xml: a sponsor's bounties, newest first, in RSS 2.0. Mounted at /feeds/sponsors. */
export function sponsorFeedRouter(options: SponsorRouteOptions): Router {
  const router = express.Router();
  router.use(readRateLimit(options.readRateLimitPerMinute));
  router.get('/:file', async (req, res, next) => {
    try {
      const file = String(req.params.file);
      const data = file.endsWith('.xml') ? await options.sponsors.page(file.slice(0, -4)) : null;
      if (!data) {
        res.status(404).type('text/plain').send('Not found');
        return;
      }
      const origin = options.publicOrigin(req);
      const newestFirst = [...data.bounties].sort((a, b) =>
        (b.created_at ?? '').localeCompare(a.created_at ?? ''),
      );
      const items = newestFirst.slice(0, FEED_MAX_ITEMS).map((bounty) => feedItem(bounty, origin));
      const document: FeedDocument = {
        title: `Side Quest bounties by ${data.sponsor.name}`,
        description: `Bounties ${data.sponsor.name} posted on Side Quest, newest first (at most ${FEED_MAX_ITEMS}).`,
        homePageUrl: `${origin}${sponsorPath(data.sponsor.slug)}`,
        feedUrl: `${origin}${sponsorFeedPath(data.sponsor.slug)}`,
        updated:
          items
            .map((item) => item.published ?? '')
            .sort()
            .at(-1) || null,
        items,
      };
      res.setHeader('Access-Control-Allow-Origin', '*');
      sendCached(req, res, toRss(document), RSS_TYPE);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
