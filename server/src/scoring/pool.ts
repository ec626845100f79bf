/**
 * Scoring off the request path (issue 45, item 4): answer keys are checked and entries scored in worker
 * threads (piscina), each job with a time limit, each worker with a bounded heap, and the jobs waiting
 * for a worker in a bounded queue. A full queue rejects at once with a ScoringJobError of reason
 * 'queue-full' and a `retryAfterSeconds` (the route answers 503 with Retry-After); a job over its time
 * limit stops its worker (piscina terminates the thread and starts another) and rejects with reason
 * 'timeout'; a worker that runs out of memory rejects its job with 'out-of-memory'. The pool keeps
 * working after each.
 *
 * How the worker runs TypeScript: see scoreWorker.cjs (tsx's CommonJS hook registered in the worker, so
 * the same pool works under tsx in production and under Jest). Forked processes (as
 * render/releaseProcess.ts does) would isolate as well but cost a process per worker and a copy of every
 * chunk through IPC; a scoring job runs only this module's own code, so a thread suffices.
 *
 * The time limit starts when the worker starts the job (a queued job is not running out of time); the
 * file's bytes cross to the worker one chunk at a time, pulled by it, so a slow blob store slows the job
 * (and counts against its limit) but never fills memory.
 */
import path from 'node:path';
import type { Readable } from 'node:stream';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import Piscina from 'piscina';
import type { KeyRules } from './answerKey';
import type { EncodedKey } from './keyCodec';
import type { CheckKeyReply, FromWorker, ScoreEntryReply, ToWorker, WorkerJob } from './poolProtocol';

const WORKER = path.join(__dirname, 'scoreWorker.cjs');

export interface ScoringPoolOptions {
  /** Worker threads (default 1: on two cores the other is the server's). */
  threads?: number;
  /** Jobs that may wait for a worker; one more is refused (default 20). */
  queueLimit?: number;
  /** Time limit of one job once it runs (default 30 s; a 1,000,000-row entry takes about 1–2 s). */
  jobTimeoutMs?: number;
  /** How long a worker may take to start a job: a new thread loads tsx and the scoring code (default 30 s). */
  startTimeoutMs?: number;
  /** Each worker's old-generation heap limit (default 512 MiB; a 1,000,000-row key takes about 150). */
  memoryMb?: number;
  /**
   * Each worker's young-generation size (default: Node's). A larger nursery for the millions of
   * short-lived strings of a CSV parse looked faster at first, but on this machine the difference stayed
   * within the run-to-run noise, so it is left to Node.
   */
  youngGenerationMb?: number;
  /** How long an idle worker stays (and keeps its decoded keys) before it ends (default 60 s). */
  idleTimeoutMs?: number;
}

export type ScoringJobFailure = 'queue-full' | 'timeout' | 'out-of-memory' | 'failed' | 'closed';

