/**
 * The router's pure parts: locations as paths, `to` resolved against the current location, route
 * patterns matched and ranked as react-router 7 matches and ranks them (case-insensitive, an optional
 * trailing slash, static segments before dynamic ones before a splat).
 */

export interface Path {
  pathname: string;
  search: string;
  hash: string;
}

export interface Location extends Path {
  /** What a navigation carried along (navigate(to, { state })), or null. */
  state: unknown;
  /** Unique per history entry ('default' for the first). */
  key: string;
}

export type To = string | Partial<Path>;

export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export type Params = Readonly<Record<string, string | undefined>>;

/** '/a?b#c' → { pathname: '/a', search: '?b', hash: '#c' }; a missing part is ''. */
export function parsePath(path: string): Partial<Path> {
  const parsed: Partial<Path> = {};
  let rest = path;
  const hashIndex = rest.indexOf('#');
  if (hashIndex >= 0) {
    parsed.hash = rest.slice(hashIndex);
    rest = rest.slice(0, hashIndex);
  }
  const searchIndex = rest.indexOf('?');
  if (searchIndex >= 0) {
    parsed.search = rest.slice(searchIndex);
    rest = rest.slice(0, searchIndex);
  }
  if (rest) parsed.pathname = rest;
  return parsed;
}

/** A path's text: pathname, then search and hash (each with its '?' or '#', added if missing). */
export function createPath({ pathname = '/', search = '', hash = '' }: Partial<Path>): string {
  const query = search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '';
  const fragment = hash && hash !== '#' ? (hash.startsWith('#') ? hash : `#${hash}`) : '';
  return `${pathname}${query}${fragment}`;
}

/** Joins segments, resolving '.' and '..' (never above the root). */
function resolvePathname(relative: string, from: string): string {
  const segments = from.replace(/\/+$/, '').split('/');
  for (const segment of relative.split('/')) {
    if (segment === '..') {
      if (segments.length > 1) segments.pop();
    } else if (segment !== '.') {
      segments.push(segment);
    }
  }
  return segments.length > 1 ? segments.join('/') : '/';
}

/**
 * Where `to` leads from `from`: an absolute pathname as it is, a relative one below the current
 * pathname (as react-router resolves it from a flat route), no pathname at all the current one.
 */
export function resolveTo(to: To, from: string): Path {
  const path = typeof to === 'string' ? parsePath(to) : to;
  const target = path.pathname;
  let pathname: string;
  if (target === undefined || target === '') pathname = from;
  else if (target.startsWith('/')) pathname = target;
  else pathname = resolvePathname(target, from);
  return {
    pathname,
    search:
      path.search && path.search !== '?'
        ? path.search.startsWith('?')
          ? path.search
          : `?${path.search}`
        : '',
    hash: path.hash && path.hash !== '#' ? (path.hash.startsWith('#') ? path.hash : `#${path.hash}`) : '',
  };
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * A route pattern's params for a pathname ('/bounty/:id' and '/bounty/abc' → { id: 'abc' }; '*' takes
 * the rest), or null when it does not match. Case-insensitive, with or without a trailing slash.
 */
export function matchPath(pattern: string, pathname: string): Params | null {
  const patternSegments = pattern.split('/').filter(Boolean);
  const pathSegments = pathname.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  for (let index = 0; index < patternSegments.length; index++) {
    const segment = patternSegments[index] as string;
    if (segment === '*') {
      params['*'] = pathSegments.slice(index).map(decode).join('/');
      return params;
    }
    const value = pathSegments[index];
    if (value === undefined) {
      // An optional segment (':id?') may be missing; nothing else may.
      if (segment.endsWith('?')) continue;
      return null;
    }
    if (segment.startsWith(':')) {
      params[segment.slice(1).replace(/\?$/, '')] = decode(value);
    } else if (segment.replace(/\?$/, '').toLowerCase() !== value.toLowerCase()) {
      return null;
    }
  }
  return pathSegments.length === patternSegments.length ||
    (pathSegments.length < patternSegments.length &&
      patternSegments.slice(pathSegments.length).every((s) => s.endsWith('?')))
    ? params
    : null;
}

/** react-router's route score: more segments, static ones above dynamic ones, a splat last. */
export function routeScore(pattern: string): number {
  const segments = pattern.split('/');
  let score = segments.length;
  if (segments.includes('*')) score -= 2;
  for (const segment of segments) {
    if (segment === '*') continue;
    if (segment.startsWith(':')) score += 3;
    else if (segment === '') score += 1;
    else score += 10;
  }
  return score;
}

/**
 * Of the patterns, the one a pathname renders: the highest score among those that match, the first
 * written on a tie. Its index and params, or null.
 */
export function bestMatch(
  patterns: readonly string[],
  pathname: string,
): { index: number; params: Params } | null {
  let best: { index: number; params: Params; score: number } | null = null;
  patterns.forEach((pattern, index) => {
    const params = matchPath(pattern, pathname);
    if (!params) return;
    const score = routeScore(pattern);
    if (!best || score > best.score) best = { index, params, score };
  });
  if (!best) return null;
  const { index, params } = best;
  return { index, params };
}

/** NavLink's rule: the location is the link's path, or below it unless `end` (the root only exactly). */
export function isActivePath(locationPathname: string, toPathname: string, end = false): boolean {
  const location = locationPathname.toLowerCase();
  const to = toPathname.toLowerCase();
  if (location === to) return true;
  const endSlash = to !== '/' && to.endsWith('/') ? to.length - 1 : to.length;
  return !end && location.startsWith(to) && location.charAt(endSlash) === '/';
}
