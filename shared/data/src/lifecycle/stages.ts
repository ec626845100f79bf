/**
 * The lifecycle of a bounty hosted on Side Quest, apart from the SPEC's `status` (OPEN/CLOSED by
 * deadline, which stays as it is): where the bounty is between posting and the winners' money
 * arriving. Stored states move only by someone's action; the stage adds the clock (an open bounty
 * past its submission deadline is being judged; an announced one whose every winner counts as paid
 * is Paid), so it is computed wherever it is shown, from the same dates, like `status`.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;

/** A recorded payment nobody reported as missing counts as paid this long after it was recorded. */
export const UNREPORTED_PAYMENT_COUNTS_AFTER_DAYS = 14;

/** The states a hosted bounty is stored in; only the last four are ever public. */
export type HostedState = 'draft' | 'pending' | 'rejected' | 'open' | 'announced' | 'closed' | 'cancelled';

export const STAGES = [
  ['pending', 'Pending approval'],
  ['open', 'Open'],
  ['judging', 'Judging'],
  ['announced', 'Winners announced'],
  ['paid', 'Paid'],
  ['closed', 'Closed without winner'],
  ['cancelled', 'Cancelled'],
] as const;

export type Stage = (typeof STAGES)[number][0];

/** The stages a visitor can filter by (Pending approval is never public). */
export const PUBLIC_STAGES: readonly Stage[] = STAGES.map(([id]) => id).filter((id) => id !== 'pending');

export function stageLabel(stage: Stage): string {
  return STAGES.find(([id]) => id === stage)?.[1] ?? stage;
}

export function isStage(value: unknown): value is Stage {
  return STAGES.some(([id]) => id === value);
}

/** A winner's answer about the money, and staff's ruling when they reported it missing. */
export interface WinnerPayment {
  /** When the sponsor recorded the payment (the server's clock); null until then. */
  recordedAt: string | null;
  answer: 'received' | 'not-received' | null;
  answeredAt: string | null;
  resolution: 'paid' | 'not-paid' | null;
  resolvedAt: string | null;
}

/** The dates and states the stage and the clocks are computed from. */
export interface LifecycleDates {
  state: HostedState;
  submissionDeadline: string;
  judgingDeadline: string;
  announcedAt: string | null;
  paymentDueDays: number;
  winners: readonly WinnerPayment[];
}

const time = (iso: string | null): number => (iso ? Date.parse(iso) : Number.NaN);

/**
 * When a winner's payment started to count as paid, or null while it does not: confirmed by the
 * winner, resolved Paid by staff after a report, or recorded 14 days ago with no report.
 */
export function paidSince(payment: WinnerPayment, now: number): number | null {
  if (payment.resolution === 'paid') return time(payment.resolvedAt);
  if (payment.resolution === 'not-paid') return null;
  if (payment.answer === 'received') return time(payment.answeredAt);
  if (payment.answer === 'not-received' || !payment.recordedAt) return null;
  const counts = time(payment.recordedAt) + UNREPORTED_PAYMENT_COUNTS_AFTER_DAYS * DAY_MS;
  return counts <= now ? counts : null;
}

/** When the last winner came to count as paid, or null while one does not (or nobody won). */
export function paidAt(dates: LifecycleDates, now: number): string | null {
  if (dates.state !== 'announced' || dates.winners.length === 0) return null;
  let latest = 0;
  for (const winner of dates.winners) {
    const since = paidSince(winner, now);
    if (since === null || Number.isNaN(since)) return null;
    latest = Math.max(latest, since);
  }
  return new Date(latest).toISOString();
}

export function stageOf(dates: LifecycleDates, now: number): Stage | null {
  switch (dates.state) {
    case 'pending':
      return 'pending';
    case 'open':
      return now < time(dates.submissionDeadline) ? 'open' : 'judging';
    case 'announced':
      return paidAt(dates, now) ? 'paid' : 'announced';
    case 'closed':
      return 'closed';
    case 'cancelled':
      return 'cancelled';
    default:
      // Drafts and rejected bounties have no public stage.
      return null;
  }
}

/** The moment payment is due: the announcement plus the bounty's payment period. */
export function paymentDueAt(dates: LifecycleDates): number {
  return time(dates.announcedAt) + dates.paymentDueDays * DAY_MS;
}

/**
 * Whether the sponsor still owes a winner: no payment recorded, or reported missing and not resolved
 * Paid. A recorded payment waiting for the winner's answer is the sponsor's part done.
 */
export function owesWinner(payment: WinnerPayment): boolean {
  if (payment.resolution) return payment.resolution === 'not-paid';
  return !payment.recordedAt || payment.answer === 'not-received';
}

export interface Overdue {
  kind: 'judging' | 'payment';
  /** Whole days past the due moment, at least 1 (2 hours late is 1 day, 6 days and 5 hours is 6). */
  days: number;
  /** The due moment, ISO. */
  since: string;
}

const daysPast = (due: number, now: number) => Math.max(1, Math.floor((now - due) / DAY_MS));

/** The clock a visitor sees: judging past its deadline with no winners, or a winner still owed past the due date. */
export function overdueOf(dates: LifecycleDates, now: number): Overdue | null {
  if (dates.state === 'open') {
    const due = time(dates.judgingDeadline);
    if (now > due) return { kind: 'judging', days: daysPast(due, now), since: new Date(due).toISOString() };
    return null;
  }
  if (dates.state === 'announced') {
    const due = paymentDueAt(dates);
    if (now > due && dates.winners.some(owesWinner))
      return { kind: 'payment', days: daysPast(due, now), since: new Date(due).toISOString() };
  }
  return null;
}

export function overdueLabel(overdue: Overdue): string {
  const what = overdue.kind === 'judging' ? 'Judging' : 'Payment';
  return `${what} overdue by ${overdue.days} ${overdue.days === 1 ? 'day' : 'days'}`;
}

/** Reminders go to the team when a clock runs out and again 3 and 7 days later, each once. */
export const REMINDER_DAYS = [0, 3, 7] as const;

/** The reminders due by `now` for an overdue clock (each step once: the store records the ones sent). */
export function dueReminderSteps(overdue: Overdue | null, now: number): number[] {
  if (!overdue) return [];
  const elapsed = now - time(overdue.since);
  return REMINDER_DAYS.filter((days) => elapsed >= days * DAY_MS);
}
