import { SETUP_LIMITS } from '@side-quest/data/lifecycle';
import type { StreamedFile } from '../http/multipartForm';
import { utcDay, type ScoredEntry, type ScoredStore } from './scoredStore';

/*
 * What both kinds of scoring (an answer key, tests) share about entries (issue 45 items 2-3, issue 56
 * items 3-4): a setup's entries per day, final entries and licence, checked alike; the day's limit on
 * an upload, counted in UTC days and held atomically by the store; and the form's refusal.
 */

/** A form or upload refused: its HTTP status, a sentence, the problems found, when to try again. */
export interface FormFailure {
  ok: false;
  status: 400 | 404 | 409 | 413 | 422 | 429 | 503;
  message: string;
  problems: string[];
  retryAfterSeconds?: number;
}

export const formFailure = (
  status: FormFailure['status'],
  message: string,
  problems: string[] = [],
  retryAfterSeconds?: number,
): FormFailure => ({ ok: false, status, message, problems, retryAfterSeconds });

/**
 * Adds an uploaded entry to its author's UTC day on a bounty, at most `dailyEntries` a day. A first
 * count answers most over-limit uploads; then `beforeInsert` may refuse (a full queue); the insert
 * counts again, atomically. The entry, or the refusal (429 saying when the next entry is allowed).
 */
export async function addEntryWithinDay(
  store: Pick<ScoredStore, 'countedEntries' | 'addEntryWithinLimit'>,
  entry: { bountyId: string; submissionId: string; authorId: string; file: StreamedFile },
  dailyEntries: number,
  now: number,
  beforeInsert: () => Promise<FormFailure | null> = async () => null,
): Promise<{ ok: true; entry: ScoredEntry } | FormFailure> {
  const day = utcDay(new Date(now));
  const overLimit = formFailure(
    429,
    `You have sent ${dailyEntries} entries today, the most a day allows. Your next entry is allowed at ${day.next.slice(11, 16)} UTC.`,
    [],
    Math.max(1, Math.ceil((Date.parse(day.next) - now) / 1000)),
  );
  const used = await store.countedEntries(entry.bountyId, entry.authorId, day.start, day.next);
  if (used.length >= dailyEntries) return overLimit;
  const refused = await beforeInsert();
  if (refused) return refused;
  const added = await store.addEntryWithinLimit(
    {
      bountyId: entry.bountyId,
      submissionId: entry.submissionId,
      authorId: entry.authorId,
      blobId: entry.file.blob.id,
      fileName: entry.file.filename.slice(0, 200),
      at: new Date(now).toISOString(),
    },
    { start: day.start, next: day.next, max: dailyEntries },
  );
  return added ? { ok: true, entry: added } : overLimit;
}

/** A whole number typed in a form within `min`..`max`, or null. */
export function wholeNumberIn(text: string, { min, max }: { min: number; max: number }): number | null {
  const value = text.trim();
  if (!/^\d{1,5}$/.test(value)) return null;
  const number = Number(value);
  return number >= min && number <= max ? number : null;
}

/** A setup form's entries per day, final entries and licence as typed (the defaults where absent). */
export function entryRuleValuesOf(fields: URLSearchParams) {
  return {
    dailyEntries: fields.get('dailyEntries') ?? String(SETUP_LIMITS.dailyEntries.default),
    finalEntries: fields.get('finalEntries') ?? String(SETUP_LIMITS.finalEntries.default),
    licence: fields.get('licence') ?? '',
  };
}

/**
 * A setup's entries per person per day, final entries and licence (under which entrants may use the
 * setup's `licensed` files: "the data", "the tests"), checked; each problem is pushed on `problems`.
 */
export function checkEntryRules(
  values: { dailyEntries: string; finalEntries: string; licence: string },
  licensed: string,
  problems: string[],
): { dailyEntries: number | null; finalEntries: number | null; licence: string } {
  const dailyEntries = wholeNumberIn(values.dailyEntries, SETUP_LIMITS.dailyEntries);
  if (dailyEntries === null) problems.push('Enter between 1 and 20 entries per person per day.');
  const finalEntries = wholeNumberIn(values.finalEntries, SETUP_LIMITS.finalEntries);
  if (finalEntries === null) problems.push('Enter between 1 and 5 final entries.');
  const licence = values.licence.trim();
  if (!licence || licence.length > SETUP_LIMITS.licenceMax || /[\r\n]/.test(licence))
    problems.push(
      `Say under which licence entrants may use ${licensed}, in one line of up to ${SETUP_LIMITS.licenceMax} characters.`,
    );
  return { dailyEntries, finalEntries, licence };
}
