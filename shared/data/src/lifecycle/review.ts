/** How the team sorts submissions while judging; labels are private to the team. */
export const REVIEW_LABELS = [
  ['unreviewed', 'Unreviewed'],
  ['reviewed', 'Reviewed'],
  ['shortlisted', 'Shortlisted'],
  ['spam', 'Spam'],
] as const;
export type ReviewLabel = (typeof REVIEW_LABELS)[number][0];

export const SCORE_MAX = 5;
export const REVIEW_LIMITS = {
  notesMax: 4_000,
  reasonMin: 10,
  reasonMax: 1_000,
  paymentReferenceMax: 200,
} as const;

/** A submission's state as its author sees it. */
export type SubmissionState = 'submitted' | 'withdrawn' | 'rejected' | 'won' | 'not-selected';

export const SUBMISSION_STATE_LABELS: Record<SubmissionState, string> = {
  submitted: 'Submitted',
  withdrawn: 'Withdrawn',
  rejected: 'Rejected',
  won: 'Won',
  'not-selected': 'Not selected',
};

export const isReviewLabel = (value: unknown): value is ReviewLabel =>
  REVIEW_LABELS.some(([id]) => id === value);

/** One score per criterion, 0–5, or null where not scored yet. */
export type Scores = (number | null)[];

/**
 * Reads the score fields of the review form (one per criterion; empty means not scored). Anything but
 * a whole number 0–5 is refused, with the message.
 */
export function parseScores(
  texts: readonly string[],
  criteriaCount: number,
): { ok: true; value: Scores } | { ok: false; error: string } {
  if (texts.length > criteriaCount)
    return { ok: false, error: 'There is one score per acceptance criterion.' };
  const value: Scores = [];
  for (let index = 0; index < criteriaCount; index += 1) {
    const text = (texts[index] ?? '').trim();
    if (!text) {
      value.push(null);
      continue;
    }
    if (!/^\d$/.test(text) || Number(text) > SCORE_MAX)
      return { ok: false, error: `Each score is a whole number from 0 to ${SCORE_MAX}.` };
    value.push(Number(text));
  }
  return { ok: true, value };
}

/** The total the console sorts by: the sum of the scores given (unscored criteria count 0). */
export const totalScore = (scores: Scores) => scores.reduce<number>((sum, score) => sum + (score ?? 0), 0);

/** A reason someone will read (a rejection, a cancellation, a closing): long enough to say something. */
export function reasonProblem(text: string, what: string): string | null {
  const reason = text.trim();
  if (reason.length < REVIEW_LIMITS.reasonMin)
    return `Give ${what} of at least ${REVIEW_LIMITS.reasonMin} characters.`;
  if (reason.length > REVIEW_LIMITS.reasonMax)
    return `Keep ${what} to ${REVIEW_LIMITS.reasonMax.toLocaleString('en-US')} characters.`;
  return null;
}

/**
 * The winners chosen for the prize slots: slot index → submission id (empty slots stay unawarded and
 * their money follows the bounty's unclaimed rule). A submission wins at most one slot.
 */
export function validateWinners(
  chosen: readonly string[],
  slots: number,
  eligibleIds: ReadonlySet<string>,
): { ok: true; value: (string | null)[] } | { ok: false; error: string } {
  if (chosen.length > slots)
    return { ok: false, error: `This bounty has ${slots} prize ${slots === 1 ? 'slot' : 'slots'}.` };
  const value = Array.from({ length: slots }, (_, index) => (chosen[index] ?? '').trim() || null);
  const picked = value.filter((id): id is string => id !== null);
  if (picked.length === 0) return { ok: false, error: 'Choose a winner for at least one prize slot.' };
  if (new Set(picked).size !== picked.length)
    return { ok: false, error: 'A submission can win one prize slot only.' };
  if (picked.some((id) => !eligibleIds.has(id)))
    return {
      ok: false,
      error: 'Winners are chosen from the submissions that are neither withdrawn, rejected nor spam.',
    };
  return { ok: true, value };
}

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th, 21st: a prize slot's or a rank's place in words. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}
