import type { SubmissionReview } from '@side-quest/data/lifecycle';

// The console's order of submissions (issue 45 item 6): by the team's total (the data's own order), or
// on a scored bounty by public or private score, the metric's better first, unscored last.

export type ReviewSort = 'total' | 'public' | 'private';

export const REVIEW_SORTS: ReadonlyArray<[ReviewSort, string]> = [
  ['total', 'Total review score'],
  ['public', 'Public score'],
  ['private', 'Private score'],
];

/** The sort a console address asks for (?sort=…); the total by default. */
export function reviewSortOf(search: string): ReviewSort {
  const asked = new URLSearchParams(search).get('sort');
  return asked === 'public' || asked === 'private' ? asked : 'total';
}

/**
 * The submissions in the asked order. `higherIsBetter` is the metric's direction; a tie keeps the
 * data's order (by total), and so does a submission without a score, after those with one.
 */
export function sortForReview<T extends { id: string }>(
  submissions: readonly T[],
  reviews: readonly SubmissionReview[],
  sort: ReviewSort,
  higherIsBetter: boolean,
): T[] {
  if (sort === 'total') return [...submissions];
  const scoreOf = new Map(
    reviews.map((review) => [
      review.submissionId,
      sort === 'public' ? review.publicScore : review.privateScore,
    ]),
  );
  const position = new Map(submissions.map((submission, index) => [submission.id, index]));
  return [...submissions].sort((a, b) => {
    const x = scoreOf.get(a.id) ?? null;
    const y = scoreOf.get(b.id) ?? null;
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return higherIsBetter ? y - x : x - y;
    }
    return (position.get(a.id) as number) - (position.get(b.id) as number);
  });
}
