import type { Bounty } from '@side-quest/data';

/**
 * What a page's link-preview image shows besides the brand; the server draws it (server/src/previews).
 * A remote whose data the server cannot read itself (stories) hands it over through its exposed page's
 * `previewCard` export.
 */
export interface PreviewCard {
  title: string;
  /** One line under the title (a story's author); empty for none. */
  subtitle: string;
  tags: string[];
}

/**
 * The optional named export `previewCard` of a remote's exposed page: the preview of the page for this
 * route parameter (a story's slug), or null when there is no such page. The server calls it through the
 * Module Federation runtime, since only the remote knows its own data.
 */
export type SectionPreviewCard = (key: string) => Promise<PreviewCard | null>;

/**
 * A short version of what a preview image shows, for its URL's `?v=`. Link previews are cached by URL,
 * so the URL has to change when the picture does; the server computes the same value to know that a
 * requested URL is current and may be cached longer. FNV-1a over the parts: a cache key, not a check.
 */
export function previewImageVersion(parts: readonly string[]): string {
  const text = parts.join('\u0000');
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** The parts of a bounty its image shows: title, reward and skills. */
export function bountyPreviewVersion(bounty: Pick<Bounty, 'item_title' | 'reward_amount' | 'skill_tags'>) {
  return previewImageVersion([bounty.item_title, String(bounty.reward_amount), ...bounty.skill_tags]);
}

export function cardPreviewVersion(card: PreviewCard): string {
  return previewImageVersion([card.title, card.subtitle, ...card.tags]);
}

/** A bounty page's preview image (1200×630 PNG served by the server). */
export function bountyPreviewImage(
  bounty: Pick<Bounty, 'id' | 'item_title' | 'reward_amount' | 'skill_tags'>,
): string {
  return `/og/bounty/${encodeURIComponent(bounty.id)}.png?v=${bountyPreviewVersion(bounty)}`;
}

/** A story page's preview image, for the card its page module's `previewCard` returns. */
export function storyPreviewImage(slug: string, card: PreviewCard): string {
  return `/og/story/${encodeURIComponent(slug)}.png?v=${cardPreviewVersion(card)}`;
}
