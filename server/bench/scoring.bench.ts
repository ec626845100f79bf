/**
 * Scoring speed (issue 45, item 10: a 1,000,000-row entry scored in ≤ 2 s, the key already checked and
 * stored with its split). For each metric, a generated key of --rows rows and two entries of the same
 * rows, one in the key's row order (as the sample entry has it) and one shuffled (every id through the id
 * index):
 *   - through the scoring pool, as the server scores: the key checked and split in the worker (as at
 *     upload), the first entry (the key's bytes sent, decoded and kept by the worker), then each entry's
 *     time from the call to the scores (parse with csv-parse, streaming, + checks + both scores +
 *     fingerprint; the file's chunks cross to the worker), the median of --runs, and rows per second;
 *   - in this thread: the key's check, its encoding and decoding, and the same entries read and scored.
 * Prints its figures; not a test.
 *
 *   node node_modules/.bin/tsx server/bench/scoring.bench.ts [--rows 1000000] [--runs 3] [--only rmse]
 */
import { Readable } from 'node:stream';
import {
  createScoringPool,
  decodeAnswerKey,
  encodeAnswerKey,
  METRIC_NAMES,
  newSplitSecret,
  readAnswerKey,
  readEntry,
  scorePredictions,
  ScoringKey,
  type MetricName,
} from '../src/scoring';
import { benchOption } from './benchOption';

const ROWS = benchOption('rows', 1_000_000);
const RUNS = benchOption('runs', 3);
const onlyIndex = process.argv.indexOf('--only');
const ONLY = onlyIndex >= 0 ? process.argv[onlyIndex + 1] : undefined;

/** A small deterministic generator, so every run scores the same data. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

function truth(metric: MetricName, next: () => number): string {
  switch (metric) {
    case 'accuracy':
    case 'macro_f1':
      return `class${Math.floor(next() * 5)}`;
    case 'roc_auc':
    case 'log_loss':
      return next() < 0.3 ? '1' : '0';
    default:
      return (next() * 100).toFixed(3);
  }
}

function prediction(metric: MetricName, target: string, next: () => number): string {
  switch (metric) {
    case 'accuracy':
    case 'macro_f1':
      return next() < 0.7 ? target : `class${Math.floor(next() * 5)}`;
    case 'roc_auc':
    case 'log_loss':
      return (target === '1' ? 0.3 + next() * 0.7 : next() * 0.7).toFixed(6);
    default:
      return (Number(target) + (next() - 0.5) * 10).toFixed(4);
  }
}

/** CSV text in 64 KiB chunks (as a blob store streams a file), built once and replayed per run. */
function csvChunks(header: string, lines: Iterable<string>): Buffer[] {
  const chunks: Buffer[] = [];
  let text = `${header}\n`;
  for (const line of lines) {
    text += `${line}\n`;
    if (text.length >= 65536) {
      chunks.push(Buffer.from(text));
      text = '';
    }
  }
  chunks.push(Buffer.from(text));
  return chunks;
}

