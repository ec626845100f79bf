import { formatNumberEnUs } from '@side-quest/data';
import type { Bounty } from '@side-quest/data/bounties';
import { closingTime, describeFilters, type BountyFilters } from '@side-quest/data/bounty-query';
import { bountyDetailUrl } from '../bounties/publicBounties';

/**
 * What both feed formats say, built once from the matching bounties; toRss and toJsonFeed only write
 * it down. Every value is plain text here: each serialiser escapes for its own format.
 */

/** A feed holds at most this many bounties (the first of the order asked for). */
export const FEED_MAX_ITEMS = 100;

export const FEED_TITLE = 'Side Quest bounties';

// The SPEC's fallback texts, as the cards show them.
const UNTITLED = 'Untitled Bounty';
const NO_DESCRIPTION = 'No description available.';
const NO_DEADLINE = 'No deadline';

export interface FeedItem {
  /** The detail page's absolute URL: the item's link and its permanent id. */
  url: string;
  title: string;
  summary: string;
  /** The summary followed by the reward, deadline, skills and company, one per line. */
  text: string;
  /** USD; 0 when the bounty names none. */
  reward: number;
  /** The deadline as the source has it (a date or display text), '' when none. */
  deadline: string;
  /** RFC 3339, when the deadline is a date; null otherwise. */
  closesAt: string | null;
  skills: string[];
  domain: string;
  company: string;
  /** RFC 3339 creation time; null when the source has none. */
  published: string | null;
}

export interface FeedDocument {
  title: string;
  description: string;
  /** The list page showing the same filters. */
  homePageUrl: string;
  /** This feed's own absolute URL. */
  feedUrl: string;
  /** The newest item's creation time (RFC 3339), null when no item is dated. */
  updated: string | null;
  items: FeedItem[];
}

function isoOrNull(value: string | number | null): string | null {
  if (value === null) return null;
  const time = typeof value === 'number' ? value : Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

export function feedItem(bounty: Bounty, origin: string): FeedItem {
  const summary = bounty.summary_description.trim() || NO_DESCRIPTION;
  const reward = Number.isFinite(bounty.reward_amount) ? bounty.reward_amount : 0;
  const deadline = bounty.deadline.trim();
  const lines = [
    summary,
    '',
    `Reward: ${reward > 0 ? `$${formatNumberEnUs(reward, 2)}` : 'none stated'}`,
    `Deadline: ${deadline || NO_DEADLINE}`,
  ];
  if (bounty.skill_tags.length > 0) lines.push(`Skills: ${bounty.skill_tags.join(', ')}`);
  if (bounty.platform_name) lines.push(`Company: ${bounty.platform_name}`);
  return {
    url: bountyDetailUrl(origin, bounty.id),
    title: bounty.item_title.trim() || UNTITLED,
    summary,
    text: lines.join('\n'),
    reward,
    deadline,
    closesAt: isoOrNull(closingTime(deadline)),
    skills: bounty.skill_tags,
    domain: bounty.bounty_area,
    company: bounty.platform_name,
    published: isoOrNull(bounty.created_at),
  };
}

export interface FeedDocumentInput {
  /** The matching bounties in feed order; only the first FEED_MAX_ITEMS are kept. */
  bounties: readonly Bounty[];
  filters: BountyFilters;
  /** Whether the order is the default one (newest first), which the description then says. */
  newestFirst: boolean;
  origin: string;
  homePageUrl: string;
  feedUrl: string;
}

export function feedDocument(input: FeedDocumentInput): FeedDocument {
  const items = input.bounties.slice(0, FEED_MAX_ITEMS).map((bounty) => feedItem(bounty, input.origin));
  const described = describeFilters(input.filters);
  let updated: string | null = null;
  for (const item of items)
    if (item.published && (!updated || item.published > updated)) updated = item.published;
  const which = described ? `Bounties on Side Quest ${described}` : 'All bounties on Side Quest';
  const order = input.newestFirst ? ', newest first' : '';
  return {
    title: described ? `${FEED_TITLE}: ${described}` : FEED_TITLE,
    description: `${which}${order} (at most ${FEED_MAX_ITEMS}).`,
    homePageUrl: input.homePageUrl,
    feedUrl: input.feedUrl,
    updated,
    items,
  };
}
