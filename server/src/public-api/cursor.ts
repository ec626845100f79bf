import { createHash } from 'node:crypto';

/**
 * The opaque `cursor` of GET /api/v1/bounties: where the next page starts. It names the last bounty
 * of the page (so a bounty added or removed before it does not shift the next page) and its position
 * (used only when that bounty has left the list), for one query (filters and sort). A checksum makes
 * any edit detectable; nothing secret is in it, since every page is public anyway.
 */
export interface CursorPosition {
  /** The query the cursor was made for (queryKey). */
  query: string;
  /** The id of the last bounty on the previous page. */
  after: string;
  /** How many bounties preceded the next page when the cursor was made. */
  offset: number;
}

const VERSION = 1;
/** Far beyond any real cursor; a longer one is rejected before it is decoded. */
const MAX_CURSOR_LENGTH = 8192;

const checksum = (fields: unknown[]) =>
  createHash('sha256').update(JSON.stringify(fields)).digest('base64url').slice(0, 16);

/** A short, stable name for a query's filters and sort (a canonical string of them, hashed). */
export function queryKey(canonical: string): string {
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 16);
}

export function encodeCursor(position: CursorPosition): string {
  const fields = [VERSION, position.query, position.after, position.offset];
  return Buffer.from(JSON.stringify([...fields, checksum(fields)]), 'utf8').toString('base64url');
}

/** The position in a cursor, or null for anything this server did not write. Never throws. */
export function decodeCursor(cursor: string): CursorPosition | null {
  if (cursor.length === 0 || cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor))
    return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 5) return null;
  const [version, query, after, offset, check] = value as unknown[];
  if (
    version !== VERSION ||
    typeof query !== 'string' ||
    typeof after !== 'string' ||
    typeof offset !== 'number' ||
    !Number.isSafeInteger(offset) ||
    offset < 0 ||
    check !== checksum([version, query, after, offset])
  )
    return null;
  return { query, after, offset };
}
