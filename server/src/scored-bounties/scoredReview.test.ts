import { writeUpSignature } from '../scoring';
import {
  entryCopyFlags,
  sourceCopyFlags,
  submissionReviews,
  writeUpCopyFlags,
  type ReviewSubmission,
} from './scoredReview';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 10, minute)).toISOString();

let sequence = 0;
function entry(
  authorId: string,
  minute: number,
  scores: [number, number] | null,
  fingerprint: string | null = null,
  extra: { chosenFinal?: boolean } = {},
) {
  sequence += 1;
  return {
    id: `e${sequence}`,
    submissionId: `s-${authorId}`,
    authorId,
    status: scores ? ('scored' as const) : ('invalid' as const),
    publicScore: scores?.[0] ?? null,
    privateScore: scores?.[1] ?? null,
    chosenFinal: extra.chosenFinal ?? false,
    createdAt: at(minute),
    fingerprint: scores ? (fingerprint ?? `own-${sequence}`) : null,
  };
}

// Sixty distinct words, so a write-up clears the 50-word floor.
const essay = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
const submission = (authorId: string, minute: number, writeUp: string): ReviewSubmission => ({
  id: `s-${authorId}`,
  authorId,
  writeUp,
  createdAt: at(minute),
});

describe('entryCopyFlags', () => {
  it("flags an entry equal to another person's earlier entry with whose and when", () => {
    const original = entry('ana', 1, [0.9, 0.8], 'same');
    const copy = entry('ben', 5, [0.9, 0.8], 'same');
    const flags = entryCopyFlags([copy, original]);
    expect(flags.get(copy.id)).toEqual({ submissionId: 's-ana', at: at(1) });
    // The earlier one is not a copy of the later one.
    expect(flags.has(original.id)).toBe(false);
  });

  it('never flags a person re-sending their own entry, nor entries that were not scored', () => {
    const first = entry('ana', 1, [0.9, 0.8], 'same');
    const again = entry('ana', 2, [0.9, 0.8], 'same');
    const invalid = entry('ben', 3, null);
    expect(entryCopyFlags([first, again, invalid]).size).toBe(0);
  });

  it('names the earliest of several identical entries', () => {
    const flags = entryCopyFlags([
      entry('cy', 9, [1, 1], 'x'),
      entry('ben', 4, [1, 1], 'x'),
      entry('ana', 2, [1, 1], 'x'),
    ]);
    expect([...flags.values()]).toEqual([
      { submissionId: 's-ana', at: at(2) },
      { submissionId: 's-ana', at: at(2) },
    ]);
  });
});

describe('writeUpCopyFlags', () => {
  it('flags the later of two near-identical write-ups of 50 words or more', () => {
    const near = essay.replace('word59', 'changed');
    const flags = writeUpCopyFlags([submission('ben', 9, near), submission('ana', 2, essay)]);
    expect(flags.get('s-ben')).toMatchObject({ submissionId: 's-ana', at: at(2) });
    expect(flags.get('s-ben')!.similarity).toBeGreaterThanOrEqual(0.8);
    expect(flags.has('s-ana')).toBe(false);
  });

  it('leaves short write-ups and different ones alone', () => {
    const short = 'Gradient boosting on the parcel features, tuned by cross-validation.';
    const other = Array.from({ length: 60 }, (_, i) => `other${i}`).join(' ');
    expect(writeUpCopyFlags([submission('ana', 1, short), submission('ben', 2, short)]).size).toBe(0);
    expect(writeUpCopyFlags([submission('ana', 1, essay), submission('ben', 2, other)]).size).toBe(0);
  });
});