/** Why a scoring job did not give an answer. Its message names no key value. */
export class ScoringJobError extends Error {
  constructor(
    readonly reason: ScoringJobFailure,
    message: string,
    /** For 'queue-full': when to try again (the Retry-After of a 503). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ScoringJobError';
  }
}

export type KeyCheckResult =
  { ok: true; key: EncodedKey; rows: number; publicRows: number } | Extract<CheckKeyReply, { ok: false }>;

export type EntryScoreResult = ScoreEntryReply;

export interface StoredKey {
  /** SHA-256 of `bytes`, as encodeAnswerKey gave it. */
  digest: string;
  /** The key as stored (keyCodec.ts). Sent to a worker only when it does not hold the key already. */
  bytes: Uint8Array;
}

export interface ScoringPool {
  /** Reads, checks and splits an answer key (an upload); resolves with the bytes to store, or its problems. */
  checkKey(source: Readable, rules: KeyRules): Promise<KeyCheckResult>;
  /** Scores an entry file against a stored key: its public and private scores and fingerprint, or its problems. */
  scoreEntry(key: StoredKey, source: Readable): Promise<EntryScoreResult>;
  /** Jobs running and waiting. */
  readonly load: { running: number; waiting: number };
  /** Refuses new jobs, rejects the waiting ones, stops the workers. */
  close(): Promise<void>;
}

interface Waiting {
  start: () => void;
  fail: (error: Error) => void;
}

export function createScoringPool(options: ScoringPoolOptions = {}): ScoringPool {
  const threads = options.threads ?? 1;
  const queueLimit = options.queueLimit ?? 20;
  const jobTimeoutMs = options.jobTimeoutMs ?? 30_000;
  const startTimeoutMs = options.startTimeoutMs ?? 30_000;
  const piscina = new Piscina({
    filename: WORKER,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: options.idleTimeoutMs ?? 60_000,
    resourceLimits: {
      maxOldGenerationSizeMb: options.memoryMb ?? 512,
      ...(options.youngGenerationMb ? { maxYoungGenerationSizeMb: options.youngGenerationMb } : {}),
    },
    // The worker needs nothing of the server's configuration (database URL, secrets).
    env: Object.fromEntries(
      ['NODE_ENV', 'TZ', 'PATH'].flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
    ),
  });

  let running = 0;
  let closed = false;
  const waiting: Waiting[] = [];
  /** A running mean of job times, for Retry-After. */
  let meanJobSeconds = 2;

  function slot(): Promise<void> {
    if (closed) return Promise.reject(new ScoringJobError('closed', 'The scoring pool is closed.'));
    if (running < threads) {
      running++;
      return Promise.resolve();
    }
    if (waiting.length >= queueLimit) {
      const retryAfterSeconds = Math.max(
        1,
        Math.ceil((meanJobSeconds * (waiting.length + running)) / threads),
      );
      return Promise.reject(
        new ScoringJobError(
          'queue-full',
          `Scoring is busy: ${waiting.length} jobs are waiting. Try again in ${retryAfterSeconds} s.`,
          retryAfterSeconds,
        ),
      );
    }
    return new Promise((start, fail) => waiting.push({ start, fail }));
  }

  function release(): void {
    const next = waiting.shift();
    if (next) next.start();
    else running--;
  }

  async function run<R>(
    job: (port: MessagePort) => WorkerJob,
    source: Readable,
    key?: StoredKey,
  ): Promise<R> {
    await slot().catch((error: unknown) => {
      source.destroy();
      throw error;
    });
    const began = performance.now();
    const { port1, port2 } = new MessageChannel();
    const abort = new AbortController();
    let failure: ScoringJobError | undefined;
    const stop = (error: ScoringJobError) => {
      failure ??= error;
      abort.abort(error);
    };
    let timer = setTimeout(
      () =>
        stop(new ScoringJobError('timeout', `The scoring worker did not start within ${startTimeoutMs} ms.`)),
      startTimeoutMs,
    );
    const feeder = feed(port1, source, key, () => {
      clearTimeout(timer);
      timer = setTimeout(
        () =>
          stop(
            new ScoringJobError('timeout', `Scoring took longer than its limit of ${jobTimeoutMs / 1000} s.`),
          ),
        jobTimeoutMs,
      );
    });
    try {
      return (await piscina.run(job(port2), { transferList: [port2], signal: abort.signal })) as R;
    } catch (error) {
      if (failure) throw failure;
      if (closed) throw new ScoringJobError('closed', 'The scoring pool closed before the job ended.');
      if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
        throw new ScoringJobError(
          'out-of-memory',
          'Scoring ran out of memory; the file is too large to score.',
        );
      }
      throw new ScoringJobError('failed', `Scoring failed: ${(error as Error).message}`);
    } finally {
      clearTimeout(timer);
      feeder.close();
      meanJobSeconds = 0.8 * meanJobSeconds + 0.2 * ((performance.now() - began) / 1000);
      release();
    }
  }

  return {
    async checkKey(source, rules) {
      const reply = await run<CheckKeyReply>((port) => ({ kind: 'check-key', port, rules }), source);
      if (!reply.ok) return reply;
      const bytes = Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength);
      return {
        ok: true,
        key: { bytes, digest: reply.digest },
        rows: reply.rows,
        publicRows: reply.publicRows,
      };
    },
    scoreEntry(key, source) {
      return run<ScoreEntryReply>(
        (port) => ({ kind: 'score-entry', port, keyDigest: key.digest }),
        source,
        key,
      );
    },
    get load() {
      return { running, waiting: waiting.length };
    },
    async close() {
      closed = true;
      for (const job of waiting.splice(0))
        job.fail(new ScoringJobError('closed', 'The scoring pool is closed.'));
      await piscina.destroy();
    },
  };
}

/**
 * The pool's side of a job's port: answers the worker's pulls with the source's next chunk (copied into
 * a buffer of its own and moved, not cloned), its request for the key with the key's bytes, and reports
 * when the worker has started.
 */
function feed(port: MessagePort, source: Readable, key: StoredKey | undefined, onStarted: () => void) {
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  let done = false;
  const send = (message: ToWorker, move?: ArrayBuffer) => {
    if (!done) port.postMessage(message, move ? [move] : []);
  };
  port.on('message', (message: FromWorker) => {
    if (message.type === 'started') onStarted();
    else if (message.type === 'need-key' && key) {
      const bytes = new Uint8Array(key.bytes);
      send({ type: 'key', bytes }, bytes.buffer);
    } else if (message.type === 'pull') {
      chunks.next().then(
        (next) => {
          if (next.done) return send({ type: 'end' });
          const chunk = typeof next.value === 'string' ? Buffer.from(next.value, 'utf8') : next.value;
          const copy = new Uint8Array(chunk);
          send({ type: 'chunk', chunk: copy }, copy.buffer);
        },
        (error: unknown) =>
          send({ type: 'error', message: `the file could not be read: ${(error as Error).message}` }),
      );
    }
  });
  return {
    close() {
      done = true;
      port.close();
      void chunks.return?.();
      source.destroy();
    },
  };
}
