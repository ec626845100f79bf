/**
 * A scoring worker's job (run by piscina in a worker thread, loaded through scoreWorker.cjs): checks an
 * answer key or scores an entry, reading the file from the job's port as a stream. The worker keeps the
 * last two keys it decoded (by digest), with their id index, so a bounty's entries after the first skip
 * the key's transfer and decoding.
 */
import { Readable } from 'node:stream';
import type { MessagePort } from 'node:worker_threads';
import { readAnswerKey } from './answerKey';
import { entryFingerprint } from './copies';
import { readEntry } from './entry';
import { answerKeyDigest, decodeAnswerKey, encodeAnswerKey } from './keyCodec';
import type {
  CheckKeyJob,
  CheckKeyReply,
  FromWorker,
  ScoreEntryJob,
  ScoreEntryReply,
  ToWorker,
  WorkerJob,
} from './poolProtocol';
import { scorePredictions } from './score';
import { ScoringKey } from './scoringKey';

const KEPT_KEYS = 2;
const keys = new Map<string, ScoringKey>();

/** The job's side of its port: the file as a Readable, and the key when asked for. */
class JobPort {
  readonly file: Readable;
  private pulling = false;
  private keyWaiter: ((bytes: Uint8Array) => void) | undefined;

  constructor(private readonly port: MessagePort) {
    this.file = new Readable({
      highWaterMark: 256 * 1024,
      read: () => {
        if (this.pulling) return;
        this.pulling = true;
        this.post({ type: 'pull' });
      },
    });
    port.on('message', (message: ToWorker) => this.receive(message));
  }

  post(message: FromWorker): void {
    this.port.postMessage(message);
  }

  key(): Promise<Uint8Array> {
    return new Promise((resolve) => {
      this.keyWaiter = resolve;
      this.post({ type: 'need-key' });
    });
  }

  close(): void {
    this.port.close();
  }

  private receive(message: ToWorker): void {
    switch (message.type) {
      case 'chunk':
        this.pulling = false;
        this.file.push(Buffer.from(message.chunk.buffer, message.chunk.byteOffset, message.chunk.byteLength));
        break;
      case 'end':
        this.pulling = false;
        this.file.push(null);
        break;
      case 'error':
        this.file.destroy(new Error(message.message));
        break;
      case 'key':
        this.keyWaiter?.(message.bytes);
        this.keyWaiter = undefined;
        break;
    }
  }
}

async function scoringKey(digest: string, port: JobPort): Promise<ScoringKey> {
  const kept = keys.get(digest);
  if (kept) {
    keys.delete(digest); // most recently used last
    keys.set(digest, kept);
    return kept;
  }
  const bytes = await port.key();
  if (answerKeyDigest(bytes) !== digest) throw new Error("the key's bytes do not match its digest");
  const key = new ScoringKey(decodeAnswerKey(bytes));
  keys.set(digest, key);
  while (keys.size > KEPT_KEYS) keys.delete(keys.keys().next().value as string);
  return key;
}

async function checkKey(job: CheckKeyJob, port: JobPort): Promise<CheckKeyReply> {
  const result = await readAnswerKey(port.file, job.rules);
  if (!result.ok) return result;
  const encoded = encodeAnswerKey(result.key);
  const publicRows = result.key.isPublic.reduce((sum, bit) => sum + bit, 0);
  return { ok: true, bytes: encoded.bytes, digest: encoded.digest, rows: result.key.ids.length, publicRows };
}

async function scoreEntry(job: ScoreEntryJob, port: JobPort): Promise<ScoreEntryReply> {
  const key = await scoringKey(job.keyDigest, port);
  const result = await readEntry(port.file, key);
  if (!result.ok) return result;
  return {
    ok: true,
    scores: scorePredictions(key, result.entry.predictions),
    fingerprint: entryFingerprint(result.entry),
    rows: key.rows,
  };
}

export default async function run(job: WorkerJob): Promise<CheckKeyReply | ScoreEntryReply> {
  const port = new JobPort(job.port);
  port.post({ type: 'started' });
  try {
    return job.kind === 'check-key' ? await checkKey(job, port) : await scoreEntry(job, port);
  } finally {
    port.close();
  }
}
