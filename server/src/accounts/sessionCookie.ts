/**
 * The session cookie is `side-quest.session_token` (`__Secure-side-quest.session_token` behind https):
 * HttpOnly, SameSite=Lax, set and read by better-auth. The name says what it is, for anyone reading
 * their browser's storage.
 */
export const SESSION_COOKIE_PREFIX = 'side-quest';

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?side-quest\.session_token=/;

/** Whether a request carries a session cookie at all (cheap: no database read for anonymous requests). */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return Boolean(cookieHeader && SESSION_COOKIE.test(cookieHeader));
}
