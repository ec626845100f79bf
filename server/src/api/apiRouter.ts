import express, { type Request, type Router } from 'express';
import type { AppStores } from '../appStores';
import type { ServerConfig } from '../config/serverConfig';
import { createLeadsRouter } from '../leads/leadsRouter';
import { createContactsRouter } from '../signups/contactsRouter';
import { createBountiesRouter } from '../bounties/bountiesRouter';
import { createBountySubmissionsRouter } from '../bounty-submissions/bountySubmissionsRouter';
import type { PublicBounties } from '../bounties/publicBounties';
import { createPublicApiRouter } from '../public-api/publicApiRouter';
import { createWriteRateLimit } from '../rate-limits/writeRateLimit';
import { readinessHandler } from '../ops/readiness';
import type { PersonalPages } from '../site/siteHosting';

/** What the public read API publishes, and the origin its absolute URLs are on. */
export interface PublicApiSource {
  bounties: PublicBounties;
  publicOrigin(req: Request): string;
}

/**
 * Everything under /api. Each feature mounts its own router here, on the store the app opened for it;
 * features own their folders (server/src/<feature>/) and their tables.
 */
export function createApiRouter(
  config: ServerConfig,
  stores: AppStores,
  publicApi: PublicApiSource,
  {
    onLimited,
    pages,
  }: {
    onLimited?: (route: string) => void;
    /** The site's page renderer: a refused form post is answered with its page (jsonBody.ts). */
    pages: () => PersonalPages;
  },
): Router {
  const api = express.Router();
  const { windowMs, ...limits } = config.rateLimits;
  const limit = (name: keyof typeof limits) =>
    createWriteRateLimit({
      name,
      limit: limits[name],
      windowMs,
      counters: stores.rateLimitCounters,
      onLimited,
    });
  api.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  api.get(
    '/ready',
    readinessHandler({
      config,
      pingDatabase: () => stores.ping(),
      outboxBacklog: () => stores.leads.pendingDeliveries(),
      mailBacklog: () => stores.mailer.pending(),
    }),
  );
  api.use(
    '/submit-form',
    createLeadsRouter(stores.leads, {
      rateLimit: limit('leads'),
      forwarder: stores.leadForwarder,
      pages,
    }),
  );
  api.use(
    createContactsRouter(
      stores.contacts,
      { signups: limit('signups'), challengeRequests: limit('challengeRequests') },
      pages,
    ),
  );
  api.use('/bounties', createBountiesRouter(stores.bounties));
  api.use(
    '/bounty-submissions',
    createBountySubmissionsRouter(stores.bountySubmissions, limit('bountySubmissions'), pages),
  );
  // /api/v1/* and /api/openapi.json: the public, CORS-open, rate-limited read API.
  api.use(createPublicApiRouter({ ...publicApi, readRateLimitPerMinute: config.readRateLimitPerMinute }));
  api.use((_req, res) => {
    res.status(404).json({ success: false, message: 'Not found' });
  });
  return api;
}
