import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import { RETURN_PAGE_FIELD, absoluteOn, type FormReturn } from '@side-quest/data/forms';

/** One message per field at fault, keyed by the field's name, so a form can show it next to the field. */
export type FieldErrors = Record<string, string>;

/**
 * The body of every failed answer from a write route. fieldErrors is there only on a 400 whose
 * problems are in named fields; a body that is wrong as a whole (not JSON, not an object) has none.
 */
export interface ErrorBody {
  success: false;
  message: string;
  fieldErrors?: FieldErrors;
}

/** A validator's verdict on a parsed body. Validators never throw, whatever the body is. */
export type Validation<T> =
  { ok: true; value: T } | { ok: false; message: string; fieldErrors?: FieldErrors };

export const NOT_JSON_MESSAGE = 'The request body must be JSON (Content-Type: application/json).';
export const INVALID_JSON_MESSAGE = 'The request body is not valid JSON.';
export const NOT_UTF8_MESSAGE = 'The request body must be UTF-8 JSON.';
export const UNREADABLE_MESSAGE = 'The request body could not be read.';
export const CROSS_SITE_FORM_MESSAGE = "Forms are accepted from this site's own pages only.";
export const tooLargeMessage = (limit: string) => `The request body is larger than ${limit.toUpperCase()}.`;

export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/** A query a rendered page starts with in its cache: its key and its data. */
export type FormPageQuery = readonly [key: readonly unknown[], data: unknown];

/**
 * Renders a page of this site (`url`, a path) as the answer to this request, with `status` and
 * `queries` in its cache, sent `Cache-Control: private, no-store` (the site's PersonalPages).
 */
export type FormPageRenderer = (
  req: Request,
  res: Response,
  page: { url: string; status: number; queries: FormPageQuery[] },
) => Promise<void>;

/**
 * How a route answers a form the browser posts itself, without JavaScript (`@side-quest/data/forms`,
 * formPost.ts): accepted, 303 See Other back to the page named by the posted `pageUri`, adding
 * `<resultParam>=ok`; refused, that page rendered again with what was typed in its cache (a FormReturn
 * under `returnKey`), 422 for fields that failed validation, else the refusal's own status. Nothing
 * typed goes into a URL. Nothing else about the route changes: the same limit, validation, guards and
 * store.
 */
export interface FormPostOptions {
  /** The result page's query parameter that says a post was accepted: `<resultParam>=ok`. */
  resultParam: string;
  /** The posted fields the visitor typed: shown again on the page rendered after a refusal. */
  typedFields: readonly string[];
  /** The query key the page's form reads a refused post from. */
  returnKey: readonly unknown[];
  /** The result page when the post names no page of this site, or its body cannot be read. */
  fallbackPage: string;
  /**
   * The page an accepted post returns to, from the posting page (path and query); by default that page
   * itself. A dialog that closes once its form is sent returns to its page without the dialog.
   */
  successPage?: (page: string) => string;
  /** Renders the page a refused post returns to. */
  renderPage: FormPageRenderer;
  /**
   * The JSON-shaped body `validate` checks, from the posted fields and this site's origin. By default
   * each field's first value, with `pageUri` made absolute on the origin.
   */
  toBody?: (fields: URLSearchParams, origin: string) => unknown;
}

interface FormPost {
  options: FormPostOptions;
  /** Path and query of the page the answer returns to. */
  page: string;
  typed: Array<[string, string]>;
}

/** The form posts in progress; a response without an entry answers JSON. */
const formPosts = new WeakMap<Response, FormPost>();

/** Only ever a path on this site, so the answer can never send the browser to another one. */
function resultPage(value: string | null, fallback: string): string {
  if (!value) return fallback;
  try {
    const url = new URL(value, 'http://site.invalid');
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname.startsWith('//'))
      return fallback;
    return `${url.pathname}${url.search}`;
  } catch {
    return fallback;
  }
}

/**
 * The page a post returns to, without any outcome or typed values an earlier answer's URL carried (a
 * second attempt may come from such a page), and with `outcome` when one is given.
 */
