import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import {
  ENTRY_FORM_RETURN_KEY,
  LIFECYCLE_PAGES,
  SCORING_FORM_RETURN_KEY,
  TEST_SETUP_FORM_RETURN_KEY,
  type EntryFormReturn,
  type ScoringFormReturn,
  type TestSetupFormReturn,
} from '@side-quest/data/lifecycle';
import type { BlobStore } from '../blobs';
import { readMultipartUpload, type MultipartUpload, type UploadField } from '../http/multipartForm';
import type { Accounts, Person } from '../accounts/accounts';
import { sendPersonalData as sendData, signedInRoute } from '../http/signedInRoutes';
import type { PageQuery, PersonalPages } from '../site/siteHosting';
import { SETUP_UPLOADS, setupValuesOf, type FormFailure, type ScoredBounties } from './scoredBounties';
import { TEST_SETUP_UPLOADS, testSetupValuesOf } from './testScoredSetup';

/** A file name for Content-Disposition: ASCII letters, digits, dot, dash and underscore only. */
export function safeFileName(name: string): string {
  const cleaned = name
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, 120);
  return cleaned || 'file';
}

/** The media type a setup file is served with, by its name's extension: ZIP, CSV, or bytes. */
export function downloadContentType(name: string): string {
  if (/\.zip$/i.test(name)) return 'application/zip';
  if (/\.csv$/i.test(name)) return 'text/csv';
  return 'application/octet-stream';
}

