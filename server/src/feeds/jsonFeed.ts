import type { FeedDocument } from './feedDocument';

/** JSON Feed 1.1. JSON.stringify escapes every value; the reward and deadline go in an extension. */

export const JSON_FEED_VERSION = 'https://jsonfeed.org/version/1.1';

/** The bounty fields JSON Feed has no place for (an extension: its key starts with an underscore). */
export interface SideQuestExtension {
  reward_usd: number;
  deadline: string;
  /** RFC 3339, or null when the deadline is no date. */
  closes_at: string | null;
  domain: string;
  company: string;
}

export interface JsonFeedItem {
  id: string;
  url: string;
  title: string;
  content_text: string;
  summary: string;
  date_published?: string;
  tags: string[];
  _side_quest: SideQuestExtension;
}

export interface JsonFeed {
  version: string;
  title: string;
  home_page_url: string;
  feed_url: string;
  description: string;
  language: string;
  items: JsonFeedItem[];
}

export function toJsonFeed(feed: FeedDocument): JsonFeed {
  return {
    version: JSON_FEED_VERSION,
    title: feed.title,
    home_page_url: feed.homePageUrl,
    feed_url: feed.feedUrl,
    description: feed.description,
    language: 'en',
    items: feed.items.map((item) => ({
      id: item.url,
      url: item.url,
      title: item.title,
      content_text: item.text,
      summary: item.summary,
      ...(item.published ? { date_published: item.published } : {}),
      tags: item.skills,
      _side_quest: {
        reward_usd: item.reward,
        deadline: item.deadline,
        closes_at: item.closesAt,
        domain: item.domain,
        company: item.company,
      },
    })),
  };
}
