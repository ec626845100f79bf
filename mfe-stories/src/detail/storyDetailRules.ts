import { PRODUCT_NAME, type PreviewCard } from '@side-quest/design';
import type { Story } from '../content/story';

/** Structured-data article body limit (mfe-stories/README.md, "Structured data"). */
export const ARTICLE_BODY_LIMIT = 5000;

/** The story's main image: first of imageUrls, else thumbnailUrl, else authorImageUrl. */
export function mainImageUrl(
  story: Pick<Story, 'imageUrls' | 'thumbnailUrl' | 'authorImageUrl'>,
): string | undefined {
  const candidates = [story.imageUrls?.[0], story.thumbnailUrl, story.authorImageUrl];
  return candidates.map((url) => url?.trim()).find((url): url is string => Boolean(url));
}

/**
 * Markdown reduced to readable text for the article's structured data: markup, link targets, image
 * sources and raw HTML tags are dropped, the words stay.
 */
export function markdownToPlainText(markdown: string): string {
  return markdown
    .replace(/^\s*(```|~~~).*$/gm, '')
    .replace(/<[^>]*>/g, '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}#{1,6}\s+/gm, '')
    .replace(/^\s{0,3}>\s?/gm, '')
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/gm, '')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[^\w*])[*_]([^*_\s][^*_]*?)[*_](?=[^\w*]|$)/g, '$1$2')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Cuts to at most `limit` characters without splitting a surrogate pair. */
export function cutText(text: string, limit: number): string {
  const characters = Array.from(text);
  return characters.length <= limit ? text : characters.slice(0, limit).join('');
}

/** Resolves a possibly relative URL against the page, so search engines get an absolute address. */
function absoluteUrl(url: string | undefined, base: string): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url, base).href;
  } catch {
    return undefined;
  }
}

/** schema.org Article data for a story page; its body is cut at 5000 characters. */
export function articleJsonLd(story: Story, pageUrl: string) {
  const image = absoluteUrl(mainImageUrl(story), pageUrl);
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: story.title,
    description: story.excerpt,
    author: { '@type': 'Person', name: story.author },
    datePublished: story.publishedDate,
    ...(image ? { image: [image] } : {}),
    articleBody: cutText(markdownToPlainText(story.content), ARTICLE_BODY_LIMIT),
    mainEntityOfPage: absoluteUrl(`/blog/${encodeURIComponent(story.slug)}`, pageUrl),
    publisher: { '@type': 'Organization', name: PRODUCT_NAME },
  };
}

/** What the story's link-preview image shows (drawn by the server): title, author, proven skills. */
export function storyPreviewCard(story: Pick<Story, 'title' | 'author' | 'provenSkills'>): PreviewCard {
  return {
    title: story.title,
    subtitle: story.author,
    tags: story.provenSkills
      .split(',')
      .map((skill) => skill.trim())
      .filter(Boolean),
  };
}
