import {
  DAY_MS,
  overdueLabel,
  overdueOf,
  paidSince,
  paymentDueAt,
  type HostedSummary,
  type Overdue,
  type OverdueKind,
  type PublicWinner,
  type TrustLine,
} from '../lifecycle';
import { median } from './statistics';

/**
 * A sponsor's public record, computed from its hosted bounties' lifecycle alone (docs/decisions.md,
 * "Trust and proof"): what it posted, announced, cancelled, how much of its prize money reached winners,
 * and how long judging and paying took. Every figure names the bounties it counts, so a page can link
 * each one to its evidence; a figure with nothing to count is null, never a made-up zero.
 */

/** A public hosted bounty as the record reads it: its id, title and hosted part. */
export interface RecordBounty {
  id: string;
  item_title: string;
  hosted: HostedSummary;
}

export interface CountedBounties {
  count: number;
  bountyIds: string[];
}

export interface EndedBounty {
  id: string;
  title: string;
  /** The public reason the team gave. */
  reason: string | null;
  /** It had received submissions when it ended: it counts against the record. */
  afterSubmissions: boolean;
}

export interface OutOfOrderWinner {
  id: string;
  title: string;
  slot: number;
  reason: string;
}

export interface TimingFigure {
  /** The median in days (one decimal), or null with nothing to measure. */
  medianDays: number | null;
  /** How many met the deadline, of how many were due. */
  onTime: number;
  due: number;
  bountyIds: string[];
}

export interface TrustRecord {
  posted: CountedBounties;
  /** Bounties whose winners were announced. */
  announced: CountedBounties;
  cancelled: EndedBounty[];
  closedWithoutWinner: EndedBounty[];
  /** Of the bounties that received submissions and ended, how many ended with winners announced. */
  completion: { completed: number; ended: number; bountyIds: string[] };
  /** Prize money announced to winners and the part of it counted as paid (USD). */
  money: { announced: number; paid: number; paidShare: number | null; bountyIds: string[] };
  /** Winners announced and winners counted as paid. */
  winners: { count: number; paid: number; bountyIds: string[] };
  /** Days from the submission deadline to the announcement; on time = by the judging deadline. */
  announcing: TimingFigure;
  /** Days from the announcement to the recorded payment, for payments the winner confirmed or staff resolved Paid; on time = recorded by the due date. */
  paying: TimingFigure;
  /** What is overdue right now, by bounty. */
  overdue: Array<{ id: string; title: string; overdue: Overdue }>;
  /**
   * Winners of scored bounties the team chose out of the final leaderboard's order, each with the public
   * reason it gave (issue 45 item 6), by bounty and slot.
   */
  outOfOrderWinners: OutOfOrderWinner[];
  /** Whether any bounty has ended: announced, closed or cancelled. Without, the sponsor is new. */
  hasHistory: boolean;
  /** Built (partly) from the demo data a fresh start seeds. */
  demo: boolean;
}

const time = (iso: string | null) => (iso ? Date.parse(iso) : Number.NaN);
const days = (ms: number) => Math.round((ms / DAY_MS) * 10) / 10;
const datesOf = (hosted: HostedSummary) => ({ ...hosted, winners: hosted.winners });

/** A payment that counts for the paying time: the winner confirmed it, or staff resolved it Paid. */
function confirmed(winner: PublicWinner): boolean {
  return winner.resolution === 'paid' || (winner.resolution === null && winner.answer === 'received');
}

function ended(bounty: RecordBounty): EndedBounty {
  return {
    id: bounty.id,
    title: bounty.item_title,
    reason: bounty.hosted.stateReason,
    afterSubmissions: bounty.hosted.submissions > 0,
  };
}

