import express, { type ErrorRequestHandler, type RequestHandler, type Router } from 'express';
import type { ServerConfig } from '../config/serverConfig';
import { ContactStore } from './contactStore';
import { validateChallengeRequest, validateSignup, type Validation } from './contactValidation';

/** Large enough for a 5000-character description in any script, small enough to refuse abuse. */
export const CONTACT_BODY_LIMIT = '32kb';

const requireJson: RequestHandler = (req, res, next) => {
  if (!req.is('application/json')) {
    res
      .status(415)
      .json({ success: false, message: 'Send the form as JSON (Content-Type: application/json).' });
    return;
  }
  next();
};

/** Body-parser failures become honest 4xx answers in the shape every form reads. */
const onBodyError: ErrorRequestHandler = (error: { type?: string; status?: number }, _req, res, next) => {
  if (error.type === 'entity.too.large') {
    res.status(413).json({ success: false, message: 'The form is too large to accept.' });
  } else if (error.type === 'entity.parse.failed') {
    res.status(400).json({ success: false, message: 'The request body is not valid JSON.' });
  } else if (error.status && error.status >= 400 && error.status < 500) {
    res.status(error.status).json({ success: false, message: 'The request could not be read.' });
  } else {
    next(error);
  }
};

/**
 * POST /api/signups (the Log In and CREATE_ACCOUNT fallback form) and POST /api/challenge-requests
 * (the POST_CHALLENGE fallback form). Both store the submission before answering 201, so nothing a
 * visitor sent is lost when the marketing provider's script is blocked.
 */
export function createContactsRouter(config: ServerConfig, store = new ContactStore(config.dataDir)): Router {
  const router = express.Router();
  const parseJson = express.json({ limit: CONTACT_BODY_LIMIT, strict: false });

  function handle<T>(validate: (body: unknown) => Validation<T>, save: (value: T) => void, message: string) {
    const handler: RequestHandler = (req, res) => {
      const validation = validate(req.body);
      if (!validation.ok) {
        res
          .status(400)
          .json({ success: false, message: validation.message, fieldErrors: validation.fieldErrors });
        return;
      }
      try {
        save(validation.value);
      } catch (error) {
        console.error('Could not store a contact submission', error);
        res
          .status(503)
          .json({ success: false, message: 'We could not save your details. Please try again.' });
        return;
      }
      res.status(201).json({ success: true, message });
    };
    return handler;
  }

  router.post(
    '/signups',
    requireJson,
    parseJson,
    handle(
      validateSignup,
      (value) => store.addSignup(value),
      "You're on the list. We'll email you about new bounties and opportunities.",
    ),
  );
  router.post(
    '/challenge-requests',
    requireJson,
    parseJson,
    handle(
      validateChallengeRequest,
      (value) => store.addChallengeRequest(value),
      'Thanks! Your challenge was received and we will be in touch.',
    ),
  );
  router.use(onBodyError);
  return router;
}
