import { shiftHeadingLevel } from './headingLevels';

describe('shiftHeadingLevel', () => {
  it('moves every heading down one level, and h6 stays h6', () => {
    expect([1, 2, 3, 4, 5, 6].map((level) => shiftHeadingLevel(level as 1))).toEqual([2, 3, 4, 5, 6, 6]);
  });
});
