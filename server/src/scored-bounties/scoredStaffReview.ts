import type { TeamScoringData } from '@side-quest/data/lifecycle';

/*
 * Staff's review of a scored bounty (issue 45 items 6 and 12, "staff as in payment cases"): one row per
 * submission with its entrant, public and private score, scored entries and copy flags, sortable by
 * plain ?sort= links. Pure: the page reads the data and the names.
 */

export const STAFF_REVIEW_SORTS = [
  ['public', 'Public score'],
  ['private', 'Private score'],
  ['entries', 'Scored entries'],
  ['flags', 'Copy flags'],
  ['entrant', 'Entrant'],
] as const;
export type StaffReviewSort = (typeof STAFF_REVIEW_SORTS)[number][0];

/** The sort a ?sort= value asks for; anything else is the default, the public score. */
export function staffReviewSort(value: unknown): StaffReviewSort {
  return STAFF_REVIEW_SORTS.find(([name]) => name === value)?.[0] ?? 'public';
}

export interface StaffCopyFlag {
  /**
   * An entry with the same predictions (an answer key's) or the same archive (a test-scored bounty's),
   * an entry whose source files are near-identical, or a near-identical write-up.
   */
  kind: 'entry' | 'archive' | 'source' | 'write-up';
  /** When the flagged entry (or this submission's write-up) was sent. */
  at: string;
  /** Whose earlier work it matches, and when that was sent. */
  of: string;
  ofAt: string;
  /** The write-ups' (or source files') estimated Jaccard similarity. */
  similarity?: number;
}

export interface StaffReviewRow {
  submissionId: string;
  entrant: string;
  state: string;
  submittedAt: string;
  publicScore: number | null;
  privateScore: number | null;
  scoredEntries: number;
  flags: StaffCopyFlag[];
}

export interface ReviewedSubmission {
  id: string;
  authorId: string;
  state: string;
  createdAt: string;
}

/**
 * The rows of the review data's submissions (withdrawn ones are not in it). `entrantName` names an
 * author as staff read them elsewhere (the payment cases): their handle, or a fallback.
 */
export function staffReviewRows(
  data: Pick<TeamScoringData, 'entries' | 'reviews' | 'tests'>,
  submissions: readonly ReviewedSubmission[],
  entrantName: (authorId: string) => string,
): StaffReviewRow[] {
  const byId = new Map(submissions.map((submission) => [submission.id, submission]));
  const nameOfSubmission = (id: string) => {
    const submission = byId.get(id);
    return submission ? entrantName(submission.authorId) : 'a withdrawn submission';
  };
  return data.reviews.flatMap((review) => {
    const submission = byId.get(review.submissionId);
    if (!submission) return [];
    const flags: StaffCopyFlag[] = [
      ...review.copiedEntries.map((copied) => ({
        kind: data.tests ? ('archive' as const) : ('entry' as const),
        at: copied.entryAt,
        of: nameOfSubmission(copied.submissionId),
        ofAt: copied.at,
      })),
      ...(review.copiedSources ?? []).map((copied) => ({
        kind: 'source' as const,
        at: copied.entryAt,
        of: nameOfSubmission(copied.submissionId),
        ofAt: copied.at,
        similarity: copied.similarity,
      })),
    ];
    if (review.writeUpCopyOf)
      flags.push({
        kind: 'write-up',
        at: submission.createdAt,
        of: nameOfSubmission(review.writeUpCopyOf.submissionId),
        ofAt: review.writeUpCopyOf.at,
        similarity: review.writeUpCopyOf.similarity,
      });
    return [
      {
        submissionId: submission.id,
        entrant: entrantName(submission.authorId),
        state: submission.state,
        submittedAt: submission.createdAt,
        publicScore: review.publicScore,
        privateScore: review.privateScore,
        scoredEntries: data.entries.filter(
          (entry) => entry.submissionId === submission.id && entry.status === 'scored',
        ).length,
        flags,
      },
    ];
  });
}

/**
 * Rows in the order asked: scores best first by the metric's direction (none last), scored entries
 * and flags most first, entrants by name; ties go to the earlier submission.
 */
export function sortStaffReview(
  rows: readonly StaffReviewRow[],
  sort: StaffReviewSort,
  direction: 'higher' | 'lower',
): StaffReviewRow[] {
  const byScore =
    (score: (row: StaffReviewRow) => number | null) => (a: StaffReviewRow, b: StaffReviewRow) => {
      const [x, y] = [score(a), score(b)];
      if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
      return direction === 'higher' ? y - x : x - y;
    };
  const order: Record<StaffReviewSort, (a: StaffReviewRow, b: StaffReviewRow) => number> = {
    public: byScore((row) => row.publicScore),
    private: byScore((row) => row.privateScore),
    entries: (a, b) => b.scoredEntries - a.scoredEntries,
    flags: (a, b) => b.flags.length - a.flags.length,
    entrant: (a, b) => a.entrant.localeCompare(b.entrant, 'en'),
  };
  return [...rows].sort(
    (a, b) =>
      order[sort](a, b) ||
      a.submittedAt.localeCompare(b.submittedAt) ||
      a.submissionId.localeCompare(b.submissionId),
  );
}
