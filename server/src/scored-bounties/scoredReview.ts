import type { CopyOf, SubmissionReview } from '@side-quest/data/lifecycle';
import { findCopiedEntry, isBetter, similarWriteUps, writeUpSignature, type RankMetric } from '../scoring';
import { finalEntries, type ScoredEntry } from './scoredStore';

/*
 * What the team (and only the team) reads beside each submission in review (issue 45 items 6 and 7,
 * issue 56 item 5): its public and private score, and copy flags: entries equal by fingerprint (the same
 * predictions; on a test-scored bounty, the same archive by its SHA-256), near-identical write-ups and,
 * on a test-scored bounty, entries whose source files are near-identical. Flags inform; they decide nothing. Pure: the caller
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

/** Something the write-up rule compares: whose, when, and its MinHash signature (null: too short). */
interface SignedWork {
  id: string;
  authorId: string;
  createdAt: string;
  signature: Uint32Array | null;
}

/**
 * The write-up rule (MinHash over word 3-shingles, estimated Jaccard ≥ 0.8, at least 50 words): for each
 * work near-identical to an earlier one of another person, the earliest such, with the similarity.
 */
function nearIdenticalFlags<T extends SignedWork>(
  works: readonly T[],
): Map<string, { of: T; similarity: number }> {
  const byId = new Map(works.map((work) => [work.id, work]));
  const flags = new Map<string, { of: T; similarity: number }>();
  for (const pair of similarWriteUps(works)) {
    const a = byId.get(pair.a) as T;
    const b = byId.get(pair.b) as T;
    if (a.authorId === b.authorId) continue;
    const [earlier, later] =
      a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.id < b.id) ? [a, b] : [b, a];
    const seen = flags.get(later.id);
    if (!seen || earlier.createdAt < seen.of.createdAt)
      flags.set(later.id, { of: earlier, similarity: pair.similarity });
  }
  return flags;
}

/**
 * For each submission whose write-up (of at least 50 words) is near-identical to an earlier one of
 * another person (the write-up rule), the earliest such: whose and when, with the similarity.
 */
export function writeUpCopyFlags(
  submissions: readonly ReviewSubmission[],
): Map<string, CopyOf & { similarity: number }> {
  const flags = nearIdenticalFlags(
    submissions.map((submission) => ({ ...submission, signature: writeUpSignature(submission.writeUp) })),
  );
  return new Map(
    [...flags].map(([id, { of, similarity }]) => [id, { submissionId: of.id, at: of.createdAt, similarity }]),
  );
}

/**
 * For each entry of a test-scored bounty whose source files are near-identical to another person's
 * earlier entry by the write-up rule (`signatures`: each entry's source text signed as a write-up is,
 * see testScoredBounties), that entry: whose submission and when, with the similarity.
 */
export function sourceCopyFlags(
  entries: readonly ReviewEntry[],
  signatures: ReadonlyMap<string, Uint32Array>,
): Map<string, CopyOf & { similarity: number }> {
  const flags = nearIdenticalFlags(
    entries.flatMap((entry) => {
      const signature = signatures.get(entry.id);
      return signature ? [{ ...entry, signature }] : [];
    }),
  );
  return new Map(
    [...flags].map(([id, { of, similarity }]) => [
      id,
      { submissionId: of.submissionId, at: of.createdAt, similarity },
    ]),
  );
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
  /** A test-scored bounty's entries' source signatures: its reviews then carry `copiedSources`. */
  sourceSignatures?: ReadonlyMap<string, Uint32Array>;
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
  const sourceFlags = input.sourceSignatures && sourceCopyFlags(input.entries, input.sourceSignatures);
  return input.submissions.map((submission) => {
    const own = input.entries.filter((entry) => entry.submissionId === submission.id);
    const scored = own.filter((entry) => entry.status === 'scored');
    const finals = finalEntries(scored, finalCount, better);
    const flagsOf = <Flag extends CopyOf>(flags: ReadonlyMap<string, Flag>) =>
      own.flatMap((entry) => {
        const flag = flags.get(entry.id);
        return flag ? [{ entryId: entry.id, entryAt: entry.createdAt, ...flag }] : [];
      });
    return {
      submissionId: submission.id,
      publicScore: best(scored.map((entry) => entry.publicScore)),
      privateScore: best(finals.map((entry) => entry.privateScore)),
      copiedEntries: flagsOf(entryFlags),
      writeUpCopyOf: writeUpFlags.get(submission.id) ?? null,
      // An entry already flagged as the same archive is not flagged again for its source.
      ...(sourceFlags
        ? { copiedSources: flagsOf(sourceFlags).filter((flag) => !entryFlags.has(flag.entryId)) }
        : {}),
    };
  });
}
