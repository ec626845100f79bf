import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import express, { type Handler, type Router } from 'express';
import type { BountyStore } from './bountyStore';
import { preferredEncoding } from '../http/contentEncoding';

/** Where the bounty images shipped in the repo live; served at /media/bounties/. */
export const BOUNTY_MEDIA_DIR = path.join(__dirname, 'media');

/** Firestore's own limit for a document id; anything longer cannot name a bounty. */
const MAX_ID_BYTES = 1500;

const notFound = { success: false, message: 'Bounty not found.' };

/** Below this the compression middleware's on-the-fly gzip is as good. */
const PRECOMPRESS_MIN_BYTES = 16 * 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const ENCODERS = {
  // Quality 5 compresses 10,000 bounties in well under a second, once per change of the list.
  br: (body: string) =>
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
      },
    }),
  gzip: (body: string) => gzip(body, { level: 6 }),
};
type Encoding = keyof typeof ENCODERS;

/**
 * The list body compressed once per version (ETag) and encoding, instead of on every request:
 * with 10,000 bounties that is the difference between ~400 ms and a few ms per answer
 * (server/bench/bounties-api.bench.ts).
 */
function compressedBodies() {
  let version = '';
  let bodies = new Map<Encoding, Promise<Buffer>>();
  return (etag: string, body: string, encoding: Encoding): Promise<Buffer> => {
    if (etag !== version) {
      version = etag;
      bodies = new Map();
    }
    let buffer = bodies.get(encoding);
    if (!buffer) {
      buffer = ENCODERS[encoding](body);
      // A failed compression is retried on the next request rather than cached.
      buffer.catch(() => bodies.delete(encoding));
      bodies.set(encoding, buffer);
    }
    return buffer;
  };
}

/**
 * GET /api/bounties (the list, already filtered, ordered and normalised) and GET /api/bounties/:id,
 * read from the store the app opened (and seeded on first start).
 */
/**
 * Whether a conditional GET names the list's current version (RFC 9110 If-None-Match, weak comparison).
 * Not `req.fresh`: that says no to any request with `Cache-Control: no-cache`, which fetch() adds to
 * every request carrying its own If-None-Match, as the server's renderer sends (apiSource.ts). no-cache
 * asks caches to revalidate; this server is the origin, so it still answers 304.
 */
export function clientHasVersion(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

export function createBountiesRouter(store: BountyStore) {
  const router: Router = express.Router();
  const compressed = compressedBodies();

  // Build and compress the list once right after start, so the first visitor does not wait for it.
  setTimeout(() => {
    try {
      const { body, etag } = store.listResponse();
      if (body.length < PRECOMPRESS_MIN_BYTES) return;
      for (const encoding of ['br', 'gzip'] as const) compressed(etag, body, encoding).catch(() => undefined);
    } catch {
      // A store closed before this ran (tests) has nothing to warm.
    }
  }, 0).unref();

  router.get('/', async (req, res) => {
    const { body, etag } = store.listResponse();
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('ETag', etag);
    res.vary('Accept-Encoding');
    if (clientHasVersion(req.headers['if-none-match'], etag)) {
      res.status(304).end();
      return;
    }
    res.type('application/json');
    // Brotli is smaller by a fifth here.
    const encoding = preferredEncoding(req);
    if (encoding && body.length >= PRECOMPRESS_MIN_BYTES) {
      const buffer = await compressed(etag, body, encoding);
      // An encoded response passes through the compression middleware untouched.
      res.setHeader('Content-Encoding', encoding);
      res.setHeader('Content-Length', buffer.length);
      res.end(buffer);
      return;
    }
    res.send(body);
  });

  router.get('/:id', (req, res) => {
    const { id } = req.params;
    const bounty = Buffer.byteLength(id) <= MAX_ID_BYTES ? store.get(id) : null;
    res.setHeader('Cache-Control', 'no-cache');
    if (!bounty) {
      res.status(404).json(notFound);
      return;
    }
    res.json(bounty);
  });

  return router;
}

/** The bounty images (local SVG files): cached for a day, a missing file is a JSON 404, never the page. */
export function bountyMediaRoute(): Handler {
  return express.static(BOUNTY_MEDIA_DIR, {
    index: false,
    fallthrough: false,
    maxAge: '1d',
    setHeaders: (res) => res.setHeader('X-Content-Type-Options', 'nosniff'),
  });
}
