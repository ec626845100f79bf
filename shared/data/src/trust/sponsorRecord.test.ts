import type { HostedSummary, PublicWinner } from '../lifecycle';
import {
  NEW_SPONSOR_TEXT,
  trustLineOf,
  trustLineText,
  trustRecord,
  trustWarningText,
  overdueByKind,
  withTrustLines,
  type RecordBounty,
} from './sponsorRecord';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-11-20T12:00:00Z');
const day = (offset: number) => new Date(NOW + offset * DAY).toISOString();

type Payment = Partial<Pick<PublicWinner, 'answer' | 'resolution' | 'outOfOrderReason'>> & {
  prize?: number;
  /** Days after the announcement the payment was recorded; absent when it never was. */
  recordedAfter?: number;
};

interface Sketch {
  state?: HostedSummary['state'];
  /** Submission deadline, in days from NOW. */
  deadline?: number;
  /** Days after the submission deadline the winners were announced. */
  announcedAfter?: number;
  winners?: Payment[];
  submissions?: number;
  stateReason?: string;
  demo?: boolean;
}

let serial = 0;
function bounty(sketch: Sketch): RecordBounty {
  serial += 1;
  const deadline = sketch.deadline ?? -60;
  const announced = sketch.announcedAfter === undefined ? null : deadline + sketch.announcedAfter;
  const winners: PublicWinner[] = (sketch.winners ?? []).map((payment, slot) => {
    const recorded =
      announced === null || payment.recordedAfter === undefined ? null : announced + payment.recordedAfter;
    return {
      slot,
      prize: payment.prize ?? 1000,
      handle: null,
      submission: null,
      recordedAt: recorded === null ? null : day(recorded),
      answer: payment.answer ?? null,
      answeredAt: payment.answer && recorded !== null ? day(recorded + 1) : null,
      resolution: payment.resolution ?? null,
      resolvedAt: payment.resolution && recorded !== null ? day(recorded + 5) : null,
      outOfOrderReason: payment.outOfOrderReason ?? null,
    };
  });
  return {
    id: `b${serial}`,
    item_title: `Bounty ${serial}`,
    hosted: {
      sponsor: { slug: 'acme', name: 'Acme', verifiedAt: null, logoUrl: null, record: null },
      descriptionHtml: '',
      criteria: ['Works'],
      prizes: winners.map((winner) => winner.prize),
      submissionDeadline: day(deadline),
      judgingDeadline: day(deadline + 14),
      paymentDueDays: 14,
      eligibleCountries: [],
      payoutMethods: ['wise'],
      unclaimed: 'returned',
      state: sketch.state ?? (announced === null ? 'open' : 'announced'),
      stateReason: sketch.stateReason ?? null,
      publishedAt: day(deadline - 30),
      announcedAt: announced === null ? null : day(announced),
      endedAt: null,
      winners,
      submissions: sketch.submissions ?? winners.length,
      demo: sketch.demo ?? false,
    },
  };
}