export function pageAfterPost(
  page: string,
  { resultParam, typedFields }: Pick<FormPostOptions, 'resultParam' | 'typedFields'>,
  outcome: 'ok' | null,
): string {
  const url = new URL(page, 'http://site.invalid');
  for (const name of [resultParam, ...typedFields]) url.searchParams.delete(name);
  if (outcome) url.searchParams.set(resultParam, outcome);
  return `${url.pathname}${url.search}`;
}

/** Each posted field's first value, in the order posted. */
function firstValues(fields: Iterable<readonly [string, string]>): Map<string, string> {
  const first = new Map<string, string>();
  for (const [name, value] of fields) if (!first.has(name)) first.set(name, value);
  return first;
}

/** What a refused post puts in its page's cache: the outcome and each typed field's first value. */
export function formReturnOf(
  outcome: FormReturn['outcome'],
  typed: ReadonlyArray<readonly [string, string]>,
): FormReturn {
  // fromEntries defines own properties, so a field named __proto__ is only a field.
  return { outcome, values: Object.fromEntries(firstValues(typed)) };
}

/** A refused form post's answer: its page again, 422 for fields at fault, else the refusal's status. */
function renderRefused(res: Response, post: FormPost, status: number, message: string, invalid: boolean) {
  const answered = invalid ? 422 : status;
  const url = pageAfterPost(post.page, post.options, null);
  const queries: FormPageQuery[] = [
    [post.options.returnKey, formReturnOf(invalid ? 'invalid' : 'failed', post.typed)],
  ];
  post.options.renderPage(res.req, res, { url, status: answered, queries }).catch((error: unknown) => {
    // The page could not be rendered: the refusal is still answered, with its own status and message.
    console.error('Rendering the page of a refused form post failed:', error);
    if (res.headersSent) return void res.end();
    res.setHeader('Cache-Control', 'private, no-store');
    res.status(answered).type('text/plain').send(message);
  });
}

/**
 * Answers a failure in the one shape every write route uses; a form post gets its page rendered again
 * with what was typed (FormPostOptions).
 */
export function sendError(res: Response, status: number, message: string, fieldErrors?: FieldErrors): void {
  const body: ErrorBody = { success: false, message };
  if (fieldErrors && Object.keys(fieldErrors).length > 0) body.fieldErrors = fieldErrors;
  const post = formPosts.get(res);
  if (post) return renderRefused(res, post, status, message, status === 400 && !!body.fieldErrors);
  res.status(status).json(body);
}

/** Answers a success with the route's own body; a form post gets 303 to its page with `ok`. */
export function sendSuccess(res: Response, status: number, body: object): void {
  const post = formPosts.get(res);
  if (post) {
    const page = post.options.successPage?.(post.page) ?? post.page;
    return res.redirect(303, pageAfterPost(page, post.options, 'ok'));
  }
  res.status(status).json(body);
}

/** Each posted field's first value, with the page made absolute as the JSON forms send it. */
function fieldsToBody(fields: URLSearchParams, origin: string): Record<string, string> {
  const first = firstValues(fields);
  const page = first.get(RETURN_PAGE_FIELD);
  if (page !== undefined) first.set(RETURN_PAGE_FIELD, absoluteOn(page, origin));
  // fromEntries defines own properties, so a field named __proto__ is only a field.
  return Object.fromEntries(first);
}

export interface JsonBodyOptions<T> {
  /** Largest body accepted, in body-parser's notation ('16kb'); also quoted in the 413 message. */
  limit: string;
  validate: (body: unknown) => Validation<T>;
  /** Also accept application/x-www-form-urlencoded posts from the browser's own forms. */
  form?: FormPostOptions;
  /**
   * Checks that may refuse a request through sendError, such as a rate limit. They run before anything
   * else for JSON, and for a form post once its fields are read, so the refusal can return to the page
   * with what was typed.
   */
  guards?: RequestHandler[];
}

export type JsonHandler<T> = (value: T, req: Request, res: Response) => void | Promise<void>;

