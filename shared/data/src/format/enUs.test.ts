import { formatNumberEnUs, formatUtcDate, formatUtcDateTime } from './enUs';

/** A small seeded generator, so a failure names a value that fails again. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

describe('formatNumberEnUs', () => {
  const intl = (digits: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: digits });

  it('groups thousands and drops trailing zeros', () => {
    expect(formatNumberEnUs(1234567.5, 2)).toBe('1,234,567.5');
    expect(formatNumberEnUs(1000, 2)).toBe('1,000');
    expect(formatNumberEnUs(999.999, 2)).toBe('1,000');
    expect(formatNumberEnUs(0, 0)).toBe('0');
  });

  it('rounds the decimal the number is written as, half away from zero, like Intl', () => {
    expect(formatNumberEnUs(1.005, 2)).toBe('1.01');
    expect(formatNumberEnUs(2.5, 0)).toBe('3');
    expect(formatNumberEnUs(0.125, 2)).toBe(intl(2).format(0.125));
  });

  it('matches Intl on every kind of amount', () => {
    const next = random(7);
    const values = [0.004, 0.005, 1e-7, 5e14, 1e15, 2e21, 123.455, 99999.995];
    for (let i = 0; i < 3000; i++) {
      const magnitude = 10 ** Math.floor(next() * 12 - 2);
      values.push(Math.round(next() * magnitude * 1000) / 1000);
    }
    for (const digits of [0, 2])
      for (const value of values)
        expect([value, formatNumberEnUs(value, digits)]).toEqual([value, intl(digits).format(value)]);
  });
});

describe('formatUtcDate and formatUtcDateTime', () => {
  const short = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const long = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
  const full = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' });

  it('writes the UTC calendar date', () => {
    expect(formatUtcDate(Date.UTC(2025, 2, 14, 23, 59), 'short')).toBe('Mar 14, 2025');
    expect(formatUtcDate(Date.UTC(2025, 8, 1), 'long')).toBe('September 1, 2025');
    expect(formatUtcDateTime(Date.UTC(2025, 2, 14, 0, 4))).toBe('Friday, March 14, 2025 at 12:04 AM');
  });

  it('matches Intl across years, months, days and hours', () => {
    const next = random(11);
    const times = [
      Date.UTC(2024, 1, 29, 12, 0),
      Date.UTC(1, 0, 1),
      Date.UTC(9999, 11, 31, 23, 59),
      Date.UTC(10000, 0, 1),
      -62198755200000 * 1.01,
    ];
    for (let i = 0; i < 3000; i++)
      times.push(Math.floor(Date.UTC(1950, 0, 1) + next() * 150 * 365.25 * 86400000));
    for (const time of times) {
      expect([time, formatUtcDate(time, 'short')]).toEqual([time, short.format(time)]);
      expect([time, formatUtcDate(time, 'long')]).toEqual([time, long.format(time)]);
      expect([time, formatUtcDateTime(time)]).toEqual([time, full.format(time)]);
    }
  });
});
