import { formatDeadline, formatPostedDate, formatReward } from './bountyFormat';

describe('bounty display rules', () => {
  it('shows a reward as a dollar sign and a locale number only when above 0', () => {
    expect(formatReward(1500)).toBe('$1,500');
    expect(formatReward(1234567.5)).toBe('$1,234,567.5');
    expect(formatReward(0)).toBeNull();
    expect(formatReward(-5)).toBeNull();
    expect(formatReward(Number.NaN)).toBeNull();
    expect(formatReward(undefined)).toBeNull();
  });

  it('formats deadlines: dates nicely, other text as given, missing as No deadline', () => {
    expect(formatDeadline('2026-12-31')).toBe('Dec 31, 2026');
    expect(formatDeadline('Rolling')).toBe('Rolling');
    expect(formatDeadline('  ')).toBe('No deadline');
  });

  it("shows 'Unknown' for a posted date that cannot be converted", () => {
    expect(formatPostedDate('2026-03-04T12:00:00.000Z')).toBe('Mar 4, 2026');
    expect(formatPostedDate(null)).toBe('Unknown');
    expect(formatPostedDate('not a date')).toBe('Unknown');
  });
});
