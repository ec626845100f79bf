/** The sign-in page's query parameter naming where to go once signed in. */
export const NEXT_PARAM = 'next';

/**
 * Where a sign-in may send the browser afterwards: a path on this site (with its query), or '/' for
 * anything else (another origin, a protocol-relative `//host`, a backslash trick, control characters),
 * so `?next=` can never become an open redirect.
 */
export function safeNextPath(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  if ([...value].some((char) => char.charCodeAt(0) < 0x20)) return '/';
  try {
    const url = new URL(value, 'http://site.invalid');
    if (url.origin !== 'http://site.invalid') return '/';
    // Back to the sign-in page itself would be a loop.
    if (url.pathname === '/sign-in') return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}

/** The sign-in page for someone who wanted `path` (a page that needs a signed-in person). */
export function signInUrl(path: string): string {
  const next = safeNextPath(path);
  return next === '/' ? '/sign-in' : `/sign-in?${NEXT_PARAM}=${encodeURIComponent(next)}`;
}
