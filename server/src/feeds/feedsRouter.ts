import express, { type Request, type Router } from 'express';
import {
  FEED_PATHS,
  SORT_FIELDS,
  URL_KEYS,
  feedParams,
  parseListQuery,
  type FeedFormat,
  type SortField,
} from '@side-quest/data/bounty-query';
import { ROUTE_TABLE } from '@side-quest/data/routes';
import {
  BountiesUnavailable,
  matchingBounties,
  type PublicBounties,
  type PublicOrder,
} from '../bounties/publicBounties';
import { searchParamsOf, sendCached } from '../http/cachedAnswer';
import { readRateLimit } from '../http/readRateLimit';
import { feedDocument } from './feedDocument';
import { toJsonFeed } from './jsonFeed';
import { toRss } from './rss';

export interface FeedsOptions {
  bounties: PublicBounties;
  /** The site's public origin for a request (PUBLIC_URL, else the request's own). */
  publicOrigin(req: Request): string;
  readRateLimitPerMinute: number;
  now?: () => number;
}

const CONTENT_TYPES: Record<FeedFormat, string> = {
  rss: 'application/rss+xml; charset=utf-8',
  json: 'application/feed+json; charset=utf-8',
};

/**
 * The order a feed asks for: an explicit `sort` is the list's; without one, newest first (`dir=asc`:
 * oldest first), so a new bounty that matches is at the top of the feed.
 */
function feedOrder(params: URLSearchParams): { order: PublicOrder; params: URLSearchParams } {
  const sort = params.get(URL_KEYS.sort);
  const dir = params.get(URL_KEYS.direction);
  const orderParams = new URLSearchParams();
  if (sort !== null && SORT_FIELDS.includes(sort as SortField)) {
    const { sortField, sortDirection } = parseListQuery(params);
    orderParams.set(URL_KEYS.sort, sortField);
    orderParams.set(URL_KEYS.direction, sortDirection);
    return { order: { field: sortField, direction: sortDirection }, params: orderParams };
  }
  if (dir === 'asc') orderParams.set(URL_KEYS.direction, 'asc');
  return { order: { field: 'created', direction: dir === 'asc' ? 'asc' : 'desc' }, params: orderParams };
}

const withQuery = (path: string, params: URLSearchParams) => {
  const text = params.toString();
  return text ? `${path}?${text}` : path;
};

/**
 * GET /feeds/bounties.xml (RSS 2.0) and GET /feeds/bounties.json (JSON Feed 1.1): the bounties matching
 * the list's query parameters, read as the list reads them (a value it cannot use is ignored, as on the
 * list page, and the feed's title says which filters apply). At most FEED_MAX_ITEMS items.
 */
export function createFeedsRouter(options: FeedsOptions): Router {
  const now = options.now ?? Date.now;
  const router = express.Router();
  // Public data: a web-based reader on another origin may fetch it.
  router.use((_req, res, next) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    next();
  });
  router.use(readRateLimit(options.readRateLimitPerMinute));

  const answer = (format: FeedFormat) => async (req: Request, res: express.Response) => {
    const params = searchParamsOf(req);
    const query = parseListQuery(params);
    const filters = { ...query, savedOnly: false };
    const { order, params: orderParams } = feedOrder(params);
    const snapshot = await options.bounties.snapshot(req);
    const bounties = matchingBounties(snapshot, order, filters, now());

    const origin = options.publicOrigin(req);
    const filterParams = feedParams(filters);
    const selfParams = new URLSearchParams([...filterParams, ...orderParams]);
    const document = feedDocument({
      bounties,
      filters,
      newestFirst: order.field === 'created' && order.direction === 'desc',
      origin,
      homePageUrl: `${origin}${withQuery(ROUTE_TABLE.bounties.path, order.field === 'created' ? filterParams : selfParams)}`,
      feedUrl: `${origin}${withQuery(FEED_PATHS[format], selfParams)}`,
    });
    const body = format === 'rss' ? toRss(document) : JSON.stringify(toJsonFeed(document));
    sendCached(req, res, body, CONTENT_TYPES[format]);
  };

  router.get('/bounties.xml', answer('rss'));
  router.get('/bounties.json', answer('json'));
  router.use((_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });
  router.use(((error, _req, res, next) => {
    if (!(error instanceof BountiesUnavailable)) {
      next(error);
      return;
    }
    console.warn(`Feeds: bounties unavailable (${error.message})`);
    res.setHeader('Retry-After', '10');
    res.status(503).type('text/plain').send('The bounties cannot be read right now. Try again shortly.');
  }) as express.ErrorRequestHandler);
  return router;
}
