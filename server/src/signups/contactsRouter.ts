import express, { type Router } from 'express';
import { acceptJson, sendError, type Validation } from '../http/jsonBody';
import type { ContactStore } from './contactStore';
import { validateChallengeRequest, validateSignup } from './contactValidation';

/** Large enough for a 5000-character description in any script, small enough to refuse abuse. */
export const CONTACT_BODY_LIMIT = '32kb';

/**
 * POST /api/signups (the Log In and CREATE_ACCOUNT fallback form) and POST /api/challenge-requests
 * (the POST_CHALLENGE fallback form). Both store the submission before answering 201, so nothing a
 * visitor sent is lost when the marketing provider's script is blocked.
 */
export function createContactsRouter(store: ContactStore): Router {
  const router = express.Router();

  function route<T>(validate: (body: unknown) => Validation<T>, save: (value: T) => void, message: string) {
    return acceptJson({ limit: CONTACT_BODY_LIMIT, validate }, (value, _req, res) => {
      try {
        save(value);
      } catch (error) {
        console.error('Could not store a contact submission', error);
        return sendError(res, 503, 'We could not save your details. Please try again.');
      }
      res.status(201).json({ success: true, message });
    });
  }

  router.post(
    '/signups',
    route(
      validateSignup,
      (value) => store.addSignup(value),
      "You're on the list. We'll email you about new bounties and opportunities.",
    ),
  );
  router.post(
    '/challenge-requests',
    route(
      validateChallengeRequest,
      (value) => store.addChallengeRequest(value),
      'Thanks! Your challenge was received and we will be in touch.',
    ),
  );
  return router;
}
