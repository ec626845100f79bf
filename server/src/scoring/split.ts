/**
 * The public/private split of an answer key (issue 45, item 2): which rows the leaderboard scores while
 * the bounty is open (public) and which only at the reveal (private). It is decided once, when the key is
 * uploaded, and stored with it.
 *
 * Each id gets a keyed hash, HMAC-SHA256(secret of the bounty, id); the rows with the smallest hashes are
 * public, as many as the share asks (rounded, and at least one row on each side). So:
 * - the same secret and ids always give the same split (stable across re-checks and instances);
 * - another secret gives an unrelated split;
 * - nothing about an id (its order, its number, a prefix) tells which side it is on without the secret,
 *   so entrants cannot aim their effort at the public rows;
 * - the public part holds the requested share exactly, not only on average (a 20-row key at 10 % has
 *   2 public rows, never 0).
 * Cost: one HMAC per id, ≈ 4 µs here (≈ 4 s for a million rows, once per key, in the scoring pool).
 */
import { createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';

export const PUBLIC_SHARE = { min: 0.1, max: 0.9, default: 0.3 } as const;

/** A new secret for a bounty's split (32 random bytes, base64url): store it with the bounty, never show it. */
export function newSplitSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function isValidPublicShare(share: unknown): share is number {
  return (
    typeof share === 'number' &&
    Number.isFinite(share) &&
    share >= PUBLIC_SHARE.min &&
    share <= PUBLIC_SHARE.max
  );
}

/** How many of `rows` rows are public at `share`: rounded, with at least one row on each side. */
export function publicCount(rows: number, share: number): number {
  if (rows < 2) throw new RangeError('a split needs at least two rows');
  return Math.min(rows - 1, Math.max(1, Math.round(rows * share)));
}

/** The first 48 bits of HMAC-SHA256(secret, id), as an exact integer in a double. */
function rank(key: KeyObject, id: string): number {
  return createHmac('sha256', key).update(id, 'utf8').digest().readUIntBE(0, 6);
}

/**
 * Which rows are public: a byte per id, 1 for public, 0 for private. `ids` are unique (the key checks see
 * to it); `share` is within PUBLIC_SHARE.
 */
export function splitPublicRows(ids: readonly string[], secret: string, share: number): Uint8Array {
  if (!isValidPublicShare(share)) {
    throw new RangeError(`the public share must be between ${PUBLIC_SHARE.min} and ${PUBLIC_SHARE.max}`);
  }
  if (secret.length < 16) throw new RangeError('the split secret is too short');
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  const n = ids.length;
  const wanted = publicCount(n, share);
  const ranks = new Float64Array(n);
  for (let i = 0; i < n; i++) ranks[i] = rank(key, ids[i] as string);
  const threshold = Float64Array.from(ranks).sort()[wanted - 1] as number;
  const isPublic = new Uint8Array(n);
  let count = 0;
  for (let i = 0; i < n; i++) {
    if ((ranks[i] as number) < threshold) {
      isPublic[i] = 1;
      count++;
    }
  }
  // Ranks equal to the threshold (one, barring a 48-bit collision) fill the count in row order.
  for (let i = 0; i < n && count < wanted; i++) {
    if (ranks[i] === threshold) {
      isPublic[i] = 1;
      count++;
    }
  }
  return isPublic;
}