function megabytes(chunks: Buffer[]): string {
  return (chunks.reduce((sum, chunk) => sum + chunk.length, 0) / 1e6).toFixed(1);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function shuffled<T>(items: T[], next: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

async function timeEntry(scoringKey: ScoringKey, chunks: Buffer[]): Promise<{ ms: number; score: number }> {
  const start = performance.now();
  const result = await readEntry(Readable.from(chunks), scoringKey);
  if (!result.ok) throw new Error(`the generated entry has problems: ${JSON.stringify(result.problems)}`);
  const scores = scorePredictions(scoringKey, result.entry.predictions);
  return { ms: performance.now() - start, score: scores.public };
}

interface Generated {
  keyChunks: Buffer[];
  inOrder: Buffer[];
  shuffled: Buffer[];
}

/** The key and two entries of one metric as CSV chunks (the row arrays are dropped once written). */
function generate(metric: MetricName): Generated {
  const next = random(45);
  const ids = Array.from({ length: ROWS }, (_, i) => `id${String(i).padStart(7, '0')}`);
  const targets = ids.map(() => truth(metric, next));
  const keyChunks = csvChunks(
    'id,target',
    ids.map((id, i) => `${id},${targets[i]}`),
  );
  const rows = ids.map((id, i) => `${id},${prediction(metric, targets[i] as string, next)}`);
  return {
    keyChunks,
    inOrder: csvChunks('id,prediction', rows),
    shuffled: csvChunks('id,prediction', shuffled(rows, next)),
  };
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

function rate(ms: number): string {
  return `${Math.round(ROWS / (ms / 1000)).toLocaleString('en')} rows/s`;
}

async function inProcess(metric: MetricName, data: Generated): Promise<void> {
  let start = performance.now();
  const checked = await readAnswerKey(Readable.from(data.keyChunks), { metric, secret: newSplitSecret() });
  if (!checked.ok) throw new Error(`the generated key has problems: ${JSON.stringify(checked.problems)}`);
  const checkMs = performance.now() - start;
  start = performance.now();
  const encoded = encodeAnswerKey(checked.key);
  const encodeMs = performance.now() - start;
  start = performance.now();
  const scoringKey = new ScoringKey(decodeAnswerKey(encoded.bytes));
  const decodeMs = performance.now() - start;
  const ordered: number[] = [];
  const mixed: number[] = [];
  let score = 0;
  for (let run = 0; run < RUNS; run++) {
    const a = await timeEntry(scoringKey, data.inOrder);
    ordered.push(a.ms);
    score = a.score;
    mixed.push((await timeEntry(scoringKey, data.shuffled)).ms);
  }
  console.log(
    `  key ${megabytes(data.keyChunks)} MB: check+split ${seconds(checkMs)}, stored ${(encoded.bytes.length / 1e6).toFixed(1)} MB ` +
      `(encode ${encodeMs.toFixed(0)} ms, decode+prepare ${decodeMs.toFixed(0)} ms); public score ${score.toFixed(4)}`,
  );
  console.log(
    `  main thread, entry ${megabytes(data.inOrder)} MB: key order ${seconds(median(ordered))} (${rate(median(ordered))}), ` +
      `shuffled ${seconds(median(mixed))} (${rate(median(mixed))})`,
  );
}

async function inPool(metric: MetricName, data: Generated): Promise<void> {
  const pool = createScoringPool({ threads: 1, jobTimeoutMs: 60_000 });
  try {
    const start = performance.now();
    const checked = await pool.checkKey(Readable.from(data.keyChunks), { metric, secret: newSplitSecret() });
    if (!checked.ok) throw new Error(`the generated key has problems: ${JSON.stringify(checked.problems)}`);
    const checkMs = performance.now() - start;
    const timeJob = async (chunks: Buffer[]) => {
      const begin = performance.now();
      const result = await pool.scoreEntry(checked.key, Readable.from(chunks));
      if (!result.ok) throw new Error(`the generated entry has problems: ${JSON.stringify(result.problems)}`);
      return performance.now() - begin;
    };
    const firstMs = await timeJob(data.inOrder);
    const ordered: number[] = [];
    const mixed: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      ordered.push(await timeJob(data.inOrder));
      mixed.push(await timeJob(data.shuffled));
    }
    console.log(
      `  pool worker: key check+split ${seconds(checkMs)}; first entry ${seconds(firstMs)} (key sent, decoded, kept); ` +
        `then key order ${seconds(median(ordered))} (${rate(median(ordered))}), shuffled ${seconds(median(mixed))} (${rate(median(mixed))})`,
    );
  } finally {
    await pool.close();
  }
}

async function main() {
  console.log(
    `scoring bench: ${ROWS.toLocaleString('en')} rows, median of ${RUNS} runs, Node ${process.version}`,
  );
  const metrics = ONLY ? METRIC_NAMES.filter((name) => name === ONLY) : METRIC_NAMES;
  for (const metric of metrics) {
    console.log(`${metric}:`);
    const data = generate(metric);
    await inPool(metric, data);
    await inProcess(metric, data);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
