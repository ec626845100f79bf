import { createHash } from 'node:crypto';
import type { RateLimitCounters } from '../rate-limits/rateLimitCounters';
import { retryAfterSeconds } from '../rate-limits/rateLimitRules';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/**
 * The sign-in limits, counted in the shared rate-limit counters (SQLite, or PostgreSQL across instances):
 * codes e-mailed per address and per client, and sign-in attempts (code or passkey) per client.
 */
export const SIGN_IN_LIMITS = {
  codesPerAddress: { limit: 5, windowMs: FIFTEEN_MINUTES },
  codesPerClient: { limit: 20, windowMs: FIFTEEN_MINUTES },
  attemptsPerClient: { limit: 30, windowMs: FIFTEEN_MINUTES },
} as const;

/** An address as the counters key it: normalised and hashed, so no address is stored in a key. */
export function addressKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
}

/** Seconds to wait, or null when the request may go on. */
export type LimitVerdict = { retryAfter: number } | null;

export interface SignInLimits {
  /** Counts a code request for this address from this client. */
  codeRequest(email: string, clientIp: string): Promise<LimitVerdict>;
  /** Counts a sign-in attempt (a code or a passkey) from this client. */
  attempt(clientIp: string): Promise<LimitVerdict>;
}

export function createSignInLimits(counters: RateLimitCounters, now: () => number = Date.now): SignInLimits {
  async function count(key: string, rule: { limit: number; windowMs: number }): Promise<LimitVerdict> {
    const at = now();
    const { hits, resetAt } = await counters.hit(key, rule.windowMs, at);
    return hits > rule.limit ? { retryAfter: retryAfterSeconds(resetAt, at) } : null;
  }
  return {
    async codeRequest(email, clientIp) {
      // Both are counted, so an address under attack from many clients and one client trying many
      // addresses are each stopped.
      const [byAddress, byClient] = await Promise.all([
        count(`sign-in-code:address:${addressKey(email)}`, SIGN_IN_LIMITS.codesPerAddress),
        count(`sign-in-code:client:${clientIp}`, SIGN_IN_LIMITS.codesPerClient),
      ]);
      if (byAddress && byClient) return { retryAfter: Math.max(byAddress.retryAfter, byClient.retryAfter) };
      return byAddress ?? byClient;
    },
    attempt(clientIp) {
      return count(`sign-in-attempt:client:${clientIp}`, SIGN_IN_LIMITS.attemptsPerClient);
    },
  };
}
