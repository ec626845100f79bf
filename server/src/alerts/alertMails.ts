import { formatUtcDateTime } from '@side-quest/data';
import type { Bounty } from '@side-quest/data/bounties';
import type { OutgoingMail } from '../mail';
import type { DigestContent } from './alertRules';
import type { StoredAlert } from './alertStore';

const money = (amount: number) => `$${amount.toLocaleString('en-US')}`;

/**
 * An alert's digest: the new bounties (at most 20, newest first) with their links, a link to the whole
 * list, and where to change or stop the alert. Plain text, like every mail of the site.
 */
export function alertDigestMail(options: {
  to: string;
  alert: StoredAlert;
  summary: string;
  digest: DigestContent;
  since: string;
  origin: string;
  bountyUrl: (bounty: Bounty) => string;
  unsubscribeUrl: string;
}): OutgoingMail {
  const { alert, digest, origin } = options;
  const listUrl = `${origin}/bounties${alert.query ? `?${alert.query}` : ''}`;
  const count = digest.total;
  const lines = digest.bounties.flatMap((bounty, index) => [
    `${index + 1}. ${bounty.item_title || 'Untitled Bounty'} — ${bounty.platform_name || 'Unknown Platform'}${bounty.reward_amount > 0 ? ` — ${money(bounty.reward_amount)}` : ''}`,
    `   ${options.bountyUrl(bounty)}`,
  ]);
  const rest = count - digest.bounties.length;
  return {
    to: options.to,
    subject: `${count} new ${count === 1 ? 'bounty' : 'bounties'}: ${alert.name}`,
    text: [
      `New bounties matching your alert "${alert.name}" (${options.summary}), published since ${formatUtcDateTime(Date.parse(options.since))} UTC:`,
      '',
      ...lines,
      '',
      rest > 0 ? `And ${rest} more: ${listUrl}` : `See the list: ${listUrl}`,
      '',
      `You get this ${alert.frequency === 'daily' ? 'at most once a day' : 'at most once a week'} because you keep this search as an alert. Rename, pause or delete it at ${origin}/account/alerts.`,
      `Stop this alert: ${options.unsubscribeUrl}`,
    ].join('\n'),
  };
}
