import { escapeXml } from '../site/sitemap';
import type { FeedDocument, FeedItem } from './feedDocument';

/**
 * RSS 2.0. Every value goes through escapeXml (the five special characters as entities, characters
 * XML 1.0 cannot hold dropped), so no bounty text can end an element or break the document.
 */

/** RFC 822 (with a four-digit year, as RSS readers expect): "Sun, 01 Mar 2026 12:00:00 GMT". */
export function rfc822(iso: string): string {
  return new Date(iso).toUTCString();
}

const HTML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * An RSS description is HTML, which readers render: plain text becomes HTML first (its markup
 * characters as entities, line breaks as <br>), so a summary such as "<script>" shows as text.
 */
export function plainTextAsHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ENTITIES[char] as string).replace(/\r?\n/g, '<br>\n');
}

const element = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;

function itemXml(item: FeedItem): string {
  const parts = [
    element('title', item.title),
    element('link', item.url),
    `<guid isPermaLink="true">${escapeXml(item.url)}</guid>`,
    element('description', plainTextAsHtml(item.text)),
    ...item.skills.map((skill) => element('category', skill)),
  ];
  if (item.published) parts.push(element('pubDate', rfc822(item.published)));
  return `<item>\n${parts.join('\n')}\n</item>`;
}

export function toRss(feed: FeedDocument): string {
  const channel = [
    element('title', feed.title),
    element('link', feed.homePageUrl),
    element('description', feed.description),
    element('language', 'en'),
    `<atom:link href="${escapeXml(feed.feedUrl)}" rel="self" type="application/rss+xml"/>`,
  ];
  if (feed.updated) channel.push(element('lastBuildDate', rfc822(feed.updated)));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    ...channel,
    ...feed.items.map(itemXml),
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}
