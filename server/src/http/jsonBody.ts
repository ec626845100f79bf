import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';

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
export const tooLargeMessage = (limit: string) => `The request body is larger than ${limit.toUpperCase()}.`;

/** Answers a failure in the one shape every write route uses. */
export function sendError(res: Response, status: number, message: string, fieldErrors?: FieldErrors): void {
  const body: ErrorBody = { success: false, message };
  if (fieldErrors && Object.keys(fieldErrors).length > 0) body.fieldErrors = fieldErrors;
  res.status(status).json(body);
}

export interface JsonBodyOptions<T> {
  /** Largest body accepted, in body-parser's notation ('16kb'); also quoted in the 413 message. */
  limit: string;
  validate: (body: unknown) => Validation<T>;
}

export type JsonHandler<T> = (value: T, req: Request, res: Response) => void | Promise<void>;

/**
 * The middleware chain of a JSON write route, so every route refuses bad bodies the same way:
 * 415 unless the Content-Type is application/json, 413 over `limit`, 400 for invalid JSON, body-parser's
 * own 4xx status for anything else it cannot read, then 400 with fieldErrors when `validate` refuses the
 * value. `handle` runs only with a valid value. Nothing a client sends reaches the app's 500 handler.
 */
export function acceptJson<T>(
  { limit, validate }: JsonBodyOptions<T>,
  handle: JsonHandler<T>,
): Array<RequestHandler | ErrorRequestHandler> {
  const requireJson: RequestHandler = (req, res, next) => {
    if (req.is('application/json')) return next();
    sendError(res, 415, NOT_JSON_MESSAGE);
  };

  // Not strict: null, numbers and strings reach the validator, whose "must be a JSON object" says more
  // than "not valid JSON" would.
  const parse = express.json({ limit, strict: false });

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

  const validated: RequestHandler = async (req, res) => {
    const result = validate(req.body);
    if (!result.ok) return sendError(res, 400, result.message, result.fieldErrors);
    await handle(result.value, req, res);
  };

  return [requireJson, parse, bodyErrors, validated];
}
