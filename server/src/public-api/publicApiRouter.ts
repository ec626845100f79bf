import express, { type Request, type RequestHandler, type Router } from 'express';
import { BountiesUnavailable, matchingBounties, type PublicBounties } from '../bounties/publicBounties';
import { searchParamsOf, sendCached } from '../http/cachedAnswer';
import { readRateLimit } from '../http/readRateLimit';
import { parseApiQuery } from './apiQuery';
import { toApiBounty } from './apiBounty';
import { encodeCursor } from './cursor';
import { openApiDocument } from './openapi';

export interface PublicApiOptions {
  bounties: PublicBounties;
  /** The site's public origin for a request (PUBLIC_URL, else the request's own): for absolute URLs. */
  publicOrigin(req: Request): string;
  readRateLimitPerMinute: number;
  now?: () => number;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';
/** Firestore's own limit for a document id; anything longer names no bounty. */
const MAX_ID_BYTES = 1500;

/**
 * CORS for a public, credential-free read API: any origin may read, preflights are answered here, and
 * every other method is 405. Set before the rate limit so a browser can read a 429 too.
 */
export const publicApiCors: RequestHandler = (req, res, next) => {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', 'ETag, Retry-After, RateLimit, RateLimit-Policy');
  // A page on another origin may read it even when it is fetched without CORS (e.g. as a resource).
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  if (req.method === 'OPTIONS') {
    res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
    res.setHeader('Access-Control-Allow-Headers', 'If-None-Match, Accept');
    res.setHeader('Access-Control-Max-Age', '86400');
    res.status(204).end();
    return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', ALLOWED_METHODS);
    res
      .status(405)
      .json({ success: false, message: `Method ${req.method} is not allowed; the API is read-only.` });
    return;
  }
  next();
};

/**
 * The public read API, mounted at /api: GET /api/v1/bounties (the list's filters and sort, cursor
 * pagination), GET /api/v1/bounties/:id and GET /api/openapi.json, which describes both. Reads are rate
 * limited per client address.
 */
export function createPublicApiRouter(options: PublicApiOptions): Router {
  const now = options.now ?? Date.now;
  const router = express.Router();

  router.use(['/v1', '/openapi.json'], publicApiCors);

  router.get('/openapi.json', (req, res) => {
    sendCached(req, res, JSON.stringify(openApiDocument(options.publicOrigin(req))), JSON_TYPE);
  });

  const v1 = express.Router();
  v1.use(readRateLimit(options.readRateLimitPerMinute));

  v1.get('/bounties', async (req, res) => {
    const parsed = parseApiQuery(searchParamsOf(req));
    if (!parsed.ok) {
      res.status(400).json({ success: false, message: parsed.message });
      return;
    }
    const { filters, sortField, sortDirection, limit, cursor, key } = parsed.value;
    const snapshot = await options.bounties.snapshot(req);
    const at = now();
    const matches = matchingBounties(snapshot, { field: sortField, direction: sortDirection }, filters, at);
    let start = 0;
    if (cursor) {
      // After the bounty that ended the last page; if it has left the list, at the same position.
      const index = matches.findIndex((bounty) => bounty.id === cursor.after);
      start = index >= 0 ? index + 1 : Math.min(cursor.offset, matches.length);
    }
    const page = matches.slice(start, start + limit);
    const end = start + page.length;
    const last = page.at(-1);
    const nextCursor =
      last && end < matches.length ? encodeCursor({ query: key, after: last.id, offset: end }) : null;
    const origin = options.publicOrigin(req);
    const body = JSON.stringify({ data: page.map((bounty) => toApiBounty(bounty, origin, at)), nextCursor });
    sendCached(req, res, body, JSON_TYPE);
  });

  v1.get('/bounties/:id', async (req, res) => {
    const { id } = req.params;
    const snapshot = await options.bounties.snapshot(req);
    // Only what the marketplace lists is published.
    const bounty = Buffer.byteLength(id) <= MAX_ID_BYTES ? snapshot.byId.get(id) : undefined;
    if (!bounty) {
      res.setHeader('Cache-Control', 'no-cache');
      res.status(404).json({ success: false, message: 'Bounty not found.' });
      return;
    }
    sendCached(req, res, JSON.stringify(toApiBounty(bounty, options.publicOrigin(req), now())), JSON_TYPE);
  });

  v1.use((_req, res) => {
    res.status(404).json({ success: false, message: 'Not found' });
  });

  router.use('/v1', v1);
  // A source that cannot be read is unavailable for a moment, not a server fault.
  router.use(((error, _req, res, next) => {
    if (!(error instanceof BountiesUnavailable)) {
      next(error);
      return;
    }
    console.warn(`Public API: bounties unavailable (${error.message})`);
    res.setHeader('Retry-After', '10');
    res
      .status(503)
      .json({ success: false, message: 'The bounties cannot be read right now. Try again shortly.' });
  }) as express.ErrorRequestHandler);

  return router;
}
