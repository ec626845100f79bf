import { median, percentile } from './statistics';

describe('median', () => {
  it('takes the middle value of an odd count, in any order', () => {
    expect(median([9, 1, 5])).toBe(5);
  });
  it('takes the mean of the two middle values of an even count', () => {
    expect(median([4, 1, 10, 6])).toBe(5);
  });
  it('answers null with no values, and ignores values that are not numbers', () => {
    expect(median([])).toBeNull();
    expect(median([Number.NaN, 3])).toBe(3);
  });
});

describe('percentile', () => {
  it('interpolates between the closest ranks', () => {
    const values = [100, 200, 300, 400, 500];
    expect(percentile(values, 25)).toBe(200);
    expect(percentile(values, 50)).toBe(300);
    expect(percentile(values, 75)).toBe(400);
    expect(percentile([100, 200], 25)).toBe(125);
  });
  it('answers the least and the most at 0 and 100, and null out of range or with no values', () => {
    expect(percentile([3, 1, 2], 0)).toBe(1);
    expect(percentile([3, 1, 2], 100)).toBe(3);
    expect(percentile([3], 101)).toBeNull();
    expect(percentile([], 50)).toBeNull();
  });
});
