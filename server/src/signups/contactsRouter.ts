import express, { type RequestHandler, type Router } from 'express';
import {
  CHALLENGE_RECEIVED_MESSAGE,
  CONTACT_FORM_RETURN_KEY,
  CONTACT_RESULT_PARAM,
  CONTACT_TYPED_FIELDS,
  SIGNUP_RECEIVED_MESSAGE,
} from '@side-quest/data/forms';
import { acceptJson, sendError, sendSuccess, type FormPostOptions, type Validation } from '../http/jsonBody';
import type { PersonalPages } from '../site/siteHosting';
import type { ContactStore } from './contactStore';
import { validateChallengeRequest, validateSignup } from './contactValidation';

/** Large enough for a 5000-character description in any script, small enough to refuse abuse. */
export const CONTACT_BODY_LIMIT = '32kb';

/**
 * The dialogs' native forms posted without JavaScript: answered 303 back to the page the dialog is
 * open on (its posted pageUri carries ?dialog=…), adding result=ok, or, refused, that page rendered
 * again (422, or the refusal's status) with what was typed in its cache, which the dialog shows again
 * with its messages.
 */
function contactFormPost(pages: () => PersonalPages): FormPostOptions {
  return {
    resultParam: CONTACT_RESULT_PARAM,
    typedFields: CONTACT_TYPED_FIELDS,
    returnKey: CONTACT_FORM_RETURN_KEY,
    fallbackPage: '/',
    renderPage: (req, res, page) => pages().render(req, res, page),
  };
}

/**
 * POST /api/signups (the Log In and CREATE_ACCOUNT fallback form) and POST /api/challenge-requests
 * (the POST_CHALLENGE fallback form), as JSON or the browser's own form post. Both store the
 * submission before answering 201, so nothing a visitor sent is lost when the marketing provider's
 * script is blocked.
 */
export function createContactsRouter(
  store: ContactStore,
  rateLimits: { signups: RequestHandler; challengeRequests: RequestHandler },
  pages: () => PersonalPages,
): Router {
  const router = express.Router();
  const form = contactFormPost(pages);

  function route<T>(
    validate: (body: unknown) => Validation<T>,
    save: (value: T) => Promise<unknown>,
    message: string,
    rateLimit: RequestHandler,
  ) {
    return acceptJson(
      { limit: CONTACT_BODY_LIMIT, validate, form, guards: [rateLimit] },
      async (value, _req, res) => {
        try {
          await save(value);
        } catch (error) {
          console.error('Could not store a contact submission', error);
          return sendError(res, 503, 'We could not save your details. Please try again.');
        }
        sendSuccess(res, 201, { success: true, message });
      },
    );
  }

  router.post(
    '/signups',
    route(validateSignup, (value) => store.addSignup(value), SIGNUP_RECEIVED_MESSAGE, rateLimits.signups),
  );
  router.post(
    '/challenge-requests',
    route(
      validateChallengeRequest,
      (value) => store.addChallengeRequest(value),
      CHALLENGE_RECEIVED_MESSAGE,
      rateLimits.challengeRequests,
    ),
  );
  return router;
}
