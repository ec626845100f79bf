import fs from 'node:fs';
import path from 'node:path';
import type { Request, RequestHandler, Response } from 'express';
import type { RemoteName } from '../config/serverConfig';
import { staticFiles } from '../http/staticFiles';
import {
  RELEASE_OVERRIDE_COOKIE,
  VISITOR_COOKIE,
  hasCanary,
  newVisitorSlot,
  parseOverrides,
  parseReleaseParam,
  parseVisitorSlot,
  resolveReleases,
  serializeOverrides,
  type ReleaseSnapshot,
  type ResolvedReleases,
} from './releaseVersions';

const YEAR_S = 365 * 24 * 60 * 60;
/** A release folder's name: it starts with a digit, so it never shadows a build's own folders. */
const VERSION_SEGMENT = /^\d[0-9A-Za-z.+-]*$/;

/**
 * Serves releases/<name>/<version>/ under /remotes/<name>/<version>/: manifests revalidated, hashed
 * chunks immutable (the caller's setHeaders). Any other path falls through to the unversioned build.
 */
export function releaseFiles(
  releasesDir: string,
  name: RemoteName,
  setHeaders: (res: Response, filePath: string) => void,
): RequestHandler {
  const handlers = new Map<string, RequestHandler>();
  return (req, res, next) => {
    // Only a folder: a build's own chunks (`349.b23f0d145f.js`) also start with a digit.
    const [, version, ...rest] = req.path.split('/');
    if (!version || rest.length === 0 || !VERSION_SEGMENT.test(version)) {
      next();
      return;
    }
    const dir = path.join(releasesDir, name, version);
    let serve = handlers.get(version);
    if (!serve) {
      if (!fs.existsSync(dir)) {
        res.status(404).type('text/plain').send(`No release ${name}@${version}`);
        return;
      }
      serve = staticFiles(dir, { setHeaders, fallthrough: false });
      handlers.set(version, serve);
    }
    const url = req.url;
    req.url = req.url.slice(version.length + 1) || '/';
    serve(req, res, (error?: unknown) => {
      req.url = url;
      next(error);
    });
  };
}

/** What one page load gets: the releases per remote, and the cookies to set for it. */
export interface PageReleases {
  releases: ResolvedReleases;
  /** Part of the page cache's key: pages for different versions are different pages. */
  key: string;
}

function setCookie(res: Response, name: string, value: string, maxAgeS: number) {
  res.cookie(name, value, { path: '/', maxAge: maxAgeS * 1000, sameSite: 'lax', httpOnly: true });
}

/** The request's cookies by name (a malformed value is skipped, never thrown on). */
export function parseCookies(header: string): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    try {
      cookies[part.slice(0, at).trim()] = decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      // not percent-encoded as it should be: ignored
    }
  }
  return cookies;
}

function withKey(releases: ResolvedReleases): PageReleases {
  const key = Object.entries(releases)
    .map(([name, release]) => `${name}@${release.version}:${release.choice}`)
    .join(',');
  return { releases, key };
}

const anonymousBySnapshot = new WeakMap<ReleaseSnapshot, PageReleases | null>();

/**
 * The releases of a page load from a browser with no release cookies (most page loads): every remote's
 * live release. Resolved once per snapshot (a new one is read from the registry every 5 s at most), so a
 * promotion or a rollback reaches the next page load in that snapshot, as before. Null while a canary
 * runs: a new visitor then needs a visitor id of their own first (pageReleases).
 */
export function anonymousPageReleases(snapshot: ReleaseSnapshot): PageReleases | null {
  let page = anonymousBySnapshot.get(snapshot);
  if (page === undefined) {
    page = hasCanary(snapshot)
      ? null
      : withKey(resolveReleases(snapshot, { visitorSlot: null, overrides: {} }));
    anonymousBySnapshot.set(snapshot, page);
  }
  return page;
}

/**
 * The releases of a page load. `?release=name@version` (a tester) sets this browser's override when the
 * registry has that release and answers 400 otherwise; `?release=reset` drops the overrides; either way
 * the browser is sent on to the same URL without the parameter (after `onOverride` has got the release
 * ready, so the page it is sent to is rendered with it). A visitor with no id gets one while a canary
 * runs, so they stay on the same side of it across reloads.
 * Resolves null when the response has been sent.
 */
export async function pageReleases(
  req: Request,
  res: Response,
  snapshot: ReleaseSnapshot,
  onOverride?: (release: { name: RemoteName; version: string }) => Promise<void>,
): Promise<PageReleases | null> {
  const requested = req.query.release;
  if (requested === undefined && !req.headers.cookie) {
    const anonymous = anonymousPageReleases(snapshot);
    if (anonymous) return anonymous;
  }
  const cookies = parseCookies(req.headers.cookie ?? '');
  let overrides = parseOverrides(cookies[RELEASE_OVERRIDE_COOKIE]);
  if (requested !== undefined) {
    const parsed = typeof requested === 'string' ? parseReleaseParam(requested) : null;
    if (
      parsed === null ||
      (parsed !== 'reset' && !snapshot.remotes[parsed.name]?.versions.has(parsed.version))
    ) {
      res
        .status(400)
        .type('text/plain')
        .send(
          `Unknown release "${String(requested)}": use ?release=<remote>@<version> with a version from /releases, or ?release=reset.`,
        );
      return null;
    }
    if (parsed !== 'reset') await onOverride?.(parsed);
    overrides = parsed === 'reset' ? {} : { ...overrides, [parsed.name]: parsed.version };
    const text = serializeOverrides(overrides);
    setCookie(res, RELEASE_OVERRIDE_COOKIE, text, text ? YEAR_S : 0);
    const url = new URL(req.originalUrl, 'http://localhost');
    url.searchParams.delete('release');
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(303, `${url.pathname}${url.search}`);
    return null;
  }
  let visitorSlot = parseVisitorSlot(cookies[VISITOR_COOKIE]);
  if (!visitorSlot && hasCanary(snapshot)) {
    visitorSlot = newVisitorSlot();
    setCookie(res, VISITOR_COOKIE, visitorSlot, YEAR_S);
  }
  return withKey(resolveReleases(snapshot, { visitorSlot, overrides }));
}
