/**
 * What the scoring pool (pool.ts) and its workers (workerTask.ts) say to each other. A job is posted
 * through piscina with a MessagePort of its own; over that port the worker pulls the file's bytes one
 * chunk at a time (the file is never whole in either thread) and, when it does not hold the key yet,
 * asks for the key's stored bytes.
 */
import type { MessagePort } from 'node:worker_threads';
import type { KeyRules } from './answerKey';
import type { CsvProblem } from './csv';
import type { Scores } from './score';

export interface CheckKeyJob {
  kind: 'check-key';
  port: MessagePort;
  rules: KeyRules;
}

export interface ScoreEntryJob {
  kind: 'score-entry';
  port: MessagePort;
  /** SHA-256 of the key's stored bytes (keyCodec.ts): the worker keeps recent keys by it. */
  keyDigest: string;
}

export type WorkerJob = CheckKeyJob | ScoreEntryJob;

export type CheckKeyReply =
  | { ok: true; bytes: Uint8Array; digest: string; rows: number; publicRows: number }
  | { ok: false; problems: CsvProblem[] };

export type ScoreEntryReply =
  { ok: true; scores: Scores; fingerprint: string; rows: number } | { ok: false; problems: CsvProblem[] };

/** From the pool to a worker, over the job's port. */
export type ToWorker =
  | { type: 'chunk'; chunk: Uint8Array }
  | { type: 'end' }
  | { type: 'error'; message: string }
  | { type: 'key'; bytes: Uint8Array };

/** From a worker to the pool, over the job's port. */
export type FromWorker = { type: 'started' } | { type: 'pull' } | { type: 'need-key' };
