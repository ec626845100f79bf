/**
 * The answer key (issue 45, item 2): read from its CSV (`id,target`), checked, split into public and
 * private rows, and kept as typed arrays. A key that passes is what every entry is scored against; it is
 * stored encoded (keyCodec.ts) with its split, so scoring never reads the CSV again.
 *
 * Checks, each problem with its line: the header; ids present and unique; targets valid for the metric
 * (class labels: not empty; ROC AUC and log loss: 0 or 1; RMSE and MAE: finite numbers); at least 20 rows;
 * for ROC AUC and log loss, both classes in the public part and in the private part.
 */
import type { Readable } from 'node:stream';
import { canonicalLabel, parseNumber, ProblemList, quote, readTwoColumnCsv, type CsvProblem } from './csv';
import { METRICS, type MetricName } from './metrics';
import { isValidPublicShare, PUBLIC_SHARE, splitPublicRows } from './split';

export const MIN_KEY_ROWS = 20;

export interface AnswerKey {
  metric: MetricName;
  publicShare: number;
  /** The ids, in the key file's order. */
  ids: readonly string[];
  /** Row i's target: 0/1 (binary metrics), a number (RMSE, MAE), or a class code (accuracy, F1). */
  targets: Float64Array;
  /** For class-label metrics, each code's label (canonical, see csv.ts); empty otherwise. */
  classes: readonly string[];
  /** 1 where row i is public, 0 where it is private. */
  isPublic: Uint8Array;
}

export interface KeyRules {
  metric: MetricName;
  /** The bounty's split secret (split.ts). */
  secret: string;
  /** 0.1–0.9; PUBLIC_SHARE.default (0.3) when left out. */
  publicShare?: number;
}

export type KeyCheck = { ok: true; key: AnswerKey } | { ok: false; problems: CsvProblem[] };

/** Reads, checks and splits an answer key. The problems list is empty exactly when the key is usable. */
export async function readAnswerKey(source: Readable, rules: KeyRules): Promise<KeyCheck> {
  const { metric, secret } = rules;
  const publicShare = rules.publicShare ?? PUBLIC_SHARE.default;
  if (!isValidPublicShare(publicShare)) {
    throw new RangeError(`the public share must be between ${PUBLIC_SHARE.min} and ${PUBLIC_SHARE.max}`);
  }
  const target = METRICS[metric].target;
  const problems = new ProblemList();
  const ids: string[] = [];
  const values: number[] = [];
  const firstLine = new Map<string, number>();
  const classCodes = new Map<string, number>();
  const classes: string[] = [];

  await readTwoColumnCsv(
    source,
    { columns: ['id', 'target'], what: 'the answer key' },
    problems,
    (id, text, line) => {
      if (id.trim() === '') {
        problems.add(line, 'the id is empty.');
        return;
      }
      const seen = firstLine.get(id);
      if (seen !== undefined) {
        problems.add(line, `the id ${quote(id)} appears again (first on line ${seen}); ids must be unique.`);
        return;
      }
      firstLine.set(id, line);
      let value: number;
      if (target === 'labels') {
        const label = canonicalLabel(text);
        if (label === '') {
          problems.add(line, `the target of ${quote(id)} is empty; it must be a class label.`);
          return;
        }
        let code = classCodes.get(label);
        if (code === undefined) {
          code = classes.length;
          classCodes.set(label, code);
          classes.push(label);
        }
        value = code;
      } else {
        const parsed = parseNumber(text);
        if (typeof parsed !== 'number') {
          problems.add(line, `the target of ${quote(id)} is ${quote(text)}, not ${targetWords(metric)}.`);
          return;
        }
        if (target === 'binary' && parsed !== 0 && parsed !== 1) {
          problems.add(
            line,
            `the target of ${quote(id)} is ${quote(text)}; ${METRICS[metric].label} needs 0 or 1.`,
          );
          return;
        }
        value = parsed;
      }
      ids.push(id);
      values.push(value);
    },
  );

  if (problems.empty && ids.length < MIN_KEY_ROWS) {
    problems.add(null, `The answer key has ${ids.length} rows; it needs at least ${MIN_KEY_ROWS}.`);
  }
  if (!problems.empty) return { ok: false, problems: problems.items };

  const targets = Float64Array.from(values);
  const isPublic = splitPublicRows(ids, secret, publicShare);
  if (target === 'binary') checkBothClasses(metric, targets, isPublic, problems);
  if (!problems.empty) return { ok: false, problems: problems.items };
  return { ok: true, key: { metric, publicShare, ids, targets, classes, isPublic } };
}

function targetWords(metric: MetricName): string {
  return METRICS[metric].target === 'binary' ? '0 or 1' : 'a number';
}

/** ROC AUC and log loss are scored on each part alone: each needs rows of class 0 and of class 1. */
function checkBothClasses(
  metric: MetricName,
  targets: Float64Array,
  isPublic: Uint8Array,
  problems: ProblemList,
) {
  const counts = [
    [0, 0],
    [0, 0],
  ]; // [private, public][class]
  for (let i = 0; i < targets.length; i++)
    (counts[isPublic[i] as number] as number[])[targets[i] as number]!++;
  for (const [part, name] of [
    [1, 'public'],
    [0, 'private'],
  ] as const) {
    for (const cls of [0, 1]) {
      if ((counts[part] as number[])[cls] === 0) {
        problems.add(
          null,
          `The ${name} part of the key has no row with target ${cls}; ${METRICS[metric].label} needs both classes in each part (the split is random: add rows of class ${cls}).`,
        );
      }
    }
  }
}
