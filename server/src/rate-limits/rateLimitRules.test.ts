import { countHit, retryAfterSeconds, tooManyAttemptsMessage } from './rateLimitRules';

describe('rate limit rules', () => {
  it('counts hits within a window and starts over once it has ended', () => {
    const first = countHit(null, 1_000, 60_000);
    expect(first).toEqual({ hits: 1, resetAt: 61_000 });
    const second = countHit(first, 60_999, 60_000);
    expect(second).toEqual({ hits: 2, resetAt: 61_000 });
    expect(countHit(second, 61_000, 60_000)).toEqual({ hits: 1, resetAt: 121_000 });
  });

  it('rounds the wait up to whole seconds, never below one', () => {
    expect(retryAfterSeconds(61_000, 1_000)).toBe(60);
    expect(retryAfterSeconds(61_000, 60_001)).toBe(1);
    expect(retryAfterSeconds(61_000, 70_000)).toBe(1);
  });

  it('says how long to wait', () => {
    expect(tooManyAttemptsMessage(1)).toBe('Too many attempts — try again in 1 second.');
    expect(tooManyAttemptsMessage(42)).toBe('Too many attempts — try again in 42 seconds.');
  });
});
