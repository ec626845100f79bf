/**
 * An answer key made ready to score many entries: the row numbers of each part and their truths gathered
 * once, and an index from id to row built on first need (an entry in the key's own row order never needs
 * it: entry.ts tries the next row first). A scoring worker keeps the last few, by key digest.
 */
import type { AnswerKey } from './answerKey';
import { IdIndex } from './idIndex';

export class ScoringKey {
  readonly rows: number;
  readonly publicRows: Uint32Array;
  readonly privateRows: Uint32Array;
  readonly publicTruth: Float64Array;
  readonly privateTruth: Float64Array;
  private index: IdIndex | undefined;
  private readonly classIndex: Map<string, number>;

  constructor(readonly key: AnswerKey) {
    const n = key.ids.length;
    this.rows = n;
    let publicCount = 0;
    for (let i = 0; i < n; i++) publicCount += key.isPublic[i] as number;
    this.publicRows = new Uint32Array(publicCount);
    this.privateRows = new Uint32Array(n - publicCount);
    for (let i = 0, p = 0, q = 0; i < n; i++) {
      if (key.isPublic[i] === 1) this.publicRows[p++] = i;
      else this.privateRows[q++] = i;
    }
    this.publicTruth = gather(key.targets, this.publicRows);
    this.privateTruth = gather(key.targets, this.privateRows);
    this.classIndex = new Map(key.classes.map((label, code) => [label, code]));
  }

  /** The row of `id`, or -1. The index is built on first need. */
  indexOf(id: string): number {
    this.index ??= new IdIndex(this.key.ids);
    return this.index.get(id);
  }

  /** The code of a (canonical) class label of the key, or undefined for a label the key does not have. */
  classCode(label: string): number | undefined {
    return this.classIndex.get(label);
  }
}

/** values[rows[i]] for each i. */
export function gather(values: Float64Array, rows: Uint32Array): Float64Array {
  const out = new Float64Array(rows.length);
  for (let i = 0; i < rows.length; i++) out[i] = values[rows[i] as number] as number;
  return out;
}
