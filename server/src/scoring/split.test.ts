import { newSplitSecret, PUBLIC_SHARE, publicCount, splitPublicRows } from './split';

const ids = Array.from({ length: 5000 }, (_, i) => `id-${String(i).padStart(5, '0')}`);
const secret = 'a-test-secret-of-the-bounty-0001';

function publicIds(mask: Uint8Array, list: readonly string[] = ids): string[] {
  return list.filter((_, i) => mask[i] === 1);
}

describe('the public/private split', () => {
  it('is stable for the same secret, whatever the order the ids come in', () => {
    const first = splitPublicRows(ids, secret, 0.3);
    expect(splitPublicRows(ids, secret, 0.3)).toEqual(first);
    const reversed = [...ids].reverse();
    expect(publicIds(splitPublicRows(reversed, secret, 0.3), reversed).sort()).toEqual(publicIds(first));
  });

  it('holds the requested share of a few thousand ids', () => {
    for (const share of [0.1, 0.3, 0.5, 0.9]) {
      const count = splitPublicRows(ids, secret, share).reduce((sum, bit) => sum + bit, 0);
      expect(count).toBe(Math.round(ids.length * share));
    }
  });

  it('defaults to 30 % within 10-90 %, and refuses other shares', () => {
    expect(PUBLIC_SHARE).toEqual({ min: 0.1, max: 0.9, default: 0.3 });
    expect(() => splitPublicRows(ids, secret, 0.05)).toThrow('between 0.1 and 0.9');
    expect(() => splitPublicRows(ids, secret, 0.95)).toThrow(RangeError);
    expect(() => splitPublicRows(ids, secret, Number.NaN)).toThrow(RangeError);
  });

  it('keeps at least one row on each side of a small key', () => {
    expect(publicCount(20, 0.1)).toBe(2);
    expect(publicCount(3, 0.1)).toBe(1);
    expect(publicCount(3, 0.9)).toBe(2);
  });

  it('is a different split for another secret', () => {
    const a = publicIds(splitPublicRows(ids, secret, 0.3));
    const b = new Set(publicIds(splitPublicRows(ids, newSplitSecret(), 0.3)));
    const shared = a.filter((id) => b.has(id)).length;
    // Independent 30 % samples share about 30 % of their rows (450 of 1500), far from all of them.
    expect(shared).toBeGreaterThan(350);
    expect(shared).toBeLessThan(550);
  });

  it('cannot be read off the ids: sorted ids give no prefix, and each stretch of ids holds its share', () => {
    const mask = splitPublicRows(ids, secret, 0.3);
    // not the first 30 % of the sorted ids, nor the last
    expect(publicIds(mask)).not.toEqual(ids.slice(0, 1500));
    expect(mask.subarray(0, 1500).reduce((sum, bit) => sum + bit, 0)).toBeLessThan(550);
    // every tenth of the sorted ids holds about 30 % public rows (150 of 500, ± 5 standard deviations)
    for (let start = 0; start < ids.length; start += 500) {
      const count = mask.subarray(start, start + 500).reduce((sum, bit) => sum + bit, 0);
      expect(Math.abs(count - 150)).toBeLessThan(52);
    }
    // even and odd ids alike
    const even = ids.filter((_, i) => i % 2 === 0 && mask[i] === 1).length;
    expect(Math.abs(even - 750)).toBeLessThan(100);
  });

  it('makes a fresh secret each time', () => {
    const a = newSplitSecret();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newSplitSecret()).not.toBe(a);
    expect(() => splitPublicRows(ids, 'short', 0.3)).toThrow('too short');
  });
});
