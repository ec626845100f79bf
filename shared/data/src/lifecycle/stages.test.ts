import {
  DAY_MS,
  dueReminderSteps,
  overdueLabel,
  overdueOf,
  paidAt,
  stageOf,
  type LifecycleDates,
  type WinnerPayment,
} from './stages';

const T0 = Date.parse('2026-11-01T12:00:00Z');
const at = (days: number) => new Date(T0 + days * DAY_MS).toISOString();

const open: LifecycleDates = {
  state: 'open',
  submissionDeadline: at(10),
  judgingDeadline: at(24),
  announcedAt: null,
  paymentDueDays: 14,
  winners: [],
};
const unpaid: WinnerPayment = {
  recordedAt: null,
  answer: null,
  answeredAt: null,
  resolution: null,
  resolvedAt: null,
};
const announced = (winners: WinnerPayment[]): LifecycleDates => ({
  ...open,
  state: 'announced',
  announcedAt: at(20),
  winners,
});

describe('stageOf', () => {
  it('is Open before the submission deadline and Judging from it', () => {
    expect(stageOf(open, T0 + 10 * DAY_MS - 1)).toBe('open');
    expect(stageOf(open, T0 + 10 * DAY_MS)).toBe('judging');
  });

  it('has no public stage for drafts and rejected bounties', () => {
    expect(stageOf({ ...open, state: 'draft' }, T0)).toBeNull();
    expect(stageOf({ ...open, state: 'rejected' }, T0)).toBeNull();
    expect(stageOf({ ...open, state: 'pending' }, T0)).toBe('pending');
  });

  it('is Paid only when every winner counts as paid', () => {
    const confirmed = { ...unpaid, recordedAt: at(22), answer: 'received' as const, answeredAt: at(23) };
    expect(stageOf(announced([confirmed, unpaid]), T0 + 30 * DAY_MS)).toBe('announced');
    expect(stageOf(announced([confirmed, confirmed]), T0 + 30 * DAY_MS)).toBe('paid');
    expect(paidAt(announced([confirmed]), T0 + 30 * DAY_MS)).toBe(at(23));
  });

  it('counts a recorded payment nobody reported as paid 14 days after it was recorded', () => {
    const recorded = { ...unpaid, recordedAt: at(22) };
    expect(stageOf(announced([recorded]), T0 + 36 * DAY_MS - 1)).toBe('announced');
    expect(stageOf(announced([recorded]), T0 + 36 * DAY_MS)).toBe('paid');
    expect(paidAt(announced([recorded]), T0 + 40 * DAY_MS)).toBe(at(36));
  });

  it('keeps a reported payment unpaid until staff resolve it, and then follows the ruling', () => {
    const reported = { ...unpaid, recordedAt: at(22), answer: 'not-received' as const, answeredAt: at(23) };
    expect(stageOf(announced([reported]), T0 + 90 * DAY_MS)).toBe('announced');
    const resolvedPaid = { ...reported, resolution: 'paid' as const, resolvedAt: at(30) };
    expect(paidAt(announced([resolvedPaid]), T0 + 31 * DAY_MS)).toBe(at(30));
    const resolvedNotPaid = { ...reported, resolution: 'not-paid' as const, resolvedAt: at(30) };
    expect(stageOf(announced([resolvedNotPaid]), T0 + 90 * DAY_MS)).toBe('announced');
  });

  it('shows the stored end states as they are', () => {
    expect(stageOf({ ...open, state: 'closed' }, T0)).toBe('closed');
    expect(stageOf({ ...open, state: 'cancelled' }, T0)).toBe('cancelled');
  });
});

describe('overdueOf', () => {
  it('counts judging overdue from the judging deadline in whole days, at least one', () => {
    expect(overdueOf(open, T0 + 24 * DAY_MS)).toBeNull();
    const late = overdueOf(open, T0 + 24 * DAY_MS + 2 * 60 * 60 * 1000);
    expect(late).toEqual({ kind: 'judging', days: 1, since: at(24) });
    expect(overdueLabel(late!)).toBe('Judging overdue by 1 day');
    expect(overdueLabel(overdueOf(open, T0 + 27 * DAY_MS)!)).toBe('Judging overdue by 3 days');
    expect(overdueOf(open, T0 + 27 * DAY_MS + 5 * 60 * 60 * 1000)?.days).toBe(3);
  });

  it('counts payment overdue from announcement plus the payment period while a winner is owed', () => {
    const dates = announced([unpaid]);
    expect(overdueOf(dates, T0 + 34 * DAY_MS)).toBeNull();
    expect(overdueOf(dates, T0 + 39 * DAY_MS)).toEqual({ kind: 'payment', days: 5, since: at(34) });
  });

  it('does not hold a recorded payment awaiting the answer against the sponsor, but does a report', () => {
    const recorded = { ...unpaid, recordedAt: at(30) };
    expect(overdueOf(announced([recorded]), T0 + 40 * DAY_MS)).toBeNull();
    const reported = { ...recorded, answer: 'not-received' as const, answeredAt: at(31) };
    expect(overdueOf(announced([reported]), T0 + 40 * DAY_MS)?.kind).toBe('payment');
    const resolved = { ...reported, resolution: 'paid' as const, resolvedAt: at(33) };
    expect(overdueOf(announced([resolved]), T0 + 40 * DAY_MS)).toBeNull();
  });

  it('has no clock on closed or cancelled bounties', () => {
    expect(overdueOf({ ...open, state: 'cancelled' }, T0 + 90 * DAY_MS)).toBeNull();
  });
});

describe('dueReminderSteps', () => {
  it('names the reminders due at the due moment, 3 and 7 days after', () => {
    const overdue = overdueOf(open, T0 + 24 * DAY_MS + 1)!;
    expect(dueReminderSteps(overdue, T0 + 24 * DAY_MS + 1)).toEqual([0]);
    expect(dueReminderSteps(overdue, T0 + 27 * DAY_MS + 1)).toEqual([0, 3]);
    expect(dueReminderSteps(overdue, T0 + 40 * DAY_MS)).toEqual([0, 3, 7]);
    expect(dueReminderSteps(null, T0)).toEqual([]);
  });
});
