import { REVIEW_LIMITS, TESTS_PASSED_METRIC, ordinal } from '@side-quest/data/lifecycle';
import { isRankMetric } from '../scoring';
import { buildLeaderboard, type BoardEntrant, type BoardEntry } from './leaderboard';
import type { LifecycleStore } from '../lifecycle/lifecycleStore';
import type { ScoredStore } from './scoredStore';
import type { TestScoredStore } from './testScoredStore';

/*
 * The final board as judging reads it (issue 45 item 6): the team still chooses winners, but a winner
 * of prize slot k who is not the k-th eligible entrant of the final (revealed) board needs a public
 * reason. The rules are pure; `createFinalBoard` reads the stores for them.
 */

/** A bounty's final board as judging needs it: author ids in rank order. */
export type FinalBoardOrder = readonly string[];

/**
 * The slots (0-based) whose winner is not the k-th eligible entrant of the final board: the board in
 * rank order, read without the entrants who may not win (withdrawn, spam, a recent member), gives slot
 * k its expected winner. A slot left empty needs nothing; a winner off the board, or beyond its
 * eligible length, needs a reason like any other out of order.
 */
export function slotsOutOfBoardOrder(
  board: FinalBoardOrder,
  eligible: ReadonlySet<string>,
  winnersBySlot: ReadonlyArray<string | null>,
): number[] {
  const expected = board.filter((authorId) => eligible.has(authorId));
  const slots: number[] = [];
  winnersBySlot.forEach((authorId, slot) => {
    if (authorId !== null && expected[slot] !== authorId) slots.push(slot);
  });
  return slots;
}

/** What is wrong with the public reason for an out-of-order winner of `slot` (0-based), or null. */
export function outOfOrderReasonProblem(slot: number, reason: string): string | null {
  const text = reason.trim();
  if (text.length < REVIEW_LIMITS.reasonMin)
    return `Prize ${slot + 1} goes to someone other than the ${ordinal(slot + 1)} eligible entrant of the final leaderboard: give a public reason of at least ${REVIEW_LIMITS.reasonMin} characters.`;
  if (text.length > REVIEW_LIMITS.reasonMax)
    return `Keep the public reason for prize ${slot + 1} to ${REVIEW_LIMITS.reasonMax.toLocaleString('en-US')} characters.`;
  return null;
}

/**
 * The final board's author ids in rank order: the leaderboard's own ranking, revealed (the best private
 * score among each entrant's final entries; ties to the earlier entry).
 */
export function finalBoardOrder(input: {
  metric: string;
  finalCount: number;
  entries: readonly BoardEntry[];
  submissions: ReadonlyArray<{ authorId: string; state: string }>;
}): FinalBoardOrder {
  if (!isRankMetric(input.metric)) return [];
  const entrants = new Map<string, BoardEntrant>();
  for (const submission of input.submissions)
    entrants.set(submission.authorId, {
      publicHandle: null,
      submission:
        submission.state === 'submitted' ||
        submission.state === 'withdrawn' ||
        submission.state === 'rejected'
          ? submission.state
          : null,
    });
  return buildLeaderboard({
    metric: input.metric,
    finalCount: input.finalCount,
    revealed: true,
    entries: input.entries,
    entrants,
  }).authorIds;
}

/**
 * The final board of a bounty, or null when the bounty is not scored (judging then asks nothing). A
 * test-scored bounty's ranks by hidden tests passed (its entries' private scores).
 */
export function createFinalBoard(stores: {
  scored: ScoredStore;
  lifecycle: LifecycleStore;
  testScored: Pick<TestScoredStore, 'setup'>;
}) {
  return async (bountyId: string): Promise<FinalBoardOrder | null> => {
    const setup =
      (await stores.scored.setup(bountyId)) ??
      (await stores.testScored
        .setup(bountyId)
        .then((found) =>
          found ? { metric: TESTS_PASSED_METRIC.name, finalEntries: found.finalEntries } : null,
        ));
    if (!setup) return null;
    const [entries, submissions] = await Promise.all([
      stores.scored.entriesOfBounty(bountyId),
      stores.lifecycle.submissionsTo(bountyId),
    ]);
    return finalBoardOrder({ metric: setup.metric, finalCount: setup.finalEntries, entries, submissions });
  };
}