export function trustRecord(bounties: readonly RecordBounty[], now: number): TrustRecord {
  const announced = bounties.filter((bounty) => bounty.hosted.state === 'announced');
  const cancelled = bounties.filter((bounty) => bounty.hosted.state === 'cancelled').map(ended);
  const closed = bounties.filter((bounty) => bounty.hosted.state === 'closed').map(ended);
  const endedWithSubmissions = bounties.filter(
    (bounty) => bounty.hosted.state !== 'open' && bounty.hosted.submissions > 0,
  );

  let moneyAnnounced = 0;
  let moneyPaid = 0;
  let winnerCount = 0;
  let winnersPaid = 0;
  const payDays: number[] = [];
  const payingIds = new Set<string>();
  let paidOnTime = 0;
  let paymentsDue = 0;
  for (const bounty of announced) {
    const dueAt = paymentDueAt(datesOf(bounty.hosted));
    for (const winner of bounty.hosted.winners) {
      winnerCount += 1;
      moneyAnnounced += winner.prize;
      const paid = paidSince(winner, now) !== null;
      if (paid) {
        winnersPaid += 1;
        moneyPaid += winner.prize;
      }
      if (confirmed(winner) && winner.recordedAt) {
        payDays.push(days(Math.max(0, time(winner.recordedAt) - time(bounty.hosted.announcedAt))));
        payingIds.add(bounty.id);
      }
      if (paid || now > dueAt) {
        paymentsDue += 1;
        payingIds.add(bounty.id);
        if (paid && time(winner.recordedAt) <= dueAt) paidOnTime += 1;
      }
    }
  }

  const judgingOverdue = bounties.filter(
    (bounty) => bounty.hosted.state === 'open' && now > time(bounty.hosted.judgingDeadline),
  );
  const announceDays = announced.map((bounty) =>
    days(Math.max(0, time(bounty.hosted.announcedAt) - time(bounty.hosted.submissionDeadline))),
  );

  const overdue = bounties.flatMap((bounty) => {
    const clock = overdueOf(datesOf(bounty.hosted), now);
    return clock ? [{ id: bounty.id, title: bounty.item_title, overdue: clock }] : [];
  });

  const ids = (list: readonly RecordBounty[]) => list.map((bounty) => bounty.id);
  return {
    posted: { count: bounties.length, bountyIds: ids(bounties) },
    announced: { count: announced.length, bountyIds: ids(announced) },
    cancelled,
    closedWithoutWinner: closed,
    completion: {
      completed: endedWithSubmissions.filter((bounty) => bounty.hosted.state === 'announced').length,
      ended: endedWithSubmissions.length,
      bountyIds: ids(endedWithSubmissions),
    },
    money: {
      announced: moneyAnnounced,
      paid: moneyPaid,
      paidShare: moneyAnnounced > 0 ? moneyPaid / moneyAnnounced : null,
      bountyIds: ids(announced),
    },
    winners: { count: winnerCount, paid: winnersPaid, bountyIds: ids(announced) },
    announcing: {
      medianDays: median(announceDays),
      onTime: announced.filter(
        (bounty) => time(bounty.hosted.announcedAt) <= time(bounty.hosted.judgingDeadline),
      ).length,
      due: announced.length + judgingOverdue.length,
      bountyIds: ids([...announced, ...judgingOverdue]),
    },
    paying: {
      medianDays: median(payDays),
      onTime: paidOnTime,
      due: paymentsDue,
      bountyIds: ids(announced.filter((bounty) => payingIds.has(bounty.id))),
    },
    overdue,
    outOfOrderWinners: announced.flatMap((bounty) =>
      bounty.hosted.winners.flatMap((winner) =>
        winner.outOfOrderReason
          ? [{ id: bounty.id, title: bounty.item_title, slot: winner.slot, reason: winner.outOfOrderReason }]
          : [],
      ),
    ),
    hasHistory: bounties.some((bounty) => bounty.hosted.state !== 'open'),
    demo: bounties.some((bounty) => bounty.hosted.demo),
  };
}

/** What a bounty's card and detail page show of its sponsor's record (defined with the hosted view). */
export type { TrustLine };

