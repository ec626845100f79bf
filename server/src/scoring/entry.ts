/**
 * An entry (issue 45, item 3): a CSV of `id,prediction` read against a key, into one prediction per key
 * row (a Float64Array in the key's row order, whatever the entry's row order). Problems, each with its
 * line, at most 20: the header; ids not in the key, repeated, or missing; predictions that are not
 * numbers, NaN, or probabilities outside [0, 1]. A file with any problem is not scored.
 *
 * Messages name the entry's own ids and values only, never a target of the key.
 */
import type { Readable } from 'node:stream';
import { canonicalLabel, parseNumber, ProblemList, quote, readTwoColumnCsv, type CsvProblem } from './csv';
import { METRICS } from './metrics';
import type { ScoringKey } from './scoringKey';

export interface Entry {
  /** Row i of the key's prediction: a number, a probability, or a class code. */
  predictions: Float64Array;
  /**
   * Class labels the entry predicts that the key does not have, sorted; their codes follow the key's
   * classes in this order (so equal entries get equal codes, see copies.ts). Empty for other metrics.
   */
  extraLabels: string[];
}

/** Rows looked up together (see below). */
const BATCH = 256;

export type EntryCheck = { ok: true; entry: Entry } | { ok: false; problems: CsvProblem[] };

export async function readEntry(source: Readable, scoringKey: ScoringKey): Promise<EntryCheck> {
  const { ids, metric, classes } = scoringKey.key;
  const input = METRICS[metric].input;
  const n = ids.length;
  const problems = new ProblemList();
  const predictions = new Float64Array(n);
  const lineOf = new Int32Array(n); // 0: no row yet
  const labelCodes = new Map<string, number>(); // the file's text -> code
  const extra: string[] = [];
  let next = 0;
  let sequential = true;

  const readValue = (id: string, text: string, line: number): number | undefined => {
    if (input === 'labels') {
      let code = labelCodes.get(text);
      if (code === undefined) {
        const label = canonicalLabel(text);
        if (label === '') {
          problems.add(line, `the prediction for ${quote(id)} is empty; it must be a class label.`);
          return undefined;
        }
        code = scoringKey.classCode(label);
        if (code === undefined) {
          let at = extra.indexOf(label);
          if (at < 0) at = extra.push(label) - 1;
          code = classes.length + at;
        }
        labelCodes.set(text, code);
      }
      return code;
    }
    const value = parseNumber(text);
    if (typeof value === 'number') {
      if (input === 'probabilities' && (value < 0 || value > 1)) {
        problems.add(
          line,
          `the prediction for ${quote(id)} is ${quote(text)}; a probability must be within [0, 1].`,
        );
        return undefined;
      }
      return value;
    }
    const what = input === 'probabilities' ? 'a probability' : 'a number';
    problems.add(
      line,
      value === 'nan'
        ? `the prediction for ${quote(id)} is NaN; it must be ${what}.`
        : value === 'too-large'
          ? `the prediction for ${quote(id)} is ${quote(text)}, too large to be ${what}.`
          : `the prediction for ${quote(id)} is ${quote(text)}, not ${what}.`,
    );
    return undefined;
  };

  // Rows are handled in batches: first every row's key row is looked up, in a loop of lookups alone,
  // then each row is checked and stored. In a shuffled entry every lookup misses the cache; in a loop of
  // their own the processor can overlap several.
  const batchIds: string[] = [];
  const batchValues: string[] = [];
  const batchLines = new Int32Array(BATCH);
  const batchRows = new Int32Array(BATCH);

  const flush = () => {
    const count = batchIds.length;
    for (let i = 0; i < count; i++) {
      const id = batchIds[i] as string;
      // Most entries follow the key's order (the sample entry's): while they do, try the next row before
      // the index. Rows in another order go straight to the index.
      let index: number;
      if (sequential && next < n && ids[next] === id) index = next;
      else {
        index = scoringKey.indexOf(id);
        sequential = index === next;
      }
      if (index >= 0) next = index + 1;
      batchRows[i] = index;
    }
    for (let i = 0; i < count; i++) {
      const id = batchIds[i] as string;
      const line = batchLines[i] as number;
      const index = batchRows[i] as number;
      if (index < 0) {
        problems.add(line, `the id ${quote(id)} is not one of the bounty's ids.`);
        continue;
      }
      const first = lineOf[index] as number;
      if (first !== 0) {
        problems.add(line, `the id ${quote(id)} appears again (first on line ${first}); give each id once.`);
        continue;
      }
      lineOf[index] = line;
      const value = readValue(id, batchValues[i] as string, line);
      if (value !== undefined) predictions[index] = value;
    }
    batchIds.length = 0;
    batchValues.length = 0;
  };

  await readTwoColumnCsv(
    source,
    { columns: ['id', 'prediction'], what: 'the entry', beforeProblem: flush },
    problems,
    (id, text, line) => {
      batchLines[batchIds.length] = line;
      batchIds.push(id);
      batchValues.push(text);
      if (batchIds.length === BATCH) flush();
    },
  );
  flush();

  if (problems.empty) {
    for (let i = 0; i < n && !problems.full; i++) {
      if (lineOf[i] === 0) problems.add(null, `The id ${quote(ids[i] as string)} has no prediction.`);
    }
  }
  if (!problems.empty) return { ok: false, problems: problems.items };
  if (extra.length > 0) renumberExtraLabels(predictions, classes.length, extra);
  return { ok: true, entry: { predictions, extraLabels: extra } };
}

/** Gives the entry's own labels codes in sorted order, not in the order the file happened to use them. */
function renumberExtraLabels(predictions: Float64Array, first: number, extra: string[]): void {
  const sorted = [...extra].sort();
  const to = extra.map((label) => first + sorted.indexOf(label));
  for (let i = 0; i < predictions.length; i++) {
    const code = predictions[i] as number;
    if (code >= first) predictions[i] = to[code - first] as number;
  }
  extra.splice(0, extra.length, ...sorted);
}
