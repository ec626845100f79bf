import type { RequestHandler } from 'express';
import { hasSessionCookie } from './sessionCookie';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_ORIGIN_MESSAGE = "Changes are accepted from this site's own pages only.";

/**
 * Writes deliberately open to every origin. One-click unsubscribe (RFC 8058): a mail provider posts it
 * from its own servers, without cookies or an Origin of this site; the signed token in the path is the
 * whole authority, and it only ever stops mail (server/src/mail/mailFeature.ts).
 */
export const ORIGIN_CHECK_EXEMPT_PREFIXES: readonly string[] = ['/unsubscribe/'];

/**
 * Whether a state-changing request comes from this site's own pages: its Origin is this server's (or
 * PUBLIC_URL's); without an Origin, the browser's Sec-Fetch-Site says same-origin. A request with
 * neither (scripts, curl) passes only without a session cookie: it cannot act as anyone then.
 */
export function isSameOriginWrite(
  headers: { origin?: string; 'sec-fetch-site'?: string; cookie?: string },
  ownOrigins: readonly string[],
): boolean {
  const origin = headers.origin;
  if (origin && origin !== 'null') return ownOrigins.includes(origin);
  const site = headers['sec-fetch-site'];
  if (site) return site === 'same-origin' || site === 'none';
  return !hasSessionCookie(headers.cookie);
}

/**
 * The CSRF check of every write route of the site (better-auth checks only its own): a cross-origin
 * POST, PUT, PATCH or DELETE answers 403 before any router sees it, cookies or not.
 */
export function sameOriginWrites(publicUrl: string | null): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (ORIGIN_CHECK_EXEMPT_PREFIXES.some((prefix) => req.path.startsWith(prefix))) return next();
    const own = [`${req.protocol}://${req.get('host')}`];
    if (publicUrl) own.push(publicUrl);
    if (isSameOriginWrite(req.headers as Parameters<typeof isSameOriginWrite>[0], own)) return next();
    res.status(403).json({ success: false, message: CROSS_ORIGIN_MESSAGE });
  };
}
