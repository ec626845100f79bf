import { eligibilityProblem, type SubmissionContent } from '@side-quest/data/lifecycle';
import type { Person } from '../../accounts/accounts';
import { lifecycleMails } from '../lifecycleMails';
import type { HostedBountyRecord } from '../lifecycleStore';
import { conflict, done, invalid, notFound, type LifecycleContext, type Outcome } from './context';

/**
 * Submissions: who may submit, a person's one submission (edited until the deadline), withdrawing it,
 * and their list of submissions.
 */
export function createSubmissions(context: LifecycleContext) {
  const { store, people, now, iso, recentMember, consoleLink, mailTeam } = context;

  /** Why this person may not submit to this bounty (profile facts and the 90-day rule), or null. */
  async function eligibility(person: Person, bounty: HostedBountyRecord): Promise<string | null> {
    const facts = (await people([person.id])).get(person.id);
    return eligibilityProblem(bounty, {
      country: facts?.country ?? null,
      payoutMethod: facts?.payoutMethod ?? null,
      recentMember: await recentMember(person.id, bounty.organisationId),
    });
  }

  return {
    eligibility,

    /** Submits (or edits, until the deadline) the person's one submission to an open bounty. */
    async submit(
      person: Person,
      bountyId: string,
      content: SubmissionContent,
    ): Promise<Outcome<{ id: string }>> {
      const bounty = await store.bounty(bountyId);
      if (!bounty || bounty.state !== 'open') return notFound;
      if (now() >= Date.parse(bounty.submissionDeadline))
        return conflict('The submission deadline has passed: submissions are closed.');
      const problem = await eligibility(person, bounty);
      if (problem) return invalid(problem);
      const existing = await store.submissionOf(bountyId, person.id);
      if (existing?.state === 'rejected')
        return conflict('The sponsor rejected this submission; it cannot be changed.');
      const at = iso();
      const saved = await store.transaction(async (run) => {
        const result = await store.upsertSubmission({ bountyId, authorId: person.id, content }, at, run);
        await store.audit(
          {
            organisationId: bounty.organisationId,
            bountyId,
            actorId: person.id,
            action: result.created ? 'submitted' : 'submission-edited',
            detail: { submissionId: result.id },
          },
          at,
          run,
        );
        return result;
      });
      if (saved.created) {
        const teamUrl = await consoleLink(bounty);
        await mailTeam(bounty.organisationId, 'submission-received', (to) =>
          lifecycleMails.submissionReceived(to, bounty.title, teamUrl),
        );
      }
      return done({ id: saved.id });
    },

    async withdraw(person: Person, submissionId: string): Promise<Outcome> {
      const submission = await store.submission(submissionId);
      if (!submission || submission.authorId !== person.id) return notFound;
      const bounty = await store.bounty(submission.bountyId);
      if (!bounty || bounty.state !== 'open' || now() >= Date.parse(bounty.submissionDeadline))
        return conflict('Judging has started: a submission can be withdrawn until the deadline only.');
      const at = iso();
      const moved = await store.moveSubmission(submissionId, ['submitted'], 'withdrawn', at);
      if (!moved) return conflict('This submission is not active.');
      await store.audit(
        {
          organisationId: bounty.organisationId,
          bountyId: bounty.id,
          actorId: person.id,
          action: 'withdrawn',
          detail: { submissionId },
        },
        at,
      );
      return done(undefined);
    },

    /** The person's submissions with their bounty, newest first (My submissions). */
    async mySubmissions(person: Person) {
      const submissions = await store.submissionsBy(person.id);
      const wins = await store.winsOf(person.id);
      const result = [];
      for (const submission of submissions) {
        const bounty = await store.bounty(submission.bountyId);
        if (!bounty) continue;
        const win = wins.find((entry) => entry.submissionId === submission.id) ?? null;
        result.push({ submission, bounty, win });
      }
      return result;
    },

    /** A winner chooses whether their winning submission is public on the bounty page. */
    setPublicOptIn: (person: Person, submissionId: string, optIn: boolean) =>
      store.setPublicOptIn(submissionId, person.id, optIn),
  };
}
