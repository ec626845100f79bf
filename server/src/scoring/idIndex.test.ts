import { IdIndex } from './idIndex';

describe('the id index', () => {
  it('finds every id of a large key and nothing else', () => {
    const ids = Array.from({ length: 50_000 }, (_, i) => `row-${i}`);
    const index = new IdIndex(ids);
    for (let i = 0; i < ids.length; i += 7) expect(index.get(`row-${i}`)).toBe(i);
    expect(index.get('row-50000')).toBe(-1);
    expect(index.get('row-')).toBe(-1);
    expect(index.get('')).toBe(-1);
  });

  it('tells apart ids whose text differs in any way, Unicode included', () => {
    const ids = ['7', '007', ' 7', '7.0', 'é', 'e\u0301', '🙂', 'a,b', 'line\nbreak', ''];
    const index = new IdIndex(ids);
    ids.forEach((id, row) => expect(index.get(id)).toBe(row));
    expect(index.get('8')).toBe(-1);
  });

  it('works for tiny keys (every slot probed)', () => {
    const index = new IdIndex(['a']);
    expect(index.get('a')).toBe(0);
    expect(index.get('b')).toBe(-1);
    expect(new IdIndex([]).get('a')).toBe(-1);
  });
});
