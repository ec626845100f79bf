import { decodeCursor, encodeCursor, queryKey } from './cursor';

describe('cursor', () => {
  const position = { query: queryKey('["rust"]'), after: 'bounty/ä 🦀', offset: 40 };

  it('round-trips through an opaque base64url string', () => {
    const cursor = encodeCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(position);
  });

  it('rejects any edit: a changed offset, id or query, or a flipped character', () => {
    const [version, query, after, offset, check] = JSON.parse(
      Buffer.from(encodeCursor(position), 'base64url').toString('utf8'),
    ) as unknown[];
    const forge = (fields: unknown[]) => Buffer.from(JSON.stringify(fields)).toString('base64url');
    expect(decodeCursor(forge([version, query, after, 0, check]))).toBeNull();
    expect(decodeCursor(forge([version, query, 'other', offset, check]))).toBeNull();
    expect(decodeCursor(forge([version, 'q', after, offset, check]))).toBeNull();
    expect(decodeCursor(forge([2, query, after, offset, check]))).toBeNull();
    const cursor = encodeCursor(position);
    const flipped = `${cursor.slice(0, 10)}${cursor[10] === 'A' ? 'B' : 'A'}${cursor.slice(11)}`;
    expect(decodeCursor(flipped)).toBeNull();
  });

  it.each(['', 'garbage!', 'bm90IGpzb24', Buffer.from('{"a":1}').toString('base64url'), 'A'.repeat(9000)])(
    'rejects %j without throwing',
    (cursor) => {
      expect(decodeCursor(cursor)).toBeNull();
    },
  );

  it('names the same query the same way and different queries differently', () => {
    expect(queryKey('a')).toBe(queryKey('a'));
    expect(queryKey('a')).not.toBe(queryKey('b'));
  });
});
