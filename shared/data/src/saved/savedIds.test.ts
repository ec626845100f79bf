import { MAX_SAVED, parseSavedIds, toggleSavedId } from './savedIds';

describe('saved bounty ids', () => {
  it('reads stored ids, dropping duplicates and anything that is not an id', () => {
    expect(parseSavedIds('["a","b","a",3,null,""]')).toEqual(['a', 'b']);
  });

  it('reads missing or broken storage as nothing saved', () => {
    expect(parseSavedIds(null)).toEqual([]);
    expect(parseSavedIds('{not json')).toEqual([]);
    expect(parseSavedIds('{"a":1}')).toEqual([]);
  });

  it('toggles an id in and out, keeping the order saved', () => {
    expect(toggleSavedId(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleSavedId(['a', 'b'], 'a')).toEqual(['b']);
  });

  it('keeps at most MAX_SAVED ids, dropping the oldest', () => {
    const full = Array.from({ length: MAX_SAVED }, (_, index) => `id${index}`);
    const next = toggleSavedId(full, 'new');
    expect(next).toHaveLength(MAX_SAVED);
    expect(next[0]).toBe('id1');
    expect(next.at(-1)).toBe('new');
  });
});
