import express, { type ErrorRequestHandler, type RequestHandler, type Router } from 'express';
import type { ServerConfig } from '../config/serverConfig';
import { openDatabase } from '../db/database';
import { createBountySubmissionStore, type BountySubmissionStore } from './submissionStore';
import { validateBountySubmission } from './submissionValidation';

/** A draft is a few KB at most (the description is capped at 10,000 characters). */
export const SUBMISSION_BODY_LIMIT = '64kb';
export const SUBMISSIONS_DB_FILE = 'bounty-submissions.db';

export interface BountySubmissionsRouter extends Router {
  store: BountySubmissionStore;
}

function fail(res: express.Response, status: number, message: string, extra: Record<string, unknown> = {}) {
  res.status(status).json({ success: false, message, ...extra });
}

/**
 * POST /api/bounty-submissions: the create-bounty dialog's draft. JSON only (415 otherwise), 64 KB at
 * most (413), validated again here (400 with a message per field), then committed to SQLite as a pending
 * submission before the answer (201). Nothing a client sends produces a 500.
 */
export function createBountySubmissionsRouter(config: ServerConfig): BountySubmissionsRouter {
  const store = createBountySubmissionStore(openDatabase(config.dataDir, SUBMISSIONS_DB_FILE));

  const requireJson: RequestHandler = (req, res, next) => {
    if (req.is('application/json')) return next();
    fail(res, 415, 'The request body must be JSON (Content-Type: application/json).');
  };

  const parseJson = express.json({ limit: SUBMISSION_BODY_LIMIT, strict: false });

  const bodyErrors: ErrorRequestHandler = (error: { type?: string; status?: number }, _req, res, next) => {
    switch (error.type) {
      case 'entity.too.large':
        return fail(res, 413, `The request body is larger than ${SUBMISSION_BODY_LIMIT.toUpperCase()}.`);
      case 'entity.parse.failed':
        return fail(res, 400, 'The request body is not valid JSON.');
      case 'encoding.unsupported':
      case 'charset.unsupported':
        return fail(res, 415, 'The request body must be UTF-8 JSON.');
      default:
        if (error.status && error.status >= 400 && error.status < 500) {
          return fail(res, error.status, 'The request body could not be read.');
        }
        return next(error);
    }
  };

  const submit: RequestHandler = (req, res) => {
    const result = validateBountySubmission(req.body);
    if (!result.ok) return fail(res, 400, result.message, { errors: result.errors });
    let id: number;
    try {
      id = store.save(result.submission);
    } catch (error) {
      console.error('Storing a bounty submission failed:', error);
      return fail(res, 503, 'The bounty could not be stored. Please try again.');
    }
    res.status(201).json({
      success: true,
      id,
      status: 'pending',
      message: 'Your bounty was received and is pending review.',
    });
  };

  const router = express.Router() as BountySubmissionsRouter;
  router.post('/', requireJson, parseJson, bodyErrors, submit);
  router.all('/', (_req, res) => {
    res.set('Allow', 'POST');
    fail(res, 405, 'Use POST to submit a bounty.');
  });
  router.store = store;
  return router;
}
