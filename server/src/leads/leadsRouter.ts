import express, { type ErrorRequestHandler, type RequestHandler, type Router } from 'express';
import type { ServerConfig } from '../config/serverConfig';
import { openDatabase } from '../db/database';
import { createLeadStore, type LeadStore } from './leadStore';
import { validateLead } from './leadValidation';
import { createRateLimiter } from './rateLimiter';
import { createLeadForwarder, type LeadForwarder } from './forwarding/leadForwarder';

/** Largest request body accepted, as SPEC's form never comes near it. */
export const LEAD_BODY_LIMIT = '16kb';
export const LEADS_DB_FILE = 'leads.db';
/** How often the outbox worker looks for due deliveries. */
const FORWARD_POLL_MS = 1_000;

export interface LeadsRouter extends Router {
  store: LeadStore;
  forwarder: LeadForwarder | null;
}

function fail(res: express.Response, status: number, message: string) {
  res.status(status).json({ success: false, message });
}

/**
 * POST /api/submit-form (SPEC §7): rate limit per address, JSON only, 16 KB at most, every field
 * validated, then the lead is committed to SQLite (and queued for the marketing provider) before the
 * answer says success. Nothing a client sends can produce a 500.
 */
export function createLeadsRouter(config: ServerConfig): LeadsRouter {
  const db = openDatabase(config.dataDir, LEADS_DB_FILE);
  const forwarding = config.leads.forwarding;
  const store = createLeadStore(db, { outbox: forwarding !== null });
  const forwarder = forwarding ? createLeadForwarder(db, { ...forwarding, pollMs: FORWARD_POLL_MS }) : null;
  forwarder?.start();
  const limiter = createRateLimiter(config.leads.rateLimitPerMinute);

  const rateLimit: RequestHandler = (req, res, next) => {
    if (limiter.allow(req.ip ?? 'unknown')) return next();
    res.set('Retry-After', String(limiter.retryAfterSeconds()));
    fail(res, 429, 'Too many submissions from this address. Please wait a minute and try again.');
  };

  const requireJson: RequestHandler = (req, res, next) => {
    if (req.is('application/json')) return next();
    fail(res, 415, 'The request body must be JSON (Content-Type: application/json).');
  };

  const parseJson = express.json({ limit: LEAD_BODY_LIMIT });

  const bodyErrors: ErrorRequestHandler = (error: { type?: string; status?: number }, _req, res, next) => {
    switch (error.type) {
      case 'entity.too.large':
        return fail(res, 413, `The request body is larger than ${LEAD_BODY_LIMIT.toUpperCase()}.`);
      case 'entity.parse.failed':
        return fail(res, 400, 'The request body is not valid JSON.');
      case 'encoding.unsupported':
      case 'charset.unsupported':
        return fail(res, 415, 'The request body must be UTF-8 JSON.');
      case 'request.aborted':
      case 'request.size.invalid':
      case 'stream.encoding.set':
        return fail(res, 400, 'The request body could not be read.');
      default:
        if (error.status && error.status >= 400 && error.status < 500) {
          return fail(res, error.status, 'The request body could not be read.');
        }
        return next(error);
    }
  };

  const submit: RequestHandler = async (req, res) => {
    const result = validateLead(req.body);
    if (!result.ok) return fail(res, 400, result.message);
    try {
      await store.save(result.lead);
    } catch (error) {
      console.error('Storing a lead failed:', error);
      return fail(res, 503, 'The submission could not be stored. Please try again.');
    }
    forwarder?.kick();
    res.json({ success: true, message: 'Thank you! Your challenge insight was received.' });
  };

  const router = express.Router() as LeadsRouter;
  router.post('/', rateLimit, requireJson, parseJson, bodyErrors, submit);
  router.all('/', (_req, res) => {
    res.set('Allow', 'POST');
    fail(res, 405, 'Use POST to submit the form.');
  });
  router.store = store;
  router.forwarder = forwarder;
  return router;
}