/**
 * The middleware chain of a JSON write route, so every route refuses bad bodies the same way:
 * 415 unless the Content-Type is application/json, 413 over `limit`, 400 for invalid JSON, body-parser's
 * own 4xx status for anything else it cannot read, then 400 with fieldErrors when `validate` refuses the
 * value. `handle` runs only with a valid value and answers through sendSuccess. Nothing a client sends
 * reaches the app's 500 handler.
 *
 * With `form`, an application/x-www-form-urlencoded post (a browser without JavaScript) goes through
 * the same limit, guards and validation, its fields turned into the JSON-shaped body by `form.toBody`;
 * it is answered with a 303 to the posting page on success, else that page again (FormPostOptions).
 */
export function acceptJson<T>(
  { limit, validate, form, guards = [] }: JsonBodyOptions<T>,
  handle: JsonHandler<T>,
): Array<RequestHandler | ErrorRequestHandler> {
  const detectForm: RequestHandler = (req, res, next) => {
    // A JSON post from another site needs a CORS preflight this server never grants; a form post does
    // not, so one that the browser marks as sent from another site is refused.
    if (form && req.is(FORM_CONTENT_TYPE) && req.get('sec-fetch-site') === 'cross-site') {
      return sendError(res, 403, CROSS_SITE_FORM_MESSAGE);
    }
    if (form && req.is(FORM_CONTENT_TYPE))
      formPosts.set(res, { options: form, page: form.fallbackPage, typed: [] });
    next();
  };
  const forJson =
    (guard: RequestHandler): RequestHandler =>
    (req, res, next) =>
      formPosts.has(res) ? next() : guard(req, res, next);
  const forForm =
    (guard: RequestHandler): RequestHandler =>
    (req, res, next) =>
      formPosts.has(res) ? guard(req, res, next) : next();

  const requireJson: RequestHandler = (req, res, next) => {
    if (req.is('application/json') || formPosts.has(res)) return next();
    sendError(res, 415, NOT_JSON_MESSAGE);
  };

  // Not strict: null, numbers and strings reach the validator, whose "must be a JSON object" says more
  // than "not valid JSON" would.
  const parse = express.json({ limit, strict: false });
  // Read as text and parsed with URLSearchParams: flat, in order, and no objects built from names.
  const parseForm = express.text({ type: FORM_CONTENT_TYPE, limit });

  const bodyErrors: ErrorRequestHandler = (error: { type?: string; status?: number }, _req, res, next) => {
    switch (error.type) {
      case 'entity.too.large':
        return sendError(res, 413, tooLargeMessage(limit));
      case 'entity.parse.failed':
        return sendError(res, 400, INVALID_JSON_MESSAGE);
      case 'encoding.unsupported':
      case 'charset.unsupported':
        return sendError(res, 415, NOT_UTF8_MESSAGE);
      // body-parser marks this one 500, but it is about this request's stream, not the server's health.
      case 'stream.encoding.set':
        return sendError(res, 400, UNREADABLE_MESSAGE);
      default:
        if (error.status && error.status >= 400 && error.status < 500) {
          return sendError(res, error.status, UNREADABLE_MESSAGE);
        }
        return next(error);
    }
  };

  const readFields: RequestHandler = (req, res, next) => {
    const post = formPosts.get(res);
    if (post && form) {
      const fields = new URLSearchParams(typeof req.body === 'string' ? req.body : '');
      post.page = resultPage(fields.get(RETURN_PAGE_FIELD), form.fallbackPage);
      post.typed = [...fields].filter(([name]) => form.typedFields.includes(name));
      req.body = (form.toBody ?? fieldsToBody)(fields, `${req.protocol}://${req.get('host')}`);
    }
    next();
  };

  const validated: RequestHandler = async (req, res) => {
    const result = validate(req.body);
    if (!result.ok) return sendError(res, 400, result.message, result.fieldErrors);
    await handle(result.value, req, res);
  };

  return [
    detectForm,
    ...guards.map(forJson),
    requireJson,
    parse,
    parseForm,
    bodyErrors,
    readFields,
    ...guards.map(forForm),
    validated,
  ];
}
