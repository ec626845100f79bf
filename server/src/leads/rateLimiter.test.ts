import { createRateLimiter } from './rateLimiter';

describe('createRateLimiter', () => {
  it('allows the limit per address, then refuses until the window slides on', () => {
    const limiter = createRateLimiter(3, 60_000);
    const start = 1_000_000 * 60_000;
    expect([1, 2, 3, 4].map(() => limiter.allow('1.1.1.1', start))).toEqual([true, true, true, false]);
    expect(limiter.allow('2.2.2.2', start)).toBe(true);
    // Half-way into the next minute the previous minute still counts for half (1.5): two more fit.
    expect([1, 2, 3].map(() => limiter.allow('1.1.1.1', start + 90_000))).toEqual([true, true, false]);
    // Two minutes later the old requests are forgotten.
    expect(limiter.allow('1.1.1.1', start + 180_000)).toBe(true);
  });

  it('gives a Retry-After of at least one second', () => {
    expect(createRateLimiter(1).retryAfterSeconds(59_999)).toBe(1);
    expect(createRateLimiter(1).retryAfterSeconds(0)).toBe(60);
  });
});
