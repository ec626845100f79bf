import { createHmac, timingSafeEqual } from 'node:crypto';
import { isOptionalMailKind, type OptionalMailKind } from '@side-quest/data/account';
import type { UnsubscribeTarget } from './mailPost';

/** How long an unsubscribe link works: a year, so an old message can still be stopped from its own link. */
export const UNSUBSCRIBE_TOKEN_DAYS = 365;
const DAY_SECONDS = 24 * 60 * 60;

/** The part of a token that names one saved-search alert rather than a kind of mail. */
const ALERT = 'alert';

export type TokenCheck =
  | { ok: true; target: UnsubscribeTarget; expiresAt: number }
  | { ok: false; reason: 'malformed' | 'forged' | 'expired' };

const ID = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * Signed unsubscribe tokens: `<id>.<kind>.<expiry>.<signature>`, where id is an account's or an alert's
 * opaque id (never an address or a name), kind an optional mail kind or `alert`, expiry in Unix seconds,
 * and the signature HMAC-SHA256 over the rest with a key derived from the server's secret (the one that
 * signs sessions, AUTH_SECRET), base64url. Only this server can make one; changing any part of it, or
 * using it after its expiry, is refused.
 */
export function createUnsubscribeTokens(secret: string, now: () => number = Date.now) {
  // A key of its own, so a token can never stand in for anything else the secret signs.
  const key = createHmac('sha256', secret).update('side-quest unsubscribe v1').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

  return {
    sign(target: UnsubscribeTarget, days = UNSUBSCRIBE_TOKEN_DAYS): string {
      const [id, kind] = 'alertId' in target ? [target.alertId, ALERT] : [target.personId, target.kind];
      if (!ID.test(id)) throw new Error('An unsubscribe token names an opaque id');
      const expiry = Math.floor(now() / 1000) + days * DAY_SECONDS;
      const payload = `${id}.${kind}.${expiry}`;
      return `${payload}.${sign(payload)}`;
    },

    check(token: string): TokenCheck {
      const parts = token.split('.');
      if (parts.length !== 4) return { ok: false, reason: 'malformed' };
      const [id, kind, expiryText, signature] = parts as [string, string, string, string];
      if (!ID.test(id) || !/^\d{1,12}$/.test(expiryText) || !(kind === ALERT || isOptionalMailKind(kind)))
        return { ok: false, reason: 'malformed' };
      const expected = Buffer.from(sign(`${id}.${kind}.${expiryText}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return { ok: false, reason: 'forged' };
      const expiresAt = Number(expiryText) * 1000;
      if (now() >= expiresAt) return { ok: false, reason: 'expired' };
      const target: UnsubscribeTarget =
        kind === ALERT ? { alertId: id } : { kind: kind as OptionalMailKind, personId: id };
      return { ok: true, target, expiresAt };
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;

/** The unsubscribe page of a token: a path of the site, so both headers and the page point at it. */
export const unsubscribePath = (token: string) => `/unsubscribe/${token}`;

/**
 * RFC 2369's List-Unsubscribe with RFC 8058's one-click: mail providers POST
 * `List-Unsubscribe=One-Click` to the https address, without cookies.
 */
export function unsubscribeHeaders(origin: string, token: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${origin}${unsubscribePath(token)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
