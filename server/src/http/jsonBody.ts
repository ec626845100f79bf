import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import { RETURN_PAGE_FIELD, absoluteOn, type FormPostOutcome } from '@side-quest/data/forms';

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

/**
 * How a route answers a form the browser posts itself, without JavaScript: 303 See Other back to the
 * page named by the posted `pageUri`, with the outcome in its query string (`@side-quest/data/forms`,
 * formPost.ts), so the page renders the result. Nothing else about the route changes: the same limit,
 * validation, guards and store.
 */
export interface FormPostOptions {
  /** The result page's query parameter that carries the outcome: `<resultParam>=ok|invalid|failed`. */
  resultParam: string;
  /** The posted fields the visitor typed: put back on the result page after a failure. */
  typedFields: readonly string[];
  /** The result page when the post names no page of this site, or its body cannot be read. */
  fallbackPage: string;
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

function redirectToResult(res: Response, post: FormPost, outcome: FormPostOutcome): void {
  const { resultParam, typedFields } = post.options;
  const url = new URL(post.page, 'http://site.invalid');
  // A second attempt comes from a result page: its old outcome and values make way for the new ones.
  for (const name of [resultParam, ...typedFields]) url.searchParams.delete(name);
  url.searchParams.set(resultParam, outcome);
  if (outcome !== 'ok') for (const [name, value] of post.typed) url.searchParams.append(name, value);
  res.redirect(303, `${url.pathname}${url.search}`);
}

/**
 * Answers a failure in the one shape every write route uses; a form post gets 303 to its page with
 * `invalid` when fields failed validation, else `failed`.
 */
export function sendError(res: Response, status: number, message: string, fieldErrors?: FieldErrors): void {
  const body: ErrorBody = { success: false, message };
  if (fieldErrors && Object.keys(fieldErrors).length > 0) body.fieldErrors = fieldErrors;
  const post = formPosts.get(res);
  if (post) return redirectToResult(res, post, status === 400 && body.fieldErrors ? 'invalid' : 'failed');
  res.status(status).json(body);
}

/** Answers a success with the route's own body; a form post gets 303 to its page with `ok`. */
export function sendSuccess(res: Response, status: number, body: object): void {
  const post = formPosts.get(res);
  if (post) return redirectToResult(res, post, 'ok');
  res.status(status).json(body);
}

/** Each posted field's first value, with the page made absolute as the JSON forms send it. */
function fieldsToBody(fields: URLSearchParams, origin: string): Record<string, string> {
  const first = new Map<string, string>();
  for (const [name, value] of fields) if (!first.has(name)) first.set(name, value);
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
 * the same limit, guards and validation, its fields turned into the JSON-shaped body by `form.toBody`,
 * and every answer, success or failure, is a 303 to the posting page (FormPostOptions).
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