describe('sourceCopyFlags', () => {
  // A small module's source: well over 50 words once its identifiers and numbers are counted.
  const source = Array.from(
    { length: 20 },
    (_, i) => `export function step${i}(value) {\n  return value * ${i} + offset${i};\n}\n`,
  ).join('\n');
  const signed = (...pairs: Array<[{ id: string }, string]>) =>
    new Map(pairs.map(([entry, text]) => [entry.id, writeUpSignature(text) as Uint32Array]));

  it("flags an entry whose source is near-identical to another person's earlier entry, with the similarity", () => {
    const original = entry('ana', 1, [3, 3]);
    const renamed = entry('ben', 5, [3, 3]);
    const flags = sourceCopyFlags(
      [renamed, original],
      signed([original, source], [renamed, source.replace('offset19', 'shift19')]),
    );
    expect(flags.get(renamed.id)).toMatchObject({ submissionId: 's-ana', at: at(1) });
    expect(flags.get(renamed.id)!.similarity).toBeGreaterThanOrEqual(0.8);
    expect(flags.has(original.id)).toBe(false);
  });

  it('leaves alone a person’s own entries, different sources and entries without source text', () => {
    const first = entry('ana', 1, [3, 3]);
    const again = entry('ana', 2, [3, 3]);
    const other = entry('ben', 3, [3, 3]);
    const unread = entry('cy', 4, [3, 3]); // a git bundle's: no signature
    const different = Array.from({ length: 80 }, (_, i) => `other${i}`).join(' ');
    expect(
      sourceCopyFlags(
        [first, again, other, unread],
        signed([first, source], [again, source], [other, different]),
      ).size,
    ).toBe(0);
  });

  it('gives the reviews of a test-scored bounty their entries’ source flags, and none to an answer key’s', () => {
    const entries = [entry('ana', 1, [3, 3]), entry('ben', 2, [2, 2])];
    const input = {
      metric: 'tests_passed' as const,
      finalCount: 1,
      entries,
      submissions: [submission('ana', 0, 'a'), submission('ben', 0, 'b')],
    };
    const [ana, ben] = submissionReviews({
      ...input,
      sourceSignatures: signed([entries[0]!, source], [entries[1]!, source]),
    });
    expect(ana!.copiedSources).toEqual([]);
    expect(ben!.copiedSources).toEqual([
      { entryId: entries[1]!.id, entryAt: at(2), submissionId: 's-ana', at: at(1), similarity: 1 },
    ]);
    expect(submissionReviews(input)[1]).not.toHaveProperty('copiedSources');
    // The same archive (equal fingerprints) is flagged once, as such, not again for its source.
    const same = [entry('ana', 1, [3, 3], 'archive'), entry('ben', 2, [3, 3], 'archive')];
    const [, copy] = submissionReviews({
      ...input,
      entries: same,
      sourceSignatures: signed([same[0]!, source], [same[1]!, source]),
    });
    expect(copy).toMatchObject({ copiedEntries: [{ entryId: same[1]!.id }], copiedSources: [] });
  });
});

describe('submissionReviews', () => {
  it("gives each submission its best public score and its final entries' best private score", () => {
    const entries = [
      entry('ana', 1, [0.9, 0.5]),
      entry('ana', 2, [0.7, 0.95]), // not final by default: the best public one is
      entry('ben', 3, [0.6, 0.6]),
    ];
    const reviews = submissionReviews({
      metric: 'accuracy',
      finalCount: 1,
      entries,
      submissions: [submission('ana', 0, 'a'), submission('ben', 0, 'b'), submission('cy', 0, 'c')],
    });
    expect(
      reviews.map(({ submissionId, publicScore, privateScore }) => [submissionId, publicScore, privateScore]),
    ).toEqual([
      ['s-ana', 0.9, 0.5],
      ['s-ben', 0.6, 0.6],
      ['s-cy', null, null],
    ]);
  });

  it('follows the metric direction (lower is better for RMSE) and carries the copy flags', () => {
    const entries = [
      entry('ana', 1, [0.3, 0.4], 'same'),
      entry('ben', 2, [0.3, 0.4], 'same'),
      entry('ben', 3, [0.2, 0.1]),
    ];
    const [ana, ben] = submissionReviews({
      metric: 'rmse',
      finalCount: 2,
      entries,
      submissions: [submission('ana', 0, essay), submission('ben', 1, essay)],
    });
    expect(ben).toMatchObject({ publicScore: 0.2, privateScore: 0.1 });
    expect(ben!.copiedEntries).toEqual([
      { entryId: entries[1]!.id, entryAt: at(2), submissionId: 's-ana', at: at(1) },
    ]);
    expect(ben!.writeUpCopyOf).toMatchObject({ submissionId: 's-ana', at: at(0), similarity: 1 });
    expect(ana).toMatchObject({ copiedEntries: [], writeUpCopyOf: null });
  });
});
