import {
  HOSTED_LIMITS,
  reasonProblem,
  type HostedBountyTerms,
  type HostedState,
} from '@side-quest/data/lifecycle';
import type { Person } from '../../accounts/accounts';
import { lifecycleMails } from '../lifecycleMails';
import { conflict, done, invalid, notFound, type LifecycleContext, type Outcome } from './context';

/**
 * Posting: a team posts or drafts a bounty and publishes a draft; staff approve or reject what an
 * unverified organisation posts.
 */
export function createPosting(context: LifecycleContext) {
  const { store, organisations, now, iso, mayIn, paymentOverdue, consoleLink, mailTeam, approvalProblem } =
    context;

  return {
    /**
     * Posts a bounty for an organisation: members save drafts; admins and owners publish, straight to
     * Open for a verified organisation, to the staff queue otherwise. An organisation owing a winner
     * past the due date cannot publish until it is settled.
     */
    async post(
      person: Person,
      organisationId: string,
      terms: HostedBountyTerms,
      intent: 'draft' | 'publish',
      sponsorVerified: boolean,
    ): Promise<Outcome<{ id: string; state: HostedState }>> {
      if (!(await mayIn(person.id, organisationId, intent === 'draft' ? 'draft' : 'publish')))
        return notFound;
      if (intent === 'publish' && (await paymentOverdue(organisationId)))
        return conflict(
          'Your organisation owes a winner a payment past its due date. Settle it before publishing another bounty.',
        );
      const state: HostedState = intent === 'draft' ? 'draft' : sponsorVerified ? 'open' : 'pending';
      const at = iso();
      const id = await store.transaction(async (run) => {
        const created = await store.createBounty(
          { organisationId, authorId: person.id, state, terms },
          at,
          run,
        );
        await store.audit(
          {
            organisationId,
            bountyId: created,
            actorId: person.id,
            action: `posted:${state}`,
            detail: { title: terms.title },
          },
          at,
          run,
        );
        return created;
      });
      return done({ id, state });
    },

    /** The team's view of one of its bounties (any state), or null for someone with no part in it. */
    async teamBounty(person: Person, id: string) {
      const bounty = await store.bounty(id);
      if (!bounty || !(await organisations.roleIn(person.id, bounty.organisationId))) return null;
      return bounty;
    },

    /**
     * Publishes a saved draft (admins and owners): to Open for a verified organisation, to the staff
     * queue otherwise; blocked, like posting, while a payment is overdue.
     */
    async publishDraft(person: Person, id: string): Promise<Outcome<{ state: HostedState }>> {
      const bounty = await store.bounty(id);
      if (!bounty || !(await mayIn(person.id, bounty.organisationId, 'publish'))) return notFound;
      if (await paymentOverdue(bounty.organisationId))
        return conflict(
          'Your organisation owes a winner a payment past its due date. Settle it before publishing another bounty.',
        );
      if (now() >= Date.parse(bounty.submissionDeadline) - HOSTED_LIMITS.minLeadHours * 60 * 60 * 1000)
        return invalid('The submission deadline is too close. Post the bounty again with a later deadline.');
      const verified = (await organisations.sponsor(bounty.organisationId))?.verifiedAt != null;
      // Straight to Open only with a ready setup, as staff approval waits for one (a test-scored
      // bounty's reference runs).
      const problem = verified ? await approvalProblem(id) : null;
      if (problem) return conflict(problem);
      const at = iso();
      const to: HostedState = verified ? 'open' : 'pending';
      const moved = await store.transaction(async (run) => {
        const extra = to === 'open' ? { published_at: at } : {};
        if (
          !(await store.moveBounty(id, ['draft', 'rejected'], to, at, { ...extra, state_reason: null }, run))
        )
          return false;
        await store.audit(
          {
            organisationId: bounty.organisationId,
            bountyId: id,
            actorId: person.id,
            action: to === 'open' ? 'published' : 'posted:pending',
            detail: {},
          },
          at,
          run,
        );
        return true;
      });
      return moved
        ? done({ state: to })
        : conflict('Only a draft (or a bounty staff did not approve) can be published.');
    },

    /** Staff: the bounties waiting for approval, oldest first. */
    staffQueue: () => store.bountiesIn(['pending']),

    async approve(staff: Person, id: string): Promise<Outcome> {
      const bounty = await store.bounty(id);
      if (!bounty) return notFound;
      const problem = await approvalProblem(id);
      if (problem) return conflict(problem);
      const at = iso();
      const moved = await store.transaction(async (run) => {
        if (
          !(await store.moveBounty(
            id,
            ['pending'],
            'open',
            at,
            { published_at: at, state_reason: null },
            run,
          ))
        )
          return false;
        await store.audit(
          {
            organisationId: bounty.organisationId,
            bountyId: id,
            actorId: staff.id,
            action: 'approved',
            detail: {},
          },
          at,
          run,
        );
        return true;
      });
      return moved ? done(undefined) : conflict('This bounty is not waiting for approval.');
    },

    async reject(staff: Person, id: string, reason: string): Promise<Outcome> {
      const problem = reasonProblem(reason, 'a reason');
      if (problem) return invalid(problem);
      const bounty = await store.bounty(id);
      if (!bounty) return notFound;
      const at = iso();
      const moved = await store.transaction(async (run) => {
        if (!(await store.moveBounty(id, ['pending'], 'rejected', at, { state_reason: reason.trim() }, run)))
          return false;
        await store.audit(
          {
            organisationId: bounty.organisationId,
            bountyId: id,
            actorId: staff.id,
            action: 'rejected',
            detail: { reason: reason.trim() },
          },
          at,
          run,
        );
        return true;
      });
      if (!moved) return conflict('This bounty is not waiting for approval.');
      const teamUrl = await consoleLink(bounty);
      await mailTeam(bounty.organisationId, 'bounty-rejected', (to) =>
        lifecycleMails.bountyRejected(to, bounty.title, reason.trim(), teamUrl),
      );
      return done(undefined);
    },
  };
}
