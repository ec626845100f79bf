import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';

/** The public read routes may be cached this long by browsers, proxies and feed readers. */
export const PUBLIC_READ_CACHE_CONTROL = 'public, max-age=60';

/**
 * Answers a read with a body derived from data that changes: an ETag of the body itself (so any change,
 * including a bounty closing, makes a new one) and 304 without the body when the client's copy is
 * current, as GET /api/bounties does.
 */
export function sendCached(
  req: Request,
  res: Response,
  body: string,
  contentType: string,
  cacheControl: string = PUBLIC_READ_CACHE_CONTROL,
): void {
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('ETag', `"${createHash('sha1').update(body).digest('base64url')}"`);
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Type', contentType);
  res.send(body);
}

/** A request's query string as URLSearchParams, read from the raw URL (repeated keys kept in order). */
export function searchParamsOf(req: Request): URLSearchParams {
  const at = req.originalUrl.indexOf('?');
  return new URLSearchParams(at === -1 ? '' : req.originalUrl.slice(at + 1));
}
