/**
 * Copy detection for the team and staff (issue 45, item 7). Flags inform; they decide nothing.
 *
 * - Entries: an entry's fingerprint is a SHA-256 of its predictions in the key's row order (a fixed order
 *   of the bounty's ids, so the entry's own row order does not matter) as parsed numbers (so "0.5",
 *   "0.50" and "5e-1" are one value, and -0 is 0) or class codes (numeric labels canonical, labels the
 *   key lacks numbered in sorted order, see entry.ts). Two entries with equal fingerprints predict the
 *   same thing for every id.
 * - Write-ups: MinHash over word 3-shingles (128 hash functions) estimates the Jaccard similarity of two
 *   texts' shingle sets; write-ups of at least 50 words whose estimate is ≥ 0.8 are flagged.
 */
import { createHash } from 'node:crypto';

/** The fingerprint of parsed predictions (entry.ts's `Entry`), hex. */
export function entryFingerprint(entry: {
  predictions: Float64Array;
  extraLabels: readonly string[];
}): string {
  const { predictions, extraLabels } = entry;
  const hash = createHash('sha256');
  hash.update(new Uint8Array(predictions.buffer, predictions.byteOffset, predictions.byteLength));
  hash.update(JSON.stringify(extraLabels));
  return hash.digest('hex');
}

export interface FingerprintedEntry {
  fingerprint: string;
  /** Who submitted it. */
  personId: string;
  /** When it was received (ISO 8601 or epoch ms: anything that sorts by time). */
  receivedAt: string | number;
}

/**
 * The earliest entry of another person whose predictions equal `entry`'s, among `earlier` (the bounty's
 * entries received before it), or undefined.
 */
export function findCopiedEntry<T extends FingerprintedEntry>(
  entry: FingerprintedEntry,
  earlier: readonly T[],
): T | undefined {
  let first: T | undefined;
  for (const other of earlier) {
    if (other.fingerprint !== entry.fingerprint || other.personId === entry.personId) continue;
    if (other.receivedAt >= entry.receivedAt) continue;
    if (!first || other.receivedAt < first.receivedAt) first = other;
  }
  return first;
}

export const MIN_WRITE_UP_WORDS = 50;
export const SIMILAR_WRITE_UP = 0.8;
const SHINGLE_WORDS = 3;
const HASHES = 128;

/** The words of a text: runs of letters and digits, lower-cased (NFKC first, so look-alike forms agree). */
export function words(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/**
 * A write-up's MinHash signature (128 × 32 bits), or null when it has fewer than 50 words (too short to
 * tell a copy from a common phrasing). Store it with the write-up; compare with `similarity`.
 */
export function writeUpSignature(text: string): Uint32Array | null {
  const list = words(text);
  if (list.length < MIN_WRITE_UP_WORDS) return null;
  const wordHashes = list.map(fnv1a);
  const signature = new Uint32Array(HASHES).fill(0xffffffff);
  for (let i = 0; i + SHINGLE_WORDS <= wordHashes.length; i++) {
    // the shingle's hash: its words' hashes combined in order
    let shingle = 0;
    for (let j = 0; j < SHINGLE_WORDS; j++) shingle = mix(shingle ^ (wordHashes[i + j] as number)) + j;
    for (let k = 0; k < HASHES; k++) {
      const value = mix(shingle ^ (SEEDS[k] as number));
      if (value < (signature[k] as number)) signature[k] = value;
    }
  }
  return signature;
}

/** The estimated Jaccard similarity of two write-ups' shingle sets: the share of equal signature slots. */
export function similarity(a: Uint32Array, b: Uint32Array): number {
  if (a.length !== b.length) throw new RangeError('signatures of different sizes');
  let equal = 0;
  for (let k = 0; k < a.length; k++) if (a[k] === b[k]) equal++;
  return equal / a.length;
}

export interface SignedWriteUp {
  id: string;
  signature: Uint32Array | null;
}

/** Every pair of write-ups whose estimated similarity is ≥ 0.8 (pairwise: fine for a bounty's hundreds). */
export function similarWriteUps(
  writeUps: readonly SignedWriteUp[],
  threshold = SIMILAR_WRITE_UP,
): { a: string; b: string; similarity: number }[] {
  const pairs: { a: string; b: string; similarity: number }[] = [];
  for (let i = 0; i < writeUps.length; i++) {
    const first = writeUps[i] as SignedWriteUp;
    if (!first.signature) continue;
    for (let j = i + 1; j < writeUps.length; j++) {
      const second = writeUps[j] as SignedWriteUp;
      if (!second.signature) continue;
      const value = similarity(first.signature, second.signature);
      if (value >= threshold) pairs.push({ a: first.id, b: second.id, similarity: value });
    }
  }
  return pairs;
}

/** A signature as text to store, and back. */
export function encodeSignature(signature: Uint32Array): string {
  return Buffer.from(signature.buffer, signature.byteOffset, signature.byteLength).toString('base64');
}

export function decodeSignature(text: string): Uint32Array {
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length !== HASHES * 4) throw new RangeError('not a write-up signature');
  const signature = new Uint32Array(HASHES);
  new Uint8Array(signature.buffer).set(bytes);
  return signature;
}

/** MurmurHash3's 32-bit finaliser: every input bit moves every output bit. */
function mix(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5 | 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** One fixed seed per hash function (fixed, so signatures stored today compare with tomorrow's). */
const SEEDS = Uint32Array.from({ length: HASHES }, (_, k) => mix(0x9e3779b9 + Math.imul(k + 1, 0x61c88647)));
