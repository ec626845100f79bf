import { Readable } from 'node:stream';
import {
  decodeSignature,
  encodeSignature,
  entryFingerprint,
  findCopiedEntry,
  similarity,
  similarWriteUps,
  words,
  writeUpSignature,
} from './copies';
import { readEntry } from './entry';
import { ScoringKey } from './scoringKey';

function key(metric: 'rmse' | 'accuracy', classes: string[] = []): ScoringKey {
  return new ScoringKey({
    metric,
    publicShare: 0.5,
    ids: ['a', 'b', 'c', 'd'],
    targets: Float64Array.from([0, 1, 0, 1]),
    classes,
    isPublic: Uint8Array.from([1, 0, 1, 0]),
  });
}

async function fingerprintOf(text: string, scoringKey: ScoringKey): Promise<string> {
  const result = await readEntry(Readable.from([Buffer.from(text)]), scoringKey);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return entryFingerprint(result.entry);
}

describe('entry fingerprints', () => {
  it('are equal whatever the row order, number formatting, line ends or header case', async () => {
    const numbers = key('rmse');
    const first = await fingerprintOf('id,prediction\na,0.5\nb,1\nc,-0\nd,20\n', numbers);
    expect(
      await fingerprintOf('\ufeffID,Prediction\r\nd,2e1\r\nc,0.000\r\nb,1.0\r\na,.50\r\n', numbers),
    ).toBe(first);
    expect(await fingerprintOf('prediction,id\n"0.5",a\n1,b\n0,c\n20.0,d\n', numbers)).toBe(first);
  });

  it('differ when one prediction differs', async () => {
    const numbers = key('rmse');
    expect(await fingerprintOf('id,prediction\na,0.5\nb,1\nc,0\nd,20\n', numbers)).not.toBe(
      await fingerprintOf('id,prediction\na,0.5\nb,1\nc,0\nd,20.0001\n', numbers),
    );
  });

  it('compare class labels canonically, labels the key lacks included', async () => {
    const labels = key('accuracy', ['no', 'yes']);
    const first = await fingerprintOf('id,prediction\na,yes\nb,maybe\nc,1.0\nd,no\n', labels);
    expect(await fingerprintOf('id,prediction\nc,1\nd, no\nb,maybe\na,yes\n', labels)).toBe(first);
    expect(await fingerprintOf('id,prediction\nc,1\nd,no\nb,perhaps\na,yes\n', labels)).not.toBe(first);
  });

  it('find the earliest identical entry of another person', () => {
    const earlier = [
      { fingerprint: 'f1', personId: 'p1', receivedAt: '2026-11-02T10:00:00Z', entryId: 'e1' },
      { fingerprint: 'f1', personId: 'p2', receivedAt: '2026-11-01T10:00:00Z', entryId: 'e2' },
      { fingerprint: 'f1', personId: 'p3', receivedAt: '2026-11-05T10:00:00Z', entryId: 'e3' },
      { fingerprint: 'f2', personId: 'p4', receivedAt: '2026-10-01T10:00:00Z', entryId: 'e4' },
    ];
    const entry = { fingerprint: 'f1', personId: 'p3', receivedAt: '2026-11-04T10:00:00Z' };
    expect(findCopiedEntry(entry, earlier)?.entryId).toBe('e2');
    // one's own earlier entries are no copy
    expect(
      findCopiedEntry({ ...entry, personId: 'p2', receivedAt: '2026-11-01T11:00:00Z' }, earlier),
    ).toBeUndefined();
    expect(findCopiedEntry({ ...entry, fingerprint: 'f9' }, earlier)).toBeUndefined();
  });
});

/** Deterministic prose: `count` words drawn from a vocabulary of 400. */
function prose(count: number, seed: number): string {
  let state = seed;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    out.push(`word${state % 400}`);
  }
  return out.join(' ');
}

function shingles(text: string): Set<string> {
  const list = words(text);
  const set = new Set<string>();
  for (let i = 0; i + 3 <= list.length; i++) set.add(list.slice(i, i + 3).join(' '));
  return set;
}

function jaccard(a: string, b: string): number {
  const x = shingles(a);
  const y = shingles(b);
  let both = 0;
  for (const s of x) if (y.has(s)) both++;
  return both / (x.size + y.size - both);
}

describe('write-up similarity', () => {
  const original = prose(300, 1);

  it('needs at least 50 words', () => {
    expect(writeUpSignature(prose(49, 2))).toBeNull();
    expect(writeUpSignature(prose(50, 2))).not.toBeNull();
  });

  it('is 1 for the same words whatever the case, punctuation and spacing', () => {
    const a = writeUpSignature(original) as Uint32Array;
    const b = writeUpSignature(original.toUpperCase().replace(/ /g, ',  \n')) as Uint32Array;
    expect(similarity(a, b)).toBe(1);
  });

  it('flags a near-identical copy (a few words changed) and not an unrelated text', () => {
    const copy = original.replace(/\S+/g, (word, offset: number) => (offset % 97 === 0 ? 'changed' : word));
    const signed = [
      { id: 'original', signature: writeUpSignature(original) },
      { id: 'copy', signature: writeUpSignature(copy) },
      { id: 'other', signature: writeUpSignature(prose(300, 3)) },
      { id: 'short', signature: writeUpSignature('too short') },
    ];
    const pairs = similarWriteUps(signed);
    expect(pairs.map(({ a, b }) => [a, b])).toEqual([['original', 'copy']]);
    expect(pairs[0]?.similarity).toBeGreaterThanOrEqual(0.8);
  });

  it('estimates the Jaccard similarity of the 3-shingle sets within 0.1', () => {
    for (const changeEvery of [3, 5, 10, 40]) {
      const edited = original
        .split(' ')
        .map((word, i) => (i % changeEvery === 0 ? `x${i}` : word))
        .join(' ');
      const estimate = similarity(
        writeUpSignature(original) as Uint32Array,
        writeUpSignature(edited) as Uint32Array,
      );
      // 128 hash functions: a standard error of at most 0.045, so within 0.1 (over two)
      expect(Math.abs(estimate - jaccard(original, edited))).toBeLessThan(0.1);
    }
  });

  it('stores a signature as text', () => {
    const signature = writeUpSignature(original) as Uint32Array;
    expect(decodeSignature(encodeSignature(signature))).toEqual(signature);
    expect(() => decodeSignature('AAAA')).toThrow('not a write-up signature');
  });
});
