import path from 'node:path';
import express, { type Handler, type Router } from 'express';
import type { ServerConfig } from '../config/serverConfig';
import { openBountyStore, type BountyStore } from './bountyStore';

/** Where the bounty images shipped in the repo live; served at /media/bounties/. */
export const BOUNTY_MEDIA_DIR = path.join(__dirname, 'media');

/** Firestore's own limit for a document id; anything longer cannot name a bounty. */
const MAX_ID_BYTES = 1500;

const notFound = { success: false, message: 'Bounty not found.' };

/**
 * GET /api/bounties (SPEC §7 list, already filtered, ordered and normalised) and GET /api/bounties/:id.
 * The store is opened (and seeded on first start) when the router is created.
 */
export function createBountiesRouter(
  config: ServerConfig,
  store: BountyStore = openBountyStore(config.dataDir),
) {
  const router: Router = express.Router();

  router.get('/', (req, res) => {
    const { body, etag } = store.listResponse();
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('ETag', etag);
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.type('application/json').send(body);
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
