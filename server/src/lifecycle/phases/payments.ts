import { LIFECYCLE_PAGES, reasonProblem } from '@side-quest/data/lifecycle';
import { PAYOUT_METHODS } from '@side-quest/data/account';
import type { Person } from '../../accounts/accounts';
import { lifecycleMails } from '../lifecycleMails';
import { conflict, done, invalid, notFound, type LifecycleContext, type Outcome } from './context';

/**
 * Payments: the team records a winner's payment, the winner answers Received or Not received, and staff
 * resolve the cases a Not received opens.
 */
export function createPayments(context: LifecycleContext) {
  const { store, iso, link, mayIn, consoleLink, mail, mailTeam } = context;

  /** The payment answer page's data: for the winner only. */
  async function paymentForWinner(person: Person, bountyId: string, slot: number) {
    const bounty = await store.bounty(bountyId);
    const winner = bounty
      ? (await store.winnersOf([bountyId])).find((entry) => entry.slot === slot)
      : undefined;
    if (!bounty || !winner || winner.winnerId !== person.id) return null;
    return { bounty, winner };
  }

  return {
    /** Records the payment to a winner (admins and owners), once; the winner is asked to confirm it. */
    async recordPayment(
      person: Person,
      bountyId: string,
      slot: number,
      payment: { amount: number; method: string; reference: string; date: string },
    ): Promise<Outcome> {
      const bounty = await store.bounty(bountyId);
      if (!bounty || !(await mayIn(person.id, bounty.organisationId, 'pay'))) return notFound;
      const winner = (await store.winnersOf([bountyId])).find((entry) => entry.slot === slot);
      if (!winner) return notFound;
      if (!PAYOUT_METHODS.some(([id]) => id === payment.method))
        return invalid('Choose a payout method from the list.');
      const at = iso();
      const recorded = await store.transaction(async (run) => {
        if (!(await store.recordPayment(bountyId, slot, payment, at, run))) return false;
        await store.moveBounty(bountyId, ['announced'], 'announced', at, {}, run);
        await store.audit(
          {
            organisationId: bounty.organisationId,
            bountyId,
            actorId: person.id,
            action: 'payment-recorded',
            detail: { slot, ...payment },
          },
          at,
          run,
        );
        return true;
      });
      if (!recorded) return conflict('This payment is already recorded.');
      await mail(winner.winnerId, 'payment-recorded', (to) =>
        lifecycleMails.paymentRecorded(
          to,
          bounty.title,
          payment.amount,
          link(LIFECYCLE_PAGES.payment(bountyId, slot)),
        ),
      );
      return done(undefined);
    },

    paymentForWinner,

    /** The winner's answer: Received, or Not received with a note (which opens a case for staff). */
    async answerPayment(
      person: Person,
      bountyId: string,
      slot: number,
      answer: 'received' | 'not-received',
      note: string,
    ): Promise<Outcome> {
      const found = await paymentForWinner(person, bountyId, slot);
      if (!found) return notFound;
      if (!found.winner.recordedAt) return conflict('No payment is recorded yet.');
      if (answer === 'not-received') {
        const problem = reasonProblem(note, 'a note');
        if (problem) return invalid(problem);
      }
      const at = iso();
      const trimmed = answer === 'not-received' ? note.trim() : note.trim() || null;
      const answered = await store.transaction(async (run) => {
        if (!(await store.answerPayment(bountyId, slot, answer, trimmed, at, run))) return false;
        await store.moveBounty(bountyId, ['announced'], 'announced', at, {}, run);
        await store.audit(
          {
            organisationId: found.bounty.organisationId,
            bountyId,
            actorId: person.id,
            action: `payment-${answer}`,
            detail: { slot },
          },
          at,
          run,
        );
        return true;
      });
      if (!answered) return conflict('You already answered.');
      const handle = person.handle ?? person.name;
      const teamUrl = await consoleLink(found.bounty);
      await mailTeam(found.bounty.organisationId, 'payment-answered', (to) =>
        lifecycleMails.paymentAnswered(to, found.bounty.title, handle, answer === 'received', teamUrl),
      );
      return done(undefined);
    },

    /** Staff: the payments reported as not received, not yet resolved. */
    openCases: () => store.openCases(),

    /** Staff resolve a case as Paid or Not paid with a note both sides see. */
    async resolveCase(
      staff: Person,
      bountyId: string,
      slot: number,
      resolution: 'paid' | 'not-paid',
      note: string,
    ): Promise<Outcome> {
      const problem = reasonProblem(note, 'a note both sides will read');
      if (problem) return invalid(problem);
      const bounty = await store.bounty(bountyId);
      const winner = bounty
        ? (await store.winnersOf([bountyId])).find((entry) => entry.slot === slot)
        : undefined;
      if (!bounty || !winner) return notFound;
      const at = iso();
      const resolved = await store.transaction(async (run) => {
        if (!(await store.resolveCase(bountyId, slot, resolution, note.trim(), at, run))) return false;
        await store.moveBounty(bountyId, ['announced'], 'announced', at, {}, run);
        await store.audit(
          {
            organisationId: bounty.organisationId,
            bountyId,
            actorId: staff.id,
            action: `case-${resolution}`,
            detail: { slot, note: note.trim() },
          },
          at,
          run,
        );
        return true;
      });
      if (!resolved) return conflict('This case is already resolved.');
      const build = (to: string) =>
        lifecycleMails.caseResolved(
          to,
          bounty.title,
          resolution === 'paid',
          note.trim(),
          link(LIFECYCLE_PAGES.payment(bountyId, slot)),
        );
      await mail(winner.winnerId, 'case-resolved', build);
      await mailTeam(bounty.organisationId, 'case-resolved', build);
      return done(undefined);
    },
  };
}
