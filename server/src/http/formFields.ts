import express, { type Request, type RequestHandler } from 'express';

/** The body of a form the browser posts itself (application/x-www-form-urlencoded), up to 8 KB, as text. */
export const readForm: RequestHandler = express.text({
  type: 'application/x-www-form-urlencoded',
  limit: '8kb',
});

/** The posted fields, flat and in order (URLSearchParams: no objects built from field names). */
export function formFields(req: Request): URLSearchParams {
  return new URLSearchParams(typeof req.body === 'string' ? req.body : '');
}
