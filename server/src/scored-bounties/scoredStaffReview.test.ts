import type { TeamScoringData } from '@side-quest/data/lifecycle';
import { sortStaffReview, staffReviewRows, staffReviewSort, type StaffReviewRow } from './scoredStaffReview';

const submissions = [
  { id: 's-ada', authorId: 'u-ada', state: 'submitted', createdAt: '2026-03-01T10:00:00.000Z' },
  { id: 's-bob', authorId: 'u-bob', state: 'submitted', createdAt: '2026-03-02T10:00:00.000Z' },
  { id: 's-cy', authorId: 'u-cy', state: 'rejected', createdAt: '2026-03-03T10:00:00.000Z' },
];
const names: Record<string, string> = { 'u-ada': 'ada', 'u-bob': 'bob', 'u-cy': 'cy' };
const entry = (id: string, submissionId: string, status: 'scored' | 'invalid' | 'queued') => ({
  id,
  submissionId,
  authorId: `u-${submissionId.slice(2)}`,
  fileName: 'entry.csv',
  status,
  publicScore: status === 'scored' ? 0.5 : null,
  privateScore: status === 'scored' ? 0.5 : null,
  createdAt: '2026-03-04T10:00:00.000Z',
});
const data: Pick<TeamScoringData, 'entries' | 'reviews'> = {
  entries: [
    entry('e1', 's-ada', 'scored'),
    entry('e2', 's-ada', 'scored'),
    entry('e3', 's-ada', 'invalid'),
    entry('e4', 's-bob', 'scored'),
    entry('e5', 's-cy', 'queued'),
  ],
  reviews: [
    { submissionId: 's-ada', publicScore: 0.8, privateScore: 0.7, copiedEntries: [], writeUpCopyOf: null },
    {
      submissionId: 's-bob',
      publicScore: 0.8,
      privateScore: 0.9,
      copiedEntries: [
        {
          entryId: 'e4',
          entryAt: '2026-03-05T09:00:00.000Z',
          submissionId: 's-ada',
          at: '2026-03-04T08:00:00.000Z',
        },
      ],
      writeUpCopyOf: { submissionId: 's-ada', at: '2026-03-01T10:00:00.000Z', similarity: 0.91 },
    },
    { submissionId: 's-cy', publicScore: null, privateScore: null, copiedEntries: [], writeUpCopyOf: null },
    // A review whose submission is not among those given (withdrawn since): no row.
    { submissionId: 's-gone', publicScore: 0.1, privateScore: 0.1, copiedEntries: [], writeUpCopyOf: null },
  ],
};
const rows = staffReviewRows(data, submissions, (id) => names[id] ?? 'an entrant without a handle');
const order = (sorted: StaffReviewRow[]) => sorted.map((row) => row.entrant);

describe('staffReviewRows', () => {
  it('gives each submission its entrant, scores, scored entries and copy flags (whose and when)', () => {
    expect(rows.map((row) => [row.entrant, row.state, row.scoredEntries])).toEqual([
      ['ada', 'submitted', 2],
      ['bob', 'submitted', 1],
      ['cy', 'rejected', 0],
    ]);
    expect(rows[1]!.flags).toEqual([
      { kind: 'entry', at: '2026-03-05T09:00:00.000Z', of: 'ada', ofAt: '2026-03-04T08:00:00.000Z' },
      {
        kind: 'write-up',
        at: '2026-03-02T10:00:00.000Z',
        of: 'ada',
        ofAt: '2026-03-01T10:00:00.000Z',
        similarity: 0.91,
      },
    ]);
    expect(rows[0]!.flags).toEqual([]);
  });
});

describe('sortStaffReview', () => {
  it('puts the best score first by the metric’s direction, none last, ties to the earlier submission', () => {
    expect(order(sortStaffReview(rows, 'public', 'higher'))).toEqual(['ada', 'bob', 'cy']);
    expect(order(sortStaffReview(rows, 'private', 'higher'))).toEqual(['bob', 'ada', 'cy']);
    expect(order(sortStaffReview(rows, 'private', 'lower'))).toEqual(['ada', 'bob', 'cy']);
  });
  it('sorts by scored entries and flags (most first) and by entrant name', () => {
    expect(order(sortStaffReview(rows, 'entries', 'higher'))).toEqual(['ada', 'bob', 'cy']);
    expect(order(sortStaffReview(rows, 'flags', 'higher'))).toEqual(['bob', 'ada', 'cy']);
    expect(order(sortStaffReview([...rows].reverse(), 'entrant', 'higher'))).toEqual(['ada', 'bob', 'cy']);
  });
  it('does not change the rows it is given', () => {
    const copy = [...rows];
    sortStaffReview(rows, 'flags', 'higher');
    expect(rows).toEqual(copy);
  });
});

describe('staffReviewSort', () => {
  it('takes a known sort and falls back to the public score', () => {
    expect(staffReviewSort('private')).toBe('private');
    expect(staffReviewSort('flags')).toBe('flags');
    expect(staffReviewSort(['private'])).toBe('public');
    expect(staffReviewSort('<script>')).toBe('public');
    expect(staffReviewSort(undefined)).toBe('public');
  });
});
