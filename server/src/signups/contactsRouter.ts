import express, { type RequestHandler, type Router } from 'express';
import {
  CHALLENGE_RECEIVED_MESSAGE,
  CONTACT_RESULT_PARAM,
  CONTACT_TYPED_FIELDS,
  SIGNUP_RECEIVED_MESSAGE,
} from '@side-quest/data/forms';
import { acceptJson, sendError, sendSuccess, type FormPostOptions, type Validation } from '../http/jsonBody';
import type { ContactStore } from './contactStore';
import { validateChallengeRequest, validateSignup } from './contactValidation';

/** Large enough for a 5000-character description in any script, small enough to refuse abuse. */
export const CONTACT_BODY_LIMIT = '32kb';

/**
 * The dialogs' native forms posted without JavaScript: answered 303 back to the page the dialog is
 * open on (its posted pageUri carries ?dialog=…), adding result=ok, or result=invalid|failed with what
 * was typed, which the dialog shows again with its messages.
 */
const CONTACT_FORM_POST: FormPostOptions = {
  resultParam: CONTACT_RESULT_PARAM,
  typedFields: CONTACT_TYPED_FIELDS,
  fallbackPage: '/',
};

/**
 * POST /api/signups (the Log In and CREATE_ACCOUNT fallback form) and POST /api/challenge-requests
 * (the POST_CHALLENGE fallback form), as JSON or the browser's own form post. Both store the
 * submission before answering 201, so nothing a visitor sent is lost when the marketing provider's
 * script is blocked.
 */
export function createContactsRouter(
  store: ContactStore,
  rateLimits: { signups: RequestHandler; challengeRequests: RequestHandler },
): Router {
  const router = express.Router();

  function route<T>(
    validate: (body: unknown) => Validation<T>,
    save: (value: T) => Promise<unknown>,
    message: string,
    rateLimit: RequestHandler,
  ) {
    return acceptJson(
      { limit: CONTACT_BODY_LIMIT, validate, form: CONTACT_FORM_POST, guards: [rateLimit] },
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
