import { formatUsd } from '@side-quest/data/lifecycle';
import type { OutgoingMail } from '../mail';

/**
 * The lifecycle's e-mails. Payment e-mails (recorded, confirmed, reported) always go; the others can be
 * switched off on the account page. Links only open a page: every answer is a POST from that page, since
 * mail scanners follow links.
 */
export type LifecycleMailKind =
  | 'submission-received'
  | 'submission-rejected'
  | 'winners-announced'
  | 'bounty-rejected'
  | 'reminder'
  | 'payment-recorded'
  | 'payment-answered'
  | 'case-resolved';

export const PAYMENT_MAIL_KINDS: ReadonlySet<LifecycleMailKind> = new Set([
  'payment-recorded',
  'payment-answered',
  'case-resolved',
]);

export const lifecycleMails = {
  submissionReceived: (to: string, title: string, reviewUrl: string): OutgoingMail => ({
    to,
    subject: `New submission to ${title}`,
    text: `A solution was submitted to your bounty "${title}".\n\nReview it at ${reviewUrl}`,
  }),
  submissionRejected: (to: string, title: string, reason: string, url: string): OutgoingMail => ({
    to,
    subject: `Your submission to ${title} was not accepted`,
    text: `The sponsor of "${title}" did not accept your submission. Their reason:\n\n${reason}\n\nSee it at ${url}`,
  }),
  winnersAnnounced: (to: string, title: string, won: number | null, url: string): OutgoingMail => ({
    to,
    subject: `Winners announced: ${title}`,
    text:
      won === null
        ? `The winners of "${title}" are announced. Thank you for taking part.\n\nSee them at ${url}`
        : `You won ${formatUsd(won)} in "${title}". The sponsor records the payment next; we will e-mail you to confirm it arrived.\n\nSee it at ${url}`,
  }),
  bountyRejected: (to: string, title: string, reason: string, url: string): OutgoingMail => ({
    to,
    subject: `Your bounty ${title} was not approved`,
    text: `Side Quest staff did not approve "${title}". Their reason:\n\n${reason}\n\nEdit it at ${url}`,
  }),
  reminder: (to: string, title: string, what: string, url: string): OutgoingMail => ({
    to,
    subject: `${what}: ${title}`,
    text: `"${title}": ${what.toLowerCase()}. Talent is waiting on you.\n\nAct at ${url}`,
  }),
  paymentRecorded: (to: string, title: string, amount: number, answerUrl: string): OutgoingMail => ({
    to,
    subject: `Did you receive ${formatUsd(amount)} for ${title}?`,
    text: `The sponsor of "${title}" recorded a payment of ${formatUsd(amount)} to you.\n\nTell us whether it arrived: open ${answerUrl} and answer Received or Not received. If you do not answer within 14 days, it counts as paid.`,
  }),
  paymentAnswered: (
    to: string,
    title: string,
    handle: string,
    received: boolean,
    url: string,
  ): OutgoingMail => ({
    to,
    subject: received ? `Payment confirmed: ${title}` : `Payment reported missing: ${title}`,
    text: received
      ? `${handle} confirmed that your payment for "${title}" arrived. Thank you.\n\n${url}`
      : `${handle} reported that your payment for "${title}" has not arrived. Side Quest staff will look into it; reply with evidence of the transfer.\n\n${url}`,
  }),
  caseResolved: (to: string, title: string, paid: boolean, note: string, url: string): OutgoingMail => ({
    to,
    subject: `Payment case resolved: ${title}`,
    text: `Side Quest staff resolved the payment case of "${title}" as ${paid ? 'Paid' : 'Not paid'}:\n\n${note}\n\n${url}`,
  }),
};
