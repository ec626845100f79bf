import { DEFAULT_LIST_QUERY, type BountyFilters } from './bountyQuery';
import { formatNumberEnUs } from '../format/enUs';
import { serializeListQuery } from './listUrlState';
import { stageLabel } from '../lifecycle/stages';

/**
 * The feeds of a search (server/README.md, "Feeds"): where they are and what they are called, so the
 * list page can link the feed of its current filters and the server can title it the same way.
 */

export type FeedFormat = 'rss' | 'json';

export const FEED_PATHS: Record<FeedFormat, string> = {
  rss: '/feeds/bounties.xml',
  json: '/feeds/bounties.json',
};

/** The media types for `<link rel="alternate" type=…>`. */
export const FEED_TYPES: Record<FeedFormat, string> = {
  rss: 'application/rss+xml',
  json: 'application/feed+json',
};

/**
 * The query string of a search's filters alone. Saved bounties live in one browser, so they are no
 * filter a feed reader can apply; paging has no meaning in a feed. The sort is left out too: a feed is
 * newest first, so a new bounty that matches always reaches the subscriber, whatever the list's order.
 */
export function feedParams(filters: BountyFilters): URLSearchParams {
  return serializeListQuery({
    ...DEFAULT_LIST_QUERY,
    search: filters.search,
    domain: filters.domain,
    skills: filters.skills,
    status: filters.status,
    stage: filters.stage,
    sponsor: filters.sponsor,
    minReward: filters.minReward,
    maxReward: filters.maxReward,
  });
}

/** The relative URL of the feed that follows the list's current filters, e.g. for "Subscribe (RSS)". */
export function feedUrl(query: BountyFilters, format: FeedFormat): string {
  const params = feedParams(query).toString();
  return params ? `${FEED_PATHS[format]}?${params}` : FEED_PATHS[format];
}

const money = (amount: number) => `$${formatNumberEnUs(amount, 0)}`;

/**
 * The filters in words, for a feed's title and description ('' when nothing is filtered), e.g.
 * `matching "parser", in AI/ML, with Rust or Go, open, $500 to $5,000`.
 */
export function describeFilters(filters: BountyFilters): string {
  const parts: string[] = [];
  const search = filters.search.trim();
  if (search) parts.push(`matching "${search}"`);
  if (filters.domain) parts.push(`in ${filters.domain}`);
  if (filters.skills.length > 0) parts.push(`with ${filters.skills.join(' or ')}`);
  if (filters.status) parts.push(filters.status);
  if (filters.stage) parts.push(`hosted on Side Quest, ${stageLabel(filters.stage).toLowerCase()}`);
  if (filters.sponsor === 'verified') parts.push('from verified sponsors');
  const { minReward: min, maxReward: max } = filters;
  if (min !== null && max !== null) parts.push(`${money(min)} to ${money(max)}`);
  else if (min !== null) parts.push(`at least ${money(min)}`);
  else if (max !== null) parts.push(`at most ${money(max)}`);
  return parts.join(', ');
}
