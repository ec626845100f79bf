import {
  reasonProblem,
  validateWinners,
  type HostedState,
  type ReviewLabel,
  type Scores,
} from '@side-quest/data/lifecycle';
import type { Person } from '../../accounts/accounts';
import { outOfOrderReasonProblem, slotsOutOfBoardOrder } from '../../scored-bounties/finalBoard';
import { lifecycleMails } from '../lifecycleMails';
import type { SubmissionRecord } from '../lifecycleStore';
import {
  bountyPath,
  conflict,
  done,
  invalid,
  notFound,
  type LifecycleContext,
  type Outcome,
} from './context';

/**
 * Judging: the review console, reviews, rejecting a submission, announcing the winners, and ending a
 * bounty without winners (closed) or before its end (cancelled).
 */
export function createJudging(context: LifecycleContext) {
  const { store, organisations, people, now, iso, link, mayIn, recentMember, mail, finalBoard } = context;

  return {
    /** The review console's data: the bounty and its submissions with their authors' handles; null without a part. */
    async console(person: Person, bountyId: string) {
      const bounty = await store.bounty(bountyId);
      if (!bounty) return null;
      const role = await organisations.roleIn(person.id, bounty.organisationId);
      if (!role) return null;
      const submissions = await store.submissionsTo(bountyId);
      const authors = await people(submissions.map((submission) => submission.authorId));
      const winners = await store.winnersOf([bountyId]);
      return {
        bounty,
        role,
        submissions,
        authors,
        winners,
        audit: await store.auditOf(bounty.organisationId),
      };
    },

    /** Labels, scores and notes a submission (any member of the team). */
    async review(
      person: Person,
      submissionId: string,
      review: { label: ReviewLabel; scores: Scores; notes: string },
    ): Promise<Outcome> {
      const submission = await store.submission(submissionId);
      const bounty = submission ? await store.bounty(submission.bountyId) : null;
      if (!submission || !bounty || !(await mayIn(person.id, bounty.organisationId, 'score')))
        return notFound;
      if (submission.state === 'withdrawn') return conflict('This submission was withdrawn.');
      const at = iso();
      await store.transaction(async (run) => {
        await store.review(submissionId, review, at, run);
        await store.audit(
          {
            organisationId: bounty.organisationId,
            bountyId: bounty.id,
            actorId: person.id,
            action: 'reviewed',
            detail: { submissionId, label: review.label, scores: review.scores },
          },
          at,
          run,
        );
      });
      return done(undefined);
    },

    /** Rejects a submission with a reason its author sees (admins and owners). */
    async rejectSubmission(person: Person, submissionId: string, reason: string): Promise<Outcome> {
      const submission = await store.submission(submissionId);
      const bounty = submission ? await store.bounty(submission.bountyId) : null;
      if (!submission || !bounty || !(await mayIn(person.id, bounty.organisationId, 'award')))
        return notFound;
      const problem = reasonProblem(reason, 'a reason the submitter will read');
      if (problem) return invalid(problem);
      if (bounty.state !== 'open')
        return conflict('Winners are announced: submissions can no longer be rejected.');
      const at = iso();
      const moved = await store.transaction(async (run) => {
        if (!(await store.moveSubmission(submissionId, ['submitted'], 'rejected', at, reason.trim(), run)))
          return false;
        await store.audit(
          {
            organisationId: bounty.organisationId,
            bountyId: bounty.id,
            actorId: person.id,
            action: 'submission-rejected',
            detail: { submissionId, reason: reason.trim() },
          },
          at,
          run,
        );
        return true;
      });
      if (!moved) return conflict('This submission is not active.');
      await mail(submission.authorId, 'submission-rejected', (to) =>
        lifecycleMails.submissionRejected(to, bounty.title, reason.trim(), link('/account/submissions')),
      );
      return done(undefined);
    },

    /**
     * Assigns winners to prize slots and announces them (admins and owners), once the submission
     * deadline has passed. Of two announcements racing, one wins and the other is told so. On a scored
     * bounty, a winner of slot k who is not the k-th eligible entrant of the final leaderboard needs a
     * public reason (`reasons`, by slot; 400 without), kept with the win and shown on the bounty page.
     */
    async announce(
      person: Person,
      bountyId: string,
      chosen: string[],
      reasons: readonly string[] = [],
    ): Promise<Outcome> {
      const bounty = await store.bounty(bountyId);
      if (!bounty || !(await mayIn(person.id, bounty.organisationId, 'award'))) return notFound;
      if (bounty.state !== 'open') return conflict('Winners are already announced, or the bounty has ended.');
      if (now() < Date.parse(bounty.submissionDeadline))
        return conflict('Winners are announced after the submission deadline.');
      const submissions = await store.submissionsTo(bountyId);
      const eligible: SubmissionRecord[] = [];
      for (const submission of submissions) {
        if (submission.state !== 'submitted' || submission.label === 'spam') continue;
        // The 90-day rule holds at the award too: a member who joined since cannot win.
        if (await recentMember(submission.authorId, bounty.organisationId)) continue;
        eligible.push(submission);
      }
      const checked = validateWinners(
        chosen,
        bounty.prizes.length,
        new Set(eligible.map((entry) => entry.id)),
      );
      if (!checked.ok) return invalid(checked.error);
      const winnerOfSlot = checked.value.map(
        (submissionId) => eligible.find((entry) => entry.id === submissionId) ?? null,
      );
      const board = await finalBoard(bountyId);
      const outOfOrder = new Set(
        board
          ? slotsOutOfBoardOrder(
              board,
              new Set(eligible.map((entry) => entry.authorId)),
              winnerOfSlot.map((submission) => submission?.authorId ?? null),
            )
          : [],
      );
      for (const slot of outOfOrder) {
        const problem = outOfOrderReasonProblem(slot, reasons[slot] ?? '');
        if (problem) return { ok: false, status: 400, message: problem };
      }
      const winners = winnerOfSlot.flatMap((submission, slot) =>
        submission
          ? [
              {
                bountyId,
                slot,
                submissionId: submission.id,
                winnerId: submission.authorId,
                amount: bounty.prizes[slot] ?? 0,
                outOfOrderReason: outOfOrder.has(slot) ? (reasons[slot] ?? '').trim() : null,
              },
            ]
          : [],
      );
      const at = iso();
      const announced = await store.transaction(async (run) => {
        if (!(await store.moveBounty(bountyId, ['open'], 'announced', at, { announced_at: at }, run)))
          return false;
        await store.addWinners(winners, run);
        await store.audit(
          {
            organisationId: bounty.organisationId,
            bountyId,
            actorId: person.id,
            action: 'announced',
            detail: {
              winners: winners.map(({ slot, submissionId, amount, outOfOrderReason }) => ({
                slot,
                submissionId,
                amount,
                ...(outOfOrderReason ? { outOfOrderReason } : {}),
              })),
            },
          },
          at,
          run,
        );
        return true;
      });
      if (!announced) return conflict('Winners are already announced, or the bounty has ended.');
      for (const submission of submissions.filter((entry) => entry.state !== 'withdrawn')) {
        const win = winners.find((winner) => winner.submissionId === submission.id);
        await mail(submission.authorId, 'winners-announced', (to) =>
          lifecycleMails.winnersAnnounced(
            to,
            bounty.title,
            win ? win.amount : null,
            link(bountyPath(bountyId)),
          ),
        );
      }
      return done(undefined);
    },

    /**
     * Ends a bounty with a public reason: `closed` (judged, no winner) after the deadline, or `cancelled`.
     * A bounty with submissions is never ended silently: the reason is required and kept in the record.
     */
    async end(
      person: Person,
      bountyId: string,
      to: 'closed' | 'cancelled',
      reason: string,
    ): Promise<Outcome> {
      const bounty = await store.bounty(bountyId);
      if (!bounty || !(await mayIn(person.id, bounty.organisationId, 'cancel'))) return notFound;
      const problem = reasonProblem(reason, 'a public reason');
      if (problem) return invalid(problem);
      if (to === 'closed' && now() < Date.parse(bounty.submissionDeadline))
        return conflict(
          'A bounty closes without winner after its submission deadline; before it, cancel it.',
        );
      const from: HostedState[] = to === 'closed' ? ['open'] : ['draft', 'pending', 'rejected', 'open'];
      const at = iso();
      const moved = await store.transaction(async (run) => {
        if (
          !(await store.moveBounty(
            bountyId,
            from,
            to,
            at,
            { state_reason: reason.trim(), ended_at: at },
            run,
          ))
        )
          return false;
        await store.audit(
          {
            organisationId: bounty.organisationId,
            bountyId,
            actorId: person.id,
            action: to,
            detail: { reason: reason.trim() },
          },
          at,
          run,
        );
        return true;
      });
      return moved ? done(undefined) : conflict('This bounty can no longer be ended this way.');
    },
  };
}
