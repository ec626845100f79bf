import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';

/** Reads one client address may make per minute when API_READ_RATE_LIMIT is unset. */
export const DEFAULT_READ_RATE_LIMIT = 120;

const WINDOW_MS = 60_000;

/**
 * The limit on the public read routes (the /api/v1 API and the feeds): `perMinute` requests per client
 * address (req.ip; IPv6 counted per /56, the library's default) in a fixed one-minute window, kept in
 * memory. Beyond it: 429 with Retry-After and the JSON error body. CORS preflights do not count.
 * Each call makes a limiter with its own counters.
 */
export function readRateLimit(perMinute: number): RequestHandler {
  return rateLimit({
    windowMs: WINDOW_MS,
    limit: perMinute,
    // RateLimit and RateLimit-Policy headers, and Retry-After on a 429.
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    skip: (req) => req.method === 'OPTIONS',
    handler: (_req, res) => {
      const retryAfter = Number(res.getHeader('Retry-After')) || WINDOW_MS / 1000;
      res.status(429).json({
        success: false,
        message: `Too many requests: at most ${perMinute} a minute from one address. Try again in ${retryAfter} s.`,
      });
    },
  });
}
