import type { CopyOf, SubmissionReview } from '@side-quest/data/lifecycle';
import { findCopiedEntry, isBetter, similarWriteUps, writeUpSignature, type RankMetric } from '../scoring';
import { finalEntries, type ScoredEntry } from './scoredStore';

/*
 * What the team (and only the team) reads beside each submission in review (issue 45 items 6 and 7):
 * its public and private score, and copy flags. Flags inform; they decide nothing. Pure: the caller
 * reads the entries and submissions.
 */

type ReviewEntry = Pick<
  ScoredEntry,
  | 'id'
  | 'submissionId'
  | 'authorId'
  | 'status'
  | 'publicScore'
  | 'privateScore'
  | 'chosenFinal'
  | 'createdAt'
  | 'fingerprint'
>;

export interface ReviewSubmission {
  id: string;
  authorId: string;
  writeUp: string;
  createdAt: string;
}

/**
 * For each entry whose predictions equal another person's earlier entry (equal fingerprints: the same
 * normalised predictions), that entry: whose submission and when. Entries without a fingerprint (not
 * scored) are neither flagged nor the source of a flag.
 */
export function entryCopyFlags(entries: readonly ReviewEntry[]): Map<string, CopyOf> {
  const fingerprinted = entries.flatMap((entry) =>
    entry.fingerprint
      ? [{ entry, fingerprint: entry.fingerprint, personId: entry.authorId, receivedAt: entry.createdAt }]
      : [],
  );
  const flags = new Map<string, CopyOf>();
  for (const candidate of fingerprinted) {
    const copied = findCopiedEntry(candidate, fingerprinted);
    if (copied)
      flags.set(candidate.entry.id, { submissionId: copied.entry.submissionId, at: copied.entry.createdAt });
  }
  return flags;
}

/**
 * For each submission whose write-up (of at least 50 words) is near-identical to an earlier one of
 * another person (MinHash over word shingles, estimated Jaccard ≥ 0.8), the earliest such: whose and
 * when, with the similarity.
 */
export function writeUpCopyFlags(
  submissions: readonly ReviewSubmission[],
): Map<string, CopyOf & { similarity: number }> {
  const byId = new Map(submissions.map((submission) => [submission.id, submission]));
  const pairs = similarWriteUps(
    submissions.map((submission) => ({ id: submission.id, signature: writeUpSignature(submission.writeUp) })),
  );
  const flags = new Map<string, CopyOf & { similarity: number }>();
  for (const pair of pairs) {
    const a = byId.get(pair.a) as ReviewSubmission;
    const b = byId.get(pair.b) as ReviewSubmission;
    if (a.authorId === b.authorId) continue;
    const [earlier, later] =
      a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.id < b.id) ? [a, b] : [b, a];
    const seen = flags.get(later.id);
    if (!seen || earlier.createdAt < seen.at)
      flags.set(later.id, { submissionId: earlier.id, at: earlier.createdAt, similarity: pair.similarity });
  }
  return flags;
}

/**
 * Each submission's review line: its public score (the best public score of its entries), its private
 * score (the best private score among its final entries, as the final board counts it) and its flags.
 */
export function submissionReviews(input: {
  metric: RankMetric | null;
  finalCount: number;
  entries: readonly ReviewEntry[];
  submissions: readonly ReviewSubmission[];
}): SubmissionReview[] {
  const { metric, finalCount } = input;
  const better = (a: number, b: number) => (metric ? isBetter(metric, a, b) : false);
  const best = (scores: Array<number | null>) =>
    scores.reduce<number | null>(
      (found, score) =>
        score === null || !Number.isFinite(score)
          ? found
          : found === null || better(score, found)
            ? score
            : found,
      null,
    );
  const entryFlags = entryCopyFlags(input.entries);
  const writeUpFlags = writeUpCopyFlags(input.submissions);
  return input.submissions.map((submission) => {
    const own = input.entries.filter((entry) => entry.submissionId === submission.id);
    const scored = own.filter((entry) => entry.status === 'scored');
    const finals = finalEntries(scored, finalCount, better);
    const copied = own.flatMap((entry) => {
      const flag = entryFlags.get(entry.id);
      return flag ? [{ entryId: entry.id, entryAt: entry.createdAt, ...flag }] : [];
    });
    return {
      submissionId: submission.id,
      publicScore: best(scored.map((entry) => entry.publicScore)),
      privateScore: best(finals.map((entry) => entry.privateScore)),
      copiedEntries: copied,
      writeUpCopyOf: writeUpFlags.get(submission.id) ?? null,
    };
  });
}