export function createScoredRoutes(options: {
  accounts: Accounts;
  scored: ScoredBounties;
  blobs: BlobStore;
  sitePages: () => PersonalPages;
  changed?: () => Promise<void>;
  /** Uploads per client address and window, as the site's other uploads (before a byte is stored). */
  uploadRateLimits?: { setups: RequestHandler; entries: RequestHandler };
}): Router {
  const { accounts, scored, blobs, sitePages } = options;
  const unlimited: RequestHandler = (_req, _res, next) => next();
  const limits = options.uploadRateLimits ?? { setups: unlimited, entries: unlimited };
  const router = Router();

  const signedIn = signedInRoute(accounts);
  const notFound = (res: Response) => res.status(404).type('text/plain').send('Not found');
  const NOT_WHOLE: FormFailure = {
    ok: false,
    status: 422,
    message: 'The upload did not arrive whole. Choose the files and send the form again.',
    problems: [],
  };

  /** Reads an upload form; a body that is not one is a 400 with the fields that arrived. */
  async function upload(
    req: Request,
    files: Record<string, UploadField>,
  ): Promise<MultipartUpload | { badRequest: URLSearchParams }> {
    try {
      return await readMultipartUpload(req, { blobs, files });
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status === 400)
        return { badRequest: (error as { fields?: URLSearchParams }).fields ?? new URLSearchParams() };
      throw error;
    }
  }

  /** A refused form: its page again with the status, message, problems and what was typed. */
  async function answerFailure(
    req: Request,
    res: Response,
    failure: FormFailure,
    page: string,
    query: PageQuery,
  ) {
    if (failure.status === 404) return notFound(res);
    if (failure.retryAfterSeconds !== undefined)
      res.setHeader('Retry-After', String(failure.retryAfterSeconds));
    // A page's script posting the form itself asks for JSON: the same answer, without the page.
    if (req.accepts(['html', 'json']) === 'json') {
      res.setHeader('Cache-Control', 'private, no-store');
      return res.status(failure.status).json({ success: false, ...(query[1] as object) });
    }
    await sitePages().render(req, res, { url: page, status: failure.status, queries: [query] });
  }

  router.get(
    '/api/lifecycle/organisations/:slug/bounties/:id/scoring',
    signedIn(async (req, res, person) =>
      sendData(res, await scored.teamData(person, String(req.params.slug), String(req.params.id))),
    ),
  );
  // Staff see a scored bounty's review data as the team does (the access table lets only staff here).
  router.get(
    '/api/staff/bounties/:id/scoring',
    signedIn(async (req, res, person) =>
      sendData(res, await scored.staffData(person, String(req.params.id))),
    ),
  );
  router.get(
    '/api/lifecycle/bounties/:id/entries',
    signedIn(async (req, res, person) =>
      sendData(res, await scored.entriesPage(person, String(req.params.id))),
    ),
  );
  router.get(
    '/api/lifecycle/bounties/:id/files/:kind',
    signedIn(async (req, res, person) => {
      const file = await scored.download(person, String(req.params.id), String(req.params.kind));
      if (!file) return notFound(res);
      res.setHeader('Content-Type', downloadContentType(file.name));
      res.setHeader('Content-Disposition', `attachment; filename="${safeFileName(file.name)}"`);
      res.setHeader('Content-Length', String(file.size));
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Cache-Control', 'private, no-store');
      file.stream.on('error', () => res.destroy());
      // A download the client leaves early closes the file too.
      res.on('close', () => file.stream.destroy());
      file.stream.pipe(res);
    }),
  );

  /**
   * A setup form's route (an answer key or tests): the team checked before a byte of the files is stored;
   * a refusal answers with the console again, its message, problems and `typedValues` of what was sent,
   * under its form's `returnKey`.
   */
  function setupFormRoute(
    path: string,
    returnKey: readonly string[],
    files: Record<string, UploadField>,
    attach: (
      person: Person,
      slug: string,
      id: string,
      form: MultipartUpload,
    ) => Promise<{ ok: true } | FormFailure>,
    typedValues: (fields: URLSearchParams) => Pick<ScoringFormReturn | TestSetupFormReturn, 'values'>,
    done: string,
  ) {
    router.post(
      path,
      limits.setups,
      signedIn(async (req, res, person) => {
        const slug = String(req.params.slug);
        const id = String(req.params.id);
        const page = LIFECYCLE_PAGES.console(slug, id);
        if (!(await scored.teamBounty(person, slug, id))) return notFound(res);
        const form = await upload(req, files);
        const outcome = 'badRequest' in form ? NOT_WHOLE : await attach(person, slug, id, form);
        if (!outcome.ok) {
          const fields = 'badRequest' in form ? form.badRequest : form.fields;
          const returned = { ...typedValues(fields), message: outcome.message, problems: outcome.problems };
          return answerFailure(req, res, outcome, page, [returnKey, returned]);
        }
        await options.changed?.();
        res.redirect(303, `${page}?done=${done}`);
      }),
    );
  }

  setupFormRoute(
    '/sponsor/:slug/bounties/:id/scoring',
    SCORING_FORM_RETURN_KEY,
    SETUP_UPLOADS,
    (person, slug, id, form) => scored.attachSetup(person, slug, id, form),
    (fields) => ({ values: setupValuesOf(fields) }),
    'scoring-attached',
  );
  // A test-scored setup (issue 56 item 3): the same team and states as an answer key's, its own fields.
  setupFormRoute(
    '/sponsor/:slug/bounties/:id/scoring/tests',
    TEST_SETUP_FORM_RETURN_KEY,
    TEST_SETUP_UPLOADS,
    (person, slug, id, form) => scored.attachTestSetup(person, slug, id, form),
    (fields) => ({ values: testSetupValuesOf(fields) }),
    'tests-attached',
  );

  router.post(
    '/sponsor/:slug/bounties/:id/scoring/publish-key',
    express.text({ type: 'application/x-www-form-urlencoded', limit: '1kb' }),
    signedIn(async (req, res, person) => {
      const slug = String(req.params.slug);
      const id = String(req.params.id);
      const outcome = await scored.publishKey(person, slug, id);
      if (!outcome.ok) {
        if (outcome.status === 404) return notFound(res);
        return res.status(outcome.status).type('text/plain').send(outcome.message);
      }
      res.redirect(303, `${LIFECYCLE_PAGES.console(slug, id)}?done=key-published#scoring`);
    }),
  );

  router.post(
    '/submit/:id/entries',
    limits.entries,
    signedIn(async (req, res, person) => {
      const id = String(req.params.id);
      const page = LIFECYCLE_PAGES.submit(id);
      const limit = await scored.entryLimit(id);
      if (limit === null) return notFound(res);
      const form = await upload(req, {
        entry: { maxBytes: limit, contentType: 'text/csv', label: 'Your entry' },
      });
      const failure = (message: string, problems: string[] = []): EntryFormReturn => ({ message, problems });
      if ('badRequest' in form) {
        const message = 'The upload did not arrive whole. Choose the file and send it again.';
        return answerFailure(req, res, { ok: false, status: 422, message, problems: [] }, page, [
          ENTRY_FORM_RETURN_KEY,
          failure(message),
        ]);
      }
      const outcome = await scored.addEntry(person, id, form);
      if (!outcome.ok)
        return answerFailure(req, res, outcome, page, [
          ENTRY_FORM_RETURN_KEY,
          failure(outcome.message, outcome.problems),
        ]);
      // The page answers at once; it shows the score when ready (without JavaScript it refreshes).
      res.redirect(303, `${page}?done=entry-queued#entries`);
    }),
  );

  router.post(
    '/submit/:id/finals',
    express.text({ type: 'application/x-www-form-urlencoded', limit: '16kb' }),
    signedIn(async (req, res, person) => {
      const id = String(req.params.id);
      const page = LIFECYCLE_PAGES.submit(id);
      const fields = new URLSearchParams(typeof req.body === 'string' ? req.body : '');
      const outcome = await scored.chooseFinal(person, id, fields.getAll('final'));
      if (!outcome.ok)
        return answerFailure(req, res, outcome, page, [
          ENTRY_FORM_RETURN_KEY,
          { message: outcome.message, problems: outcome.problems } satisfies EntryFormReturn,
        ]);
      res.redirect(303, `${page}?done=finals-chosen#entries`);
    }),
  );

  return router;
}
