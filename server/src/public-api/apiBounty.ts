import type { Bounty } from '@side-quest/data/bounties';
import { closingTime, statusAt, type BountyStatus } from '@side-quest/data/bounty-query';
import { overdueOf, paidAt, stageOf, type Overdue, type Stage } from '@side-quest/data/lifecycle';
import { bountyDetailUrl } from '../bounties/publicBounties';

/** A bounty as the public API gives it: stable camelCase names, absolute link, status at answer time. */
export interface ApiBounty {
  id: string;
  title: string;
  company: string;
  /** USD; 0 when none. */
  reward: number;
  /** As the source has it: a date (YYYY-MM-DD or with a time) or display text; '' when none. */
  deadline: string;
  status: BountyStatus;
  /** When it stops taking solutions (RFC 3339), null when the deadline is no date. */
  closesAt: string | null;
  skills: string[];
  domain: string;
  /** The detail page. */
  url: string;
  summary: string;
  /** RFC 3339, null when unknown. */
  createdAt: string | null;
  /** A hosted bounty's lifecycle stage at answer time; null for an imported bounty. */
  stage: Stage | null;
  overdue: Overdue | null;
  announcedAt: string | null;
  /** When the last winner came to count as paid. */
  paidAt: string | null;
}

function isoOrNull(time: number | null): string | null {
  return time === null || Number.isNaN(time) ? null : new Date(time).toISOString();
}

export function toApiBounty(bounty: Bounty, origin: string, now: number): ApiBounty {
  const closesAt = closingTime(bounty.deadline);
  const { hosted } = bounty;
  return {
    id: bounty.id,
    title: bounty.item_title,
    company: bounty.platform_name,
    reward: bounty.reward_amount,
    deadline: bounty.deadline,
    status: statusAt(closesAt, now),
    closesAt: isoOrNull(closesAt),
    skills: bounty.skill_tags,
    domain: bounty.bounty_area,
    url: bountyDetailUrl(origin, bounty.id),
    summary: bounty.summary_description,
    createdAt: bounty.created_at ? isoOrNull(Date.parse(bounty.created_at)) : null,
    stage: hosted ? stageOf(hosted, now) : null,
    overdue: hosted ? overdueOf(hosted, now) : null,
    announcedAt: hosted?.announcedAt ?? null,
    paidAt: hosted ? paidAt(hosted, now) : null,
  };
}
