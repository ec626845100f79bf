import { DAY_MS, overdueOf } from '@side-quest/data/lifecycle';
import { lifecycleMails } from '../lifecycleMails';
import { datesOf, type LifecycleContext } from './context';

/** The clocks: overdue judging and payment reminders to the team that owes them. */
export function createReminders(context: LifecycleContext) {
  const { store, now, iso, consoleLink, mailTeam } = context;

  return {
    /**
     * Sends the overdue reminders due now (at the due moment, +3 and +7 days), each once across every
     * instance: the reminder is claimed in the database before it is sent.
     */
    async sendReminders(): Promise<number> {
      let sent = 0;
      const live = await store.bountiesIn(['open', 'announced']);
      const winners = await store.winnersOf(live.map((bounty) => bounty.id));
      for (const bounty of live) {
        const overdue = overdueOf(
          datesOf(
            bounty,
            winners.filter((w) => w.bountyId === bounty.id),
          ),
          now(),
        );
        if (!overdue) continue;
        const elapsed = now() - Date.parse(overdue.since);
        for (const step of [0, 3, 7]) {
          if (elapsed < step * DAY_MS) continue;
          if (!(await store.claimReminder(bounty.id, overdue.kind, step, iso()))) continue;
          const what = overdue.kind === 'judging' ? 'Judging is overdue' : 'Payment is overdue';
          const teamUrl = await consoleLink(bounty);
          await mailTeam(bounty.organisationId, 'reminder', (to) =>
            lifecycleMails.reminder(to, bounty.title, what, teamUrl),
          );
          sent += 1;
        }
      }
      return sent;
    },
  };
}
