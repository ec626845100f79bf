import { formatUsd } from '@side-quest/data/lifecycle';
import type { PostedMail } from '../mail';

/**
 * The lifecycle's e-mails. The ones a duty depends on always go: payment e-mails (recorded, confirmed,
 * reported, resolved) and the overdue reminders, which reach the whole team that owes judging or a
 * payment (its owners among them). The others carry their kind of optional mail (`kind`): the mail post
 * checks the person's switch on /account and adds the one-click unsubscribe. Links only open a page:
 * every answer is a POST from that page, since mail scanners follow links.
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

/** The lifecycle mail that always goes: the payments and the overdue reminders. */
export const ALWAYS_SENT_KINDS: ReadonlySet<LifecycleMailKind> = new Set([
  'reminder',
  'payment-recorded',
  'payment-answered',
  'case-resolved',
]);

/**
 * The name the lifecycle service checks before its own switch (lifecycle.ts): every kind in it skips
 * that check. The reminders are in it so a team whose members turned optional mail off still hears it
 * owes a payment.
 */
export const PAYMENT_MAIL_KINDS = ALWAYS_SENT_KINDS;

export const lifecycleMails = {
  submissionReceived: (to: string, title: string, reviewUrl: string): PostedMail => ({
    kind: 'team-notices',
    to,
    subject: `New submission to ${title}`,
    text: `A solution was submitted to your bounty "${title}".\n\nReview it at ${reviewUrl}`,
  }),
  submissionRejected: (to: string, title: string, reason: string, url: string): PostedMail => ({
    kind: 'talent-updates',
    to,
    subject: `Your submission to ${title} was not accepted`,
    text: `The sponsor of "${title}" did not accept your submission. Their reason:\n\n${reason}\n\nSee it at ${url}`,
  }),
  winnersAnnounced: (to: string, title: string, won: number | null, url: string): PostedMail => ({
    kind: 'talent-updates',
    to,
    subject: `Winners announced: ${title}`,
    text:
      won === null
        ? `The winners of "${title}" are announced. Thank you for taking part.\n\nSee them at ${url}`
        : `You won ${formatUsd(won)} in "${title}". The sponsor records the payment next; we will e-mail you to confirm it arrived.\n\nSee it at ${url}`,
  }),
  bountyRejected: (to: string, title: string, reason: string, url: string): PostedMail => ({
    kind: 'team-notices',
    to,
    subject: `Your bounty ${title} was not approved`,
    text: `Side Quest staff did not approve "${title}". Their reason:\n\n${reason}\n\nEdit it at ${url}`,
  }),
  reminder: (to: string, title: string, what: string, url: string): PostedMail => ({
    to,
    subject: `${what}: ${title}`,
    text: `"${title}": ${what.toLowerCase()}. Talent is waiting on you.\n\nAct at ${url}`,
  }),
  paymentRecorded: (to: string, title: string, amount: number, answerUrl: string): PostedMail => ({
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
  ): PostedMail => ({
    to,
    subject: received ? `Payment confirmed: ${title}` : `Payment reported missing: ${title}`,
    text: received
      ? `${handle} confirmed that your payment for "${title}" arrived. Thank you.\n\n${url}`
      : `${handle} reported that your payment for "${title}" has not arrived. Side Quest staff will look into it; reply with evidence of the transfer.\n\n${url}`,
  }),
  caseResolved: (to: string, title: string, paid: boolean, note: string, url: string): PostedMail => ({
    to,
    subject: `Payment case resolved: ${title}`,
    text: `Side Quest staff resolved the payment case of "${title}" as ${paid ? 'Paid' : 'Not paid'}:\n\n${note}\n\n${url}`,
  }),
};
