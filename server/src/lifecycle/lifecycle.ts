import type { Person } from '../accounts/accounts';
import { createLifecycleContext, type LifecycleOptions } from './phases/context';
import { createJudging } from './phases/judging';
import { createPayments } from './phases/payments';
import { createPosting } from './phases/posting';
import { createPublicView } from './phases/publicView';
import { createReminders } from './phases/reminders';
import { createSubmissions } from './phases/submissions';

export { bountyPath, datesOf, type LifecycleOptions, type Outcome, type PersonFacts } from './phases/context';

/**
 * The bounty lifecycle: posting, approval, submissions, review, awarding, payment and the winner's
 * answer. Every call takes the person the access rules established and checks their part in the object
 * itself (deny by default): someone with no part in a bounty, submission or payment gets Not found,
 * whatever exists. Every write is audited. Each phase lives in its own file under phases/, over one
 * shared context (the store, the clock, the access checks, the e-mail helpers).
 */
export function createLifecycle(options: LifecycleOptions) {
  const context = createLifecycleContext(options);
  const { store, iso } = context;
  return {
    ...createPublicView(context),
    ...createPosting(context),
    ...createSubmissions(context),
    ...createJudging(context),
    ...createPayments(context),
    ...createReminders(context),
    paymentOverdue: context.paymentOverdue,
    setOptionalMail: (person: Person, on: boolean) => store.setOptionalMail(person.id, on),
    optionalMail: (person: Person) => store.optionalMail(person.id),
    recordLeaving: (organisationId: string, userId: string) =>
      store.recordLeaving(organisationId, userId, iso()),
  };
}

export type Lifecycle = ReturnType<typeof createLifecycle>;