describe('trustRecord', () => {
  it('a fast payer: every winner confirmed, announced and paid on time, medians of odd counts', () => {
    const record = trustRecord(
      [
        bounty({ announcedAfter: 3, winners: [{ recordedAfter: 2, answer: 'received' }] }),
        bounty({ announcedAfter: 5, winners: [{ recordedAfter: 4, answer: 'received' }] }),
        bounty({ announcedAfter: 8, winners: [{ recordedAfter: 9, answer: 'received', prize: 500 }] }),
      ],
      NOW,
    );
    expect(record.posted.count).toBe(3);
    expect(record.announced.count).toBe(3);
    expect(record.money).toMatchObject({ announced: 2500, paid: 2500, paidShare: 1 });
    expect(record.winners).toMatchObject({ count: 3, paid: 3 });
    expect(record.announcing).toMatchObject({ medianDays: 5, onTime: 3, due: 3 });
    expect(record.paying).toMatchObject({ medianDays: 4, onTime: 3, due: 3 });
    expect(record.overdue).toEqual([]);
    expect(record.hasHistory).toBe(true);
  });

  it('a slow payer: late announcements and payments, medians of even counts', () => {
    const record = trustRecord(
      [
        bounty({ announcedAfter: 20, winners: [{ recordedAfter: 30, answer: 'received' }] }),
        bounty({ announcedAfter: 16, winners: [{ recordedAfter: 20, answer: 'received' }] }),
      ],
      NOW,
    );
    expect(record.announcing).toMatchObject({ medianDays: 18, onTime: 0, due: 2 });
    expect(record.paying).toMatchObject({ medianDays: 25, onTime: 0, due: 2 });
    expect(trustLineText(trustLineOf(record), true)).toBe(
      'Verified · 2 of 2 winners paid · pays in 25 days (median)',
    );
  });

  it('never paid: nothing counts as paid, the payment is overdue and named', () => {
    const owed = bounty({ deadline: -40, announcedAfter: 10, winners: [{ prize: 2000 }] });
    const record = trustRecord([owed], NOW);
    expect(record.money).toMatchObject({ announced: 2000, paid: 0, paidShare: 0 });
    expect(record.paying).toMatchObject({ medianDays: null, onTime: 0, due: 1 });
    // Announced 30 days ago, due 14 days later: 16 days overdue.
    expect(record.overdue).toEqual([
      {
        id: owed.id,
        title: owed.item_title,
        overdue: expect.objectContaining({ kind: 'payment', days: 16 }),
      },
    ]);
    const line = trustLineOf(record);
    expect(trustWarningText(line)).toBe('Payment overdue by 16 days on a bounty');
    expect(trustLineText(line, false)).toBe('0 of 1 winners paid');
  });

  it('names each overdue kind with its own days and count, the longest first', () => {
    const clock = (kind: 'judging' | 'payment', days: number) => ({
      kind,
      days,
      since: '2026-01-01T00:00:00Z',
    });
    const line = (...clocks: ReturnType<typeof clock>[]) => ({
      winners: 3,
      winnersPaid: 1,
      medianDaysToPay: 13,
      overdue: overdueByKind(clocks),
      hasHistory: true,
    });
    // Kestrel Grid's case: one bounty's judging 6 days late, another's payment 5 days.
    expect(trustWarningText(line(clock('payment', 5), clock('judging', 6)))).toBe(
      'Judging overdue by 6 days on a bounty · Payment overdue by 5 days on a bounty',
    );
    expect(trustWarningText(line(clock('judging', 2), clock('payment', 9), clock('judging', 4)))).toBe(
      'Payment overdue by 9 days on a bounty · Judging overdue by 4 days on 2 bounties',
    );
    expect(trustWarningText(line(clock('payment', 1), clock('payment', 3)))).toBe(
      'Payment overdue by 3 days on 2 bounties',
    );
    expect(trustWarningText(line())).toBeNull();
  });

  it('a payment reported missing counts only once staff resolve it Paid, timed from the recording', () => {
    const disputed = (resolution: 'paid' | null) =>
      bounty({
        announcedAfter: 2,
        winners: [{ recordedAfter: 6, answer: 'not-received', ...(resolution ? { resolution } : {}) }],
      });
    const open = trustRecord([disputed(null)], NOW);
    expect(open.winners.paid).toBe(0);
    expect(open.paying.medianDays).toBeNull();
    const resolved = trustRecord([disputed('paid')], NOW);
    expect(resolved.winners.paid).toBe(1);
    expect(resolved.paying).toMatchObject({ medianDays: 6, onTime: 1, due: 1 });
  });

  it('a payment nobody answered counts as paid after 14 days, but not toward the paying time', () => {
    const record = trustRecord([bounty({ announcedAfter: 2, winners: [{ recordedAfter: 3 }] })], NOW);
    expect(record.winners.paid).toBe(1);
    expect(record.paying.medianDays).toBeNull();
    expect(record.paying.onTime).toBe(1);
  });

  it('a cancellation after submissions counts against completion and is listed with its reason', () => {
    const record = trustRecord(
      [
        bounty({ announcedAfter: 3, winners: [{ recordedAfter: 2, answer: 'received' }] }),
        bounty({ state: 'cancelled', submissions: 4, stateReason: 'The project was stopped.' }),
        bounty({ state: 'cancelled', submissions: 0, stateReason: 'Posted twice by mistake.' }),
      ],
      NOW,
    );
    expect(record.completion).toMatchObject({ completed: 1, ended: 2 });
    expect(record.cancelled.map((entry) => [entry.reason, entry.afterSubmissions])).toEqual([
      ['The project was stopped.', true],
      ['Posted twice by mistake.', false],
    ]);
  });

  it('judging past its deadline is due, late and overdue', () => {
    const judging = bounty({ deadline: -20 });
    const record = trustRecord([judging], NOW);
    expect(record.announcing).toMatchObject({ medianDays: null, onTime: 0, due: 1 });
    expect(record.overdue[0]?.overdue).toMatchObject({ kind: 'judging', days: 6 });
  });

  it('no history: a new sponsor, with no figure made up', () => {
    const record = trustRecord([bounty({ deadline: 10 })], NOW);
    expect(record.hasHistory).toBe(false);
    expect(record.money.paidShare).toBeNull();
    expect(record.announcing.medianDays).toBeNull();
    expect(record.paying.medianDays).toBeNull();
    expect(trustLineText(trustLineOf(record), true)).toBe(`Verified · ${NEW_SPONSOR_TEXT}`);
  });

  it('marks a record built from demo data', () => {
    expect(trustRecord([bounty({ demo: true })], NOW).demo).toBe(true);
  });
});

describe('withTrustLines', () => {
  it("gives each hosted bounty its own sponsor's line and leaves imported bounties alone", () => {
    const paid = bounty({ announcedAfter: 3, winners: [{ recordedAfter: 2, answer: 'received' }] });
    const other = bounty({ deadline: 10 });
    other.hosted.sponsor = { ...other.hosted.sponsor, slug: 'globex' };
    const imported: { id: string; item_title: string; hosted?: HostedSummary } = {
      id: 'imported',
      item_title: 'Imported',
    };
    const [first, second, third] = withTrustLines([paid, other, imported], NOW);
    expect(first?.hosted?.sponsor.record).toMatchObject({ winners: 1, winnersPaid: 1, medianDaysToPay: 2 });
    expect(second?.hosted?.sponsor.record).toMatchObject({ hasHistory: false });
    expect(third).toBe(imported);
  });
});

describe('winners out of the leaderboard order', () => {
  it("lists each winner of an announced bounty chosen out of the final board's order, with its reason", () => {
    const scored = bounty({
      announcedAfter: 3,
      winners: [{ outOfOrderReason: 'The top entry leaked the test labels.' }, {}],
    });
    const plain = bounty({ announcedAfter: 3, winners: [{}] });
    const record = trustRecord([scored, plain], NOW);
    expect(record.outOfOrderWinners).toEqual([
      { id: scored.id, title: scored.item_title, slot: 0, reason: 'The top entry leaked the test labels.' },
    ]);
    expect(trustRecord([plain], NOW).outOfOrderWinners).toEqual([]);
  });
});