export function trustLineOf(record: TrustRecord): TrustLine {
  return {
    winners: record.winners.count,
    winnersPaid: record.winners.paid,
    medianDaysToPay: record.paying.medianDays,
    overdue: overdueByKind(record.overdue.map((entry) => entry.overdue)),
    hasHistory: record.hasHistory,
  };
}

/** Overdue clocks grouped by kind, each with its count and longest; the kind with the longest first. */
export function overdueByKind(clocks: readonly Overdue[]): OverdueKind[] {
  const kinds = new Map<Overdue['kind'], OverdueKind>();
  for (const clock of clocks) {
    const seen = kinds.get(clock.kind);
    if (!seen) kinds.set(clock.kind, { kind: clock.kind, count: 1, longest: clock });
    else {
      seen.count += 1;
      if (clock.days > seen.longest.days) seen.longest = clock;
    }
  }
  return [...kinds.values()].sort((a, b) => b.longest.days - a.longest.days);
}

export const NEW_SPONSOR_TEXT = 'New sponsor — no completed bounty yet';

/** "6 days", "1 day", "under a day": a median as a reader takes it in. */
export function formatDays(value: number): string {
  if (value < 1) return 'under a day';
  const whole = Math.round(value);
  return `${whole} ${whole === 1 ? 'day' : 'days'}`;
}

/** The line's text, e.g. "Verified · 14 of 14 winners paid · pays in 6 days (median)". */
export function trustLineText(line: TrustLine, verified: boolean): string {
  const parts = verified ? ['Verified'] : [];
  if (!line.hasHistory) parts.push(NEW_SPONSOR_TEXT);
  else {
    if (line.winners > 0) parts.push(`${line.winnersPaid} of ${line.winners} winners paid`);
    if (line.medianDaysToPay !== null) parts.push(`pays in ${formatDays(line.medianDaysToPay)} (median)`);
    if (line.winners === 0) parts.push('no winners announced yet');
  }
  return parts.join(' · ');
}

/**
 * The overdue warning, shown in the danger colour instead of the line: each kind with its own days and
 * count, e.g. "Judging overdue by 6 days on a bounty · Payment overdue by 5 days on a bounty".
 */
export function trustWarningText(line: TrustLine): string | null {
  if (line.overdue.length === 0) return null;
  return line.overdue
    .map(
      ({ count, longest }) => `${overdueLabel(longest)} on ${count === 1 ? 'a bounty' : `${count} bounties`}`,
    )
    .join(' · ');
}

/** "Pays fastest": sponsors with a median paying time first, quickest first; the rest keep their order. */
export function payingSpeed(line: TrustLine | undefined): number {
  return line?.medianDaysToPay ?? Number.POSITIVE_INFINITY;
}

/** A bounty of the whole list: hosted on Side Quest or imported (no `hosted` part). */
type ListedBounty = Omit<RecordBounty, 'hosted'> & { hosted?: HostedSummary };

/** The hosted bounties by sponsor slug, in the list's order. */
export function bountiesBySponsor<T extends ListedBounty>(
  list: readonly T[],
): Map<string, Array<T & RecordBounty>> {
  const groups = new Map<string, Array<T & RecordBounty>>();
  for (const bounty of list) {
    if (!bounty.hosted) continue;
    const slug = bounty.hosted.sponsor.slug;
    groups.set(slug, [...(groups.get(slug) ?? []), bounty as T & RecordBounty]);
  }
  return groups;
}

/** The list with each bounty's `hosted.sponsor.record` set from its sponsor's whole record. */
export function withTrustLines<T extends ListedBounty>(list: readonly T[], now: number): T[] {
  const lines = new Map(
    [...bountiesBySponsor(list)].map(([slug, own]) => [slug, trustLineOf(trustRecord(own, now))]),
  );
  return list.map((bounty) =>
    !bounty.hosted
      ? bounty
      : {
          ...bounty,
          hosted: {
            ...bounty.hosted,
            sponsor: { ...bounty.hosted.sponsor, record: lines.get(bounty.hosted.sponsor.slug) ?? null },
          },
        },
  );
}
