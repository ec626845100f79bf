import type { OpenToWork, StoredInterviewRequestState, WorkKind } from '@side-quest/data/hiring';
import type { AuthInstance } from '../accounts/authInstance';
import { DEMO_MAIL_DOMAIN } from '../lifecycle/demoData';
import type { LifecycleStore } from '../lifecycle/lifecycleStore';
import type { HiringStore } from './hiringStore';
import type { InterviewRequestStore } from './interviewRequestStore';

const DAY_MS = 86_400_000;

/**
 * The demo history's hiring part (SEED_DEMO, issue 46 item 7): two demo winners open to work, one for
 * every visitor and one for verified sponsors only. A person who already chose anything is left alone,
 * so a restart never undoes what someone changed.
 */
export const DEMO_OPEN_TO_WORK: ReadonlyArray<{ handle: string; openToWork: (now: number) => OpenToWork }> = [
  {
    handle: 'tomas-novak',
    openToWork: () => ({
      kinds: ['freelance', 'full-time'],
      remote: true,
      countries: ['CZ', 'DE'],
      availableFrom: null,
      audience: 'everyone',
    }),
  },
  {
    handle: 'priya-nair',
    openToWork: (now) => ({
      kinds: ['part-time'],
      remote: true,
      countries: [],
      availableFrom: new Date(now + 30 * DAY_MS).toISOString().slice(0, 10),
      audience: 'verified-sponsors',
    }),
  },
];

export async function seedHiringDemo(
  auth: AuthInstance,
  store: HiringStore,
  now = Date.now(),
): Promise<void> {
  const adapter = (await auth.$context).adapter;
  for (const demo of DEMO_OPEN_TO_WORK) {
    const user = (await adapter.findOne({
      model: 'user',
      where: [{ field: 'handle', value: demo.handle }],
    })) as { id: string } | null;
    if (!user) continue;
    const preferences = await store.preferences(user.id);
    if (preferences.openToWork || !preferences.interviewRequestsOn) continue;
    await store.saveOpenToWork(user.id, demo.openToWork(now), new Date(now).toISOString());
  }
}

/**
 * The demo history's interview requests (issue 46 item 7), each on a real demo submission to the
 * sponsor's own bounty: Kestrel Grid's accepted one with a confirmed hire shown on the profile,
 * Northwind Freight's declined one with its reason, and Tallow Health's still open. Sent by each
 * organisation's demo owner, marked demo (the pages label them), seeded once per database.
 */
export const DEMO_INTERVIEW_REQUESTS: ReadonlyArray<{
  organisation: string;
  talent: string;
  bountyTitle: string;
  roleTitle: string;
  kind: WorkKind;
  message: string;
  sentDaysAgo: number;
  answer?: {
    state: Exclude<StoredInterviewRequestState, 'open' | 'expired'>;
    daysAgo: number;
    reason?: string;
  };
  hire?: { kind: WorkKind; startMonthsAgo: number; recordedDaysAgo: number; confirmedDaysAgo: number };
}> = [
  {
    organisation: 'kestrel-grid',
    talent: 'tomas-novak',
    bountyTitle: 'Forecast substation load 48 hours ahead',
    roleTitle: 'Forecasting engineer',
    kind: 'full-time',
    message:
      'Your **48-hour load forecast** beat our own model on the winter weeks. We are building a forecasting team for the grid: would you like to talk about it?',
    sentDaysAgo: 60,
    answer: { state: 'accepted', daysAgo: 58 },
    hire: { kind: 'full-time', startMonthsAgo: 1, recordedDaysAgo: 30, confirmedDaysAgo: 28 },
  },
  {
    organisation: 'northwind-freight',
    talent: 'sofia-reyes',
    bountyTitle: 'Pack mixed pallets without crushing the top layer',
    roleTitle: 'Optimisation engineer',
    kind: 'part-time',
    message:
      'Your packing heuristic is the one our warehouses would use. Could we talk about two days a week?',
    sentDaysAgo: 20,
    answer: {
      state: 'declined',
      daysAgo: 18,
      reason: 'Thank you: I am not looking for part-time work this year.',
    },
  },
  {
    organisation: 'tallow-health',
    talent: 'sofia-reyes',
    bountyTitle: 'De-identify free-text clinical notes',
    roleTitle: 'Clinical NLP engineer',
    kind: 'freelance',
    message:
      'We would like your help extending the **de-identification** to discharge letters, as a freelance project.',
    sentDaysAgo: 2,
  },
];

const MONTH_MS = 30 * DAY_MS;

export async function seedInterviewRequestDemo(
  auth: AuthInstance,
  lifecycle: LifecycleStore,
  store: InterviewRequestStore,
  now = Date.now(),
): Promise<void> {
  // Once per database: a restart never adds them again, nor undoes what someone answered since.
  if (!(await lifecycle.claimMarker('demo:interview-requests', 'seeded'))) return;
  const adapter = (await auth.$context).adapter;
  const idOf = async (model: string, field: string, value: string) =>
    ((await adapter.findOne({ model, where: [{ field, value }] })) as { id: string } | null)?.id ?? null;
  const iso = (daysAgo: number) => new Date(now - daysAgo * DAY_MS).toISOString();
  for (const demo of DEMO_INTERVIEW_REQUESTS) {
    const [organisationId, personId, senderId] = await Promise.all([
      idOf('organization', 'slug', demo.organisation),
      idOf('user', 'handle', demo.talent),
      idOf('user', 'email', `owner@${demo.organisation}.${DEMO_MAIL_DOMAIN}`),
    ]);
    if (!organisationId || !personId || !senderId) continue;
    const bounty = (await lifecycle.bountiesOf([organisationId])).find(
      (entry) => entry.title === demo.bountyTitle,
    );
    const submission = bounty ? await lifecycle.submissionOf(bounty.id, personId) : null;
    if (!submission) continue;
    const id = await store.create(
      {
        organisationId,
        senderId,
        personId,
        roleTitle: demo.roleTitle,
        kind: demo.kind,
        message: demo.message,
        evidence: { kind: 'submission', submissionId: submission.id },
        demo: true,
      },
      iso(demo.sentDaysAgo),
    );
    if (!id || !demo.answer) continue;
    await store.answer(
      id,
      personId,
      demo.answer.state,
      demo.answer.reason ?? null,
      now - demo.answer.daysAgo * DAY_MS,
    );
    if (!demo.hire) continue;
    const start = new Date(now - demo.hire.startMonthsAgo * MONTH_MS).toISOString().slice(0, 7);
    await store.recordHire(
      {
        requestId: id,
        organisationId,
        personId,
        recordedBy: senderId,
        kind: demo.hire.kind,
        startMonth: start,
      },
      iso(demo.hire.recordedDaysAgo),
    );
    await store.answerHire(id, personId, true, true, now - demo.hire.confirmedDaysAgo * DAY_MS, 30);
  }
}
