/**
 * A checked answer key as bytes, to store (with its split) and to hand to a scoring worker: decoding is a
 * few copies and one UTF-8 decode, never a CSV parse.
 *
 *   "SQK1" · u32 header length · header JSON · (zero padding to 8) · targets f64 × rows ·
 *   id ends u32 × rows (in UTF-16 units of the joined ids) · isPublic u8 × rows · ids, joined, UTF-8
 *
 * All numbers little-endian. The digest (SHA-256 of the bytes) names one version of a key, e.g. for a
 * worker's cache.
 */
import { createHash } from 'node:crypto';
import type { AnswerKey } from './answerKey';
import { isMetricName } from './metrics';

const MAGIC = 'SQK1';

interface Header {
  metric: string;
  publicShare: number;
  rows: number;
  classes: string[];
  idChars: number;
}

export interface EncodedKey {
  bytes: Buffer;
  /** SHA-256 of the bytes, hex. */
  digest: string;
}

export function encodeAnswerKey(key: AnswerKey): EncodedKey {
  const rows = key.ids.length;
  const joined = key.ids.join('');
  const header: Header = {
    metric: key.metric,
    publicShare: key.publicShare,
    rows,
    classes: [...key.classes],
    idChars: joined.length,
  };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const idBytes = Buffer.from(joined, 'utf8');
  const start = align8(8 + headerBytes.length);
  const bytes = Buffer.alloc(start + rows * 13 + idBytes.length);
  bytes.write(MAGIC, 0, 'latin1');
  bytes.writeUInt32LE(headerBytes.length, 4);
  headerBytes.copy(bytes, 8);
  let offset = start;
  offset += copyInto(bytes, offset, key.targets);
  const ends = new Uint32Array(rows);
  let end = 0;
  for (let i = 0; i < rows; i++) ends[i] = end += (key.ids[i] as string).length;
  offset += copyInto(bytes, offset, ends);
  offset += copyInto(bytes, offset, key.isPublic);
  idBytes.copy(bytes, offset);
  return { bytes, digest: createHash('sha256').update(bytes).digest('hex') };
}

export function answerKeyDigest(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function decodeAnswerKey(input: Uint8Array): AnswerKey {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (bytes.length < 8 || bytes.toString('latin1', 0, 4) !== MAGIC)
    throw new Error('not an encoded answer key');
  const headerLength = bytes.readUInt32LE(4);
  const header = JSON.parse(bytes.toString('utf8', 8, 8 + headerLength)) as Header;
  if (!isMetricName(header.metric)) throw new Error('an encoded answer key with an unknown metric');
  const rows = header.rows;
  let offset = align8(8 + headerLength);
  const targets = new Float64Array(rows);
  offset += copyOut(bytes, offset, targets);
  const ends = new Uint32Array(rows);
  offset += copyOut(bytes, offset, ends);
  const isPublic = new Uint8Array(rows);
  offset += copyOut(bytes, offset, isPublic);
  const joined = bytes.toString('utf8', offset);
  if (joined.length !== header.idChars) throw new Error('an encoded answer key whose ids do not decode');
  const ids = new Array<string>(rows);
  for (let i = 0, start = 0; i < rows; i++) {
    const end = ends[i] as number;
    ids[i] = joined.slice(start, end);
    start = end;
  }
  return {
    metric: header.metric,
    publicShare: header.publicShare,
    ids,
    targets,
    classes: header.classes,
    isPublic,
  };
}

function align8(n: number): number {
  return Math.ceil(n / 8) * 8;
}

function copyInto(bytes: Buffer, offset: number, array: Float64Array | Uint32Array | Uint8Array): number {
  const view = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
  bytes.set(view, offset);
  return view.length;
}

function copyOut(bytes: Buffer, offset: number, array: Float64Array | Uint32Array | Uint8Array): number {
  const view = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
  view.set(bytes.subarray(offset, offset + view.length));
  return view.length;
}
