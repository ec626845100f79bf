import express, { type RequestHandler, type Router } from 'express';
import { acceptJson, sendError } from '../http/jsonBody';
import type { BountySubmissionStore } from './submissionStore';
import { validateBountySubmission } from './submissionValidation';

/** A draft is a few KB at most (the description is capped at 10,000 characters). */
export const SUBMISSION_BODY_LIMIT = '64kb';

/**
 * POST /api/bounty-submissions: the create-bounty dialog's draft. JSON only (415 otherwise), 64 KB at
 * most (413), validated again here (400 with a message per field), then committed to SQLite as a pending
 * submission before the answer (201). Nothing a client sends produces a 500.
 */
export function createBountySubmissionsRouter(
  store: BountySubmissionStore,
  rateLimit: RequestHandler,
): Router {
  const submit = acceptJson(
    { limit: SUBMISSION_BODY_LIMIT, validate: validateBountySubmission, guards: [rateLimit] },
    async (submission, _req, res) => {
      let id: number;
      try {
        id = await store.save(submission);
      } catch (error) {
        console.error('Storing a bounty submission failed:', error);
        return sendError(res, 503, 'The bounty could not be stored. Please try again.');
      }
      res.status(201).json({
        success: true,
        id,
        status: 'pending',
        message: 'Your bounty was received and is pending review.',
      });
    },
  );

  const router = express.Router();
  router.post('/', submit);
  router.all('/', (_req, res) => {
    res.set('Allow', 'POST');
    sendError(res, 405, 'Use POST to submit a bounty.');
  });
  return router;
}
