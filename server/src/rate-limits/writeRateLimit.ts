import type { Request, RequestHandler } from 'express';
import { rateLimit, type Options, type RateLimitInfo, type Store } from 'express-rate-limit';
import { sendError } from '../http/jsonBody';
import type { RateLimitCounters } from './rateLimitCounters';
import { retryAfterSeconds, tooManyAttemptsMessage } from './rateLimitRules';

/** express-rate-limit's store interface over our counters; one per route, its name prefixing the keys. */
class CountersStore implements Store {
  windowMs = 60_000;
  readonly localKeys = false;
  constructor(
    private readonly counters: RateLimitCounters,
    readonly prefix: string,
  ) {}
  init(options: Options) {
    this.windowMs = options.windowMs;
  }
  async increment(key: string) {
    const { hits, resetAt } = await this.counters.hit(this.prefix + key, this.windowMs);
    return { totalHits: hits, resetTime: new Date(resetAt) };
  }
  async decrement(key: string) {
    await this.counters.undo(this.prefix + key);
  }
  async resetKey(key: string) {
    await this.counters.reset(this.prefix + key);
  }
}

export interface WriteRateLimitOptions {
  /** The route's name in the counters' keys, so each route has its own budget. */
  name: string;
  /** Requests one client address may make per window. */
  limit: number;
  windowMs: number;
  counters: RateLimitCounters;
  /** Told about each refusal (metrics). */
  onLimited?: (name: string) => void;
}

/**
 * The rate limit of one write route, per client address (req.ip, so TRUST_PROXY decides which address
 * that is; IPv6 clients per /56, as express-rate-limit does by default). Beyond the limit: 429 with
 * Retry-After and `{ success: false, message }` saying how long to wait, or for a form posted without
 * JavaScript the route's 303 back to its page with what was typed (sendError). A guard for acceptJson.
 * If the counters cannot be reached the request passes: a write is refused only by its own store.
 */
export function createWriteRateLimit({
  name,
  limit,
  windowMs,
  counters,
  onLimited,
}: WriteRateLimitOptions): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    store: new CountersStore(counters, `${name}:`),
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    passOnStoreError: true,
    // TRUST_PROXY is explicit configuration; a client's X-Forwarded-For that it says not to believe is
    // ignored on purpose, not a misconfiguration to warn about on every start.
    validate: { xForwardedForHeader: false },
    handler: (req, res) => {
      const info = (req as Request & { rateLimit?: RateLimitInfo }).rateLimit;
      const resetAt = info?.resetTime?.getTime() ?? Date.now() + windowMs;
      const seconds = retryAfterSeconds(resetAt, Date.now());
      res.set('Retry-After', String(seconds));
      onLimited?.(name);
      sendError(res, 429, tooManyAttemptsMessage(seconds));
    },
  });
}
