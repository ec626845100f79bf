import type { SubmissionReview } from '@side-quest/data/lifecycle';
import { reviewSortOf, sortForReview } from './reviewOrder';

const review = (
  submissionId: string,
  publicScore: number | null,
  privateScore: number | null,
): SubmissionReview => ({
  submissionId,
  publicScore,
  privateScore,
  copiedEntries: [],
  writeUpCopyOf: null,
});

// The data's order is by total review score: a, b, c, d.
const submissions = ['a', 'b', 'c', 'd'].map((id) => ({ id }));
const reviews = [
  review('a', 0.5, 0.9),
  review('b', 0.8, 0.4),
  review('c', null, null),
  review('d', 0.8, 0.7),
];
const ids = (list: Array<{ id: string }>) => list.map((entry) => entry.id).join('');

describe('sortForReview', () => {
  it('keeps the total order by default', () => {
    expect(ids(sortForReview(submissions, reviews, 'total', true))).toBe('abcd');
  });

  it('sorts by public or private score, the better first, ties in the total order, unscored last', () => {
    expect(ids(sortForReview(submissions, reviews, 'public', true))).toBe('bdac');
    expect(ids(sortForReview(submissions, reviews, 'private', true))).toBe('adbc');
  });

  it('puts the lowest first when lower is better', () => {
    expect(ids(sortForReview(submissions, reviews, 'public', false))).toBe('abdc');
    expect(ids(sortForReview(submissions, reviews, 'private', false))).toBe('bdac');
  });
});

describe('reviewSortOf', () => {
  it('reads ?sort=, the total otherwise', () => {
    expect(reviewSortOf('?sort=private')).toBe('private');
    expect(reviewSortOf('?sort=public&done=reviewed')).toBe('public');
    expect(reviewSortOf('?sort=nonsense')).toBe('total');
    expect(reviewSortOf('')).toBe('total');
  });
});
