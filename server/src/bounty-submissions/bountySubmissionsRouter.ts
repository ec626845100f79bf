import express, { type RequestHandler, type Router } from 'express';
import {
  BOUNTY_DRAFT_RESULT_PARAM,
  BOUNTY_DRAFT_RETURN_KEY,
  BOUNTY_DRAFT_TYPED_FIELDS,
  BOUNTY_RECEIVED_MESSAGE,
  DIALOG_PARAM,
} from '@side-quest/data/forms';
import { SITE_ROUTES } from '@side-quest/data/routes';
import { acceptJson, sendError, sendSuccess, type FormPostOptions } from '../http/jsonBody';
import type { PersonalPages } from '../site/siteHosting';
import type { BountySubmissionStore } from './submissionStore';
import { validateBountySubmission } from './submissionValidation';

/** A draft is a few KB at most (the description is capped at 10,000 characters). */
export const SUBMISSION_BODY_LIMIT = '64kb';

/** The posting page without its dialog: a sent draft closes CREATE_NEW_BOUNTY. */
function withoutDialog(page: string): string {
  const url = new URL(page, 'http://site.invalid');
  url.searchParams.delete(DIALOG_PARAM);
  return `${url.pathname}${url.search}`;
}

/**
 * The CREATE_NEW_BOUNTY dialog's native form posted without JavaScript (its posted pageUri is the page
 * with the dialog open): answered 303 to that page without the dialog, adding draft=ok, or, refused,
 * that page rendered again with the dialog open (422, or the refusal's status) and what was typed in
 * its cache, which the dialog shows again with its messages.
 */
function bountyDraftFormPost(pages: () => PersonalPages): FormPostOptions {
  return {
    resultParam: BOUNTY_DRAFT_RESULT_PARAM,
    typedFields: BOUNTY_DRAFT_TYPED_FIELDS,
    returnKey: BOUNTY_DRAFT_RETURN_KEY,
    fallbackPage: SITE_ROUTES.bounties,
    successPage: withoutDialog,
    renderPage: (req, res, page) => pages().render(req, res, page),
  };
}

/**
 * POST /api/bounty-submissions: the create-bounty dialog's draft, as JSON (415 for anything but JSON or
 * the dialog's own form post), 64 KB at most (413), validated again here (400 with a message per
 * field), then committed to SQLite as a pending submission before the answer (201; a form post 303).
 * Nothing a client sends produces a 500.
 */
export function createBountySubmissionsRouter(
  store: BountySubmissionStore,
  rateLimit: RequestHandler,
  pages: () => PersonalPages,
): Router {
  const submit = acceptJson(
    {
      limit: SUBMISSION_BODY_LIMIT,
      validate: validateBountySubmission,
      form: bountyDraftFormPost(pages),
      guards: [rateLimit],
    },
    async (submission, _req, res) => {
      let id: number;
      try {
        id = await store.save(submission);
      } catch (error) {
        console.error('Storing a bounty submission failed:', error);
        return sendError(res, 503, 'The bounty could not be stored. Please try again.');
      }
      sendSuccess(res, 201, { success: true, id, status: 'pending', message: BOUNTY_RECEIVED_MESSAGE });
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
