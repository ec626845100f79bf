import { formatUsd } from '@side-quest/data/lifecycle';
import { formatDays, type TrustRecord } from '@side-quest/data/trust';

/** One figure of a sponsor's record as its page shows it: the value, how it is computed, and its bounties. */
export interface SponsorFigure {
  id: string;
  label: string;
  value: string;
  /** How the figure is computed, in a sentence (docs/decisions.md, "Trust and proof", has the formulas). */
  explanation: string;
  bountyIds: string[];
}

const share = (part: number, whole: number) => `${Math.round((part / whole) * 100)}%`;
/** " · 3 of 4 payments by the due date (75%)", or nothing while none was due. */
const ofDue = (part: number, whole: number, what: string) =>
  whole === 0 ? '' : ` · ${part} of ${whole} ${what} (${share(part, whole)})`;
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The record's figures in the page's order; no figure is made up where nothing was measured. */
export function sponsorFigures(record: TrustRecord): SponsorFigure[] {
  const { money, announcing, paying, completion } = record;
  const cancelledAfter = record.cancelled.filter((entry) => entry.afterSubmissions).length;
  return [
    {
      id: 'posted',
      label: 'Bounties posted',
      value: String(record.posted.count),
      explanation: 'Every bounty it published here, open or ended.',
      bountyIds: record.posted.bountyIds,
    },
    {
      id: 'announced',
      label: 'Winners announced',
      value:
        completion.ended === 0
          ? plural(record.announced.count, 'bounty', 'bounties')
          : `${plural(record.announced.count, 'bounty', 'bounties')} · ${completion.completed} of ${completion.ended} that received submissions and ended`,
      explanation:
        'Bounties whose winners were announced. A bounty that received submissions and was then cancelled or closed without a winner counts against this.',
      bountyIds: [...new Set([...record.announced.bountyIds, ...completion.bountyIds])],
    },
    {
      id: 'cancelled',
      label: 'Cancelled',
      value:
        record.cancelled.length === 0
          ? 'None'
          : `${record.cancelled.length}${cancelledAfter > 0 ? ` (${cancelledAfter} after submissions)` : ''}`,
      explanation: 'Each cancellation with the reason the sponsor gave in public.',
      bountyIds: record.cancelled.map((entry) => entry.id),
    },
    {
      id: 'money',
      label: 'Prize money paid and confirmed by winners',
      value:
        money.paidShare === null
          ? 'No prize money announced yet'
          : `${formatUsd(money.paid)} of ${formatUsd(money.announced)} announced (${share(money.paid, money.announced)})`,
      explanation:
        'A prize counts as paid when its winner confirmed it arrived, when Side Quest staff resolved a report as Paid, or 14 days after the sponsor recorded it with no report.',
      bountyIds: money.bountyIds,
    },
    {
      id: 'announcing',
      label: 'Days to announce winners (median)',
      value: `${announcing.medianDays === null ? 'No winners announced yet' : formatDays(announcing.medianDays)}${ofDue(announcing.onTime, announcing.due, 'by the judging deadline')}`,
      explanation:
        'From the submission deadline to the announcement (never below 0). Judging past its deadline with no announcement counts as late.',
      bountyIds: announcing.bountyIds,
    },
    {
      id: 'paying',
      label: 'Days to pay (median)',
      value: `${paying.medianDays === null ? 'No confirmed payment yet' : formatDays(paying.medianDays)}${ofDue(paying.onTime, paying.due, 'payments by the due date')}`,
      explanation:
        'From the announcement to the payment the sponsor recorded (by the server’s clock), counted once the winner confirmed it or staff resolved it Paid. On time: recorded by the due date and counted as paid.',
      bountyIds: paying.bountyIds,
    },
  ];
}
