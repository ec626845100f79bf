import { closingTime, parseDeadline, statusAt, timeLeftLabel } from './deadline';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe('parseDeadline', () => {
  it('parses date-like deadlines and refuses display text', () => {
    expect(parseDeadline('2026-12-31')).toBe(Date.UTC(2026, 11, 31));
    expect(parseDeadline('2026-12-31T10:00:00Z')).toBe(Date.UTC(2026, 11, 31, 10));
    expect(parseDeadline('Dec 31, 2026')).not.toBeNull();
    expect(parseDeadline('Ongoing')).toBeNull();
    expect(parseDeadline('Week 3')).toBeNull();
    expect(parseDeadline('')).toBeNull();
    expect(parseDeadline(undefined)).toBeNull();
  });
});

describe('closingTime', () => {
  it('closes a date-only deadline at the end of that day (UTC), and a timed one at its moment', () => {
    expect(closingTime('2026-12-31')).toBe(Date.UTC(2027, 0, 1) - 1);
    expect(closingTime('2026-12-31T10:30:00Z')).toBe(Date.UTC(2026, 11, 31, 10, 30));
    expect(closingTime('2026-12-31T10:30:00+02:00')).toBe(Date.UTC(2026, 11, 31, 8, 30));
    expect(closingTime('Rolling')).toBeNull();
    expect(closingTime('')).toBeNull();
  });
});

describe('statusAt', () => {
  const closes = Date.UTC(2026, 10, 23, 12);
  it('is open until the closing moment and closed from it on; no deadline stays open', () => {
    expect(statusAt(closes, closes - 1)).toBe('open');
    expect(statusAt(closes, closes)).toBe('closed');
    expect(statusAt(closes, closes + DAY)).toBe('closed');
    expect(statusAt(null, closes)).toBe('open');
  });
});

describe('timeLeftLabel at every boundary', () => {
  const now = Date.UTC(2026, 10, 23, 9, 15);
  const at = (left: number) => timeLeftLabel(now + left, now);

  it.each([
    [30 * DAY, '30 days left'],
    [2 * DAY, '2 days left'],
    [2 * DAY - 1, '1 day left'],
    [DAY, '1 day left'],
    [DAY - 1, 'Closes in 23 h'],
    [2 * HOUR, 'Closes in 2 h'],
    [HOUR + 59 * 60 * 1000, 'Closes in 1 h'],
    [HOUR, 'Closes in 1 h'],
    [HOUR - 1, 'Closes within the hour'],
    [1, 'Closes within the hour'],
    [0, 'Closed'],
    [-DAY, 'Closed'],
  ])('%i ms left reads %s', (left, label) => {
    expect(at(left)).toBe(label);
  });

  it('says No deadline when there is none', () => {
    expect(timeLeftLabel(null, now)).toBe('No deadline');
  });

  it('counts a date-only deadline to the end of its UTC day whatever the time zone of the reader', () => {
    // 23 Nov 2026 09:15 UTC is 24 Nov 01:15 in Tokyo and 23 Nov 01:15 in Los Angeles: the same moment,
    // so the same label everywhere.
    expect(timeLeftLabel(closingTime('2026-11-23'), now)).toBe('Closes in 14 h');
    expect(timeLeftLabel(closingTime('2026-11-25'), now)).toBe('2 days left');
    expect(timeLeftLabel(closingTime('2026-11-22'), now)).toBe('Closed');
  });
});
