import express, { type RequestHandler, type Router } from 'express';
import {
  LEAD_FORM_RETURN_KEY,
  LEAD_FORM_TYPED_FIELDS,
  LEAD_RESULT_PARAM,
  leadFromFormFields,
} from '@side-quest/data/forms';
import { SITE_ROUTES } from '@side-quest/data/routes';
import { acceptJson, sendError, sendSuccess, type FormPostOptions } from '../http/jsonBody';
import type { PersonalPages } from '../site/siteHosting';
import type { LeadStore } from './leadStore';
import { validateLead } from './leadValidation';
import type { LeadForwarder } from './forwarding/leadForwarder';

// Scripts that read the leads database find its file name here.
export { LEADS_DB_FILE } from './leadStore';

/** Largest request body accepted; the for-clients form never comes near it. */
export const LEAD_BODY_LIMIT = '16kb';

/**
 * The for-clients form posted without JavaScript: answered 303 to /for-clients?lead=ok (the thank-you
 * state), or, refused, /for-clients rendered again (422, or the refusal's status) with what was typed in
 * its cache, which the form shows again with its message.
 */
function leadFormPost(pages: () => PersonalPages): FormPostOptions {
  return {
    resultParam: LEAD_RESULT_PARAM,
    typedFields: LEAD_FORM_TYPED_FIELDS,
    returnKey: LEAD_FORM_RETURN_KEY,
    fallbackPage: SITE_ROUTES.forClients,
    renderPage: (req, res, page) => pages().render(req, res, page),
    toBody: leadFromFormFields,
  };
}

export interface LeadsRouterOptions {
  /** The route's per-address rate limit (server/src/rate-limits). */
  rateLimit: RequestHandler;
  /** Told about each stored lead so it is delivered without waiting for the next poll; null when off. */
  forwarder: LeadForwarder | null;
  /** The site's page renderer, for the page a refused form post is answered with. */
  pages: () => PersonalPages;
}

/**
 * POST /api/submit-form: rate limit per address, JSON (or the page's own form post), 16 KB at most,
 * every field validated, then the lead is committed to SQLite (and queued for the marketing provider)
 * before the answer says success. Nothing a client sends can produce a 500.
 */
export function createLeadsRouter(
  store: LeadStore,
  { rateLimit, forwarder, pages }: LeadsRouterOptions,
): Router {
  const submit = acceptJson(
    { limit: LEAD_BODY_LIMIT, validate: validateLead, form: leadFormPost(pages), guards: [rateLimit] },
    async (lead, _req, res) => {
      try {
        await store.save(lead);
      } catch (error) {
        console.error('Storing a lead failed:', error);
        return sendError(res, 503, 'The submission could not be stored. Please try again.');
      }
      forwarder?.kick();
      sendSuccess(res, 200, { success: true, message: 'Thank you! Your challenge insight was received.' });
    },
  );

  const router = express.Router();
  router.post('/', submit);
  router.all('/', (_req, res) => {
    res.set('Allow', 'POST');
    sendError(res, 405, 'Use POST to submit the form.');
  });
  return router;
}
