import express, { type RequestHandler, type Router } from 'express';
import { acceptJson, sendError } from '../http/jsonBody';
import type { LeadStore } from './leadStore';
import { validateLead } from './leadValidation';
import { createRateLimiter } from './rateLimiter';
import type { LeadForwarder } from './forwarding/leadForwarder';

// Scripts that read the leads database find its file name here.
export { LEADS_DB_FILE } from './leadStore';

/** Largest request body accepted; the for-clients form never comes near it. */
export const LEAD_BODY_LIMIT = '16kb';

export interface LeadsRouterOptions {
  /** Submissions one address may make per minute. */
  rateLimitPerMinute: number;
  /** Told about each stored lead so it is delivered without waiting for the next poll; null when off. */
  forwarder: LeadForwarder | null;
}

/**
 * POST /api/submit-form: rate limit per address, JSON only, 16 KB at most, every field validated, then
 * the lead is committed to SQLite (and queued for the marketing provider) before the answer says
 * success. Nothing a client sends can produce a 500.
 */
export function createLeadsRouter(
  store: LeadStore,
  { rateLimitPerMinute, forwarder }: LeadsRouterOptions,
): Router {
  const limiter = createRateLimiter(rateLimitPerMinute);

  const rateLimit: RequestHandler = (req, res, next) => {
    if (limiter.allow(req.ip ?? 'unknown')) return next();
    res.set('Retry-After', String(limiter.retryAfterSeconds()));
    sendError(res, 429, 'Too many submissions from this address. Please wait a minute and try again.');
  };

  const submit = acceptJson({ limit: LEAD_BODY_LIMIT, validate: validateLead }, async (lead, _req, res) => {
    try {
      await store.save(lead);
    } catch (error) {
      console.error('Storing a lead failed:', error);
      return sendError(res, 503, 'The submission could not be stored. Please try again.');
    }
    forwarder?.kick();
    res.json({ success: true, message: 'Thank you! Your challenge insight was received.' });
  });

  const router = express.Router();
  router.post('/', rateLimit, submit);
  router.all('/', (_req, res) => {
    res.set('Allow', 'POST');
    sendError(res, 405, 'Use POST to submit the form.');
  });
  return router;
}
