/* global describe, it, expect -- Jest provides them */
const { median } = require('./median.cjs');

describe('median', () => {
  it('takes the middle of an odd count, whatever the order', () => {
    expect(median([300, 100, 200])).toBe(200);
  });

  it('takes the lower middle of an even count, so it is always a measured run', () => {
    expect(median([4, 1, 3, 2])).toBe(2);
  });
});
