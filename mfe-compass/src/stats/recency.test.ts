import { createdTime, recentWindowStart } from './recency';

const iso = (ms: number) => new Date(ms).toISOString();

describe('recentWindowStart', () => {
  it('goes back exactly one calendar month, keeping the time of day', () => {
    expect(iso(recentWindowStart(new Date('2026-11-21T11:18:28.123Z')))).toBe('2026-10-21T11:18:28.123Z');
  });

  it('crosses a year boundary', () => {
    expect(iso(recentWindowStart(new Date('2026-01-15T00:00:00Z')))).toBe('2025-12-15T00:00:00.000Z');
  });

  it('clamps to the last day of a shorter previous month instead of spilling into the next', () => {
    expect(iso(recentWindowStart(new Date('2026-03-31T08:00:00Z')))).toBe('2026-02-28T08:00:00.000Z');
    expect(iso(recentWindowStart(new Date('2028-03-30T08:00:00Z')))).toBe('2028-02-29T08:00:00.000Z');
    expect(iso(recentWindowStart(new Date('2026-05-31T08:00:00Z')))).toBe('2026-04-30T08:00:00.000Z');
  });
});

describe('createdTime', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');

  it('reads an ISO date', () => {
    expect(createdTime('2026-10-01T00:00:00.000Z', now)).toBe(Date.parse('2026-10-01T00:00:00.000Z'));
  });

  it('counts a missing date as now', () => {
    expect(createdTime(null, now)).toBe(now);
    expect(createdTime(undefined, now)).toBe(now);
    expect(createdTime('', now)).toBe(now);
  });

  it('counts an unreadable date as now', () => {
    expect(createdTime('not a date', now)).toBe(now);
  });
});
