import { formatNumberEnUs } from '@side-quest/data';
import type { Bounty } from '@side-quest/data/bounties';
import { BOUNTY_DOMAINS } from '@side-quest/data/forms';
import type { PreviewCard } from '@side-quest/design';
import type { PreviewContent } from './layout';

/** The bounty pages' own wording (mfe-bounties/README.md, "Display rules"). */
const UNTITLED_BOUNTY = 'Untitled Bounty';

/** The reward as the bounty pages show it ('$' and an en-US number), empty when there is none. */
export function formatReward(amount: number): string {
  return Number.isFinite(amount) && amount > 0 ? `$${formatNumberEnUs(amount, 2)}` : '';
}

/** A bounty's image: its title, reward and skills. */
export function bountyPreview(bounty: Pick<Bounty, 'item_title' | 'reward_amount' | 'skill_tags'>) {
  return {
    eyebrow: '// BOUNTY',
    title: bounty.item_title.trim() || UNTITLED_BOUNTY,
    badge: formatReward(bounty.reward_amount),
    subtitle: '',
    tagsLabel: '',
    tags: bounty.skill_tags,
  } satisfies PreviewContent;
}

/** A story's image: its title, author and proven skills, as the stories remote describes them. */
export function storyPreview(card: PreviewCard): PreviewContent {
  return {
    eyebrow: '// SUCCESS STORY',
    title: card.title,
    badge: '',
    subtitle: card.subtitle ? `by ${card.subtitle}` : '',
    tagsLabel: 'PROVED:',
    tags: card.tags,
  };
}

/** A talent profile's image: name, handle and bounties won, proven skills (talentPreviewCard). */
export function talentPreview(card: PreviewCard): PreviewContent {
  return {
    eyebrow: '// TALENT',
    title: card.title,
    badge: '',
    subtitle: card.subtitle,
    tagsLabel: card.tags.length > 0 ? 'PROVED:' : '',
    tags: card.tags,
  };
}

/** Every other page's image: the product's promise and its domains. */
export const SITE_PREVIEW: PreviewContent = {
  eyebrow: '// REAL-WORLD BOUNTIES',
  title: 'Prove Your Skills with Real-World Projects',
  badge: '',
  subtitle: 'Solve paid challenges from real companies. Get paid, get proof, get hired.',
  tagsLabel: '',
  tags: [...BOUNTY_DOMAINS],
};

/**
 * A remote's `previewCard` answer checked like any input (it is another deploy's code): a card of
 * strings, or null when it is not one. Nothing is cut here, so its version matches the page's; the
 * layout cuts what it draws.
 */
export function readPreviewCard(value: unknown): PreviewCard | null {
  if (!value || typeof value !== 'object') return null;
  const { title, subtitle, tags } = value as Record<string, unknown>;
  if (typeof title !== 'string' || !title.trim()) return null;
  return {
    title,
    subtitle: typeof subtitle === 'string' ? subtitle : '',
    tags: Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [],
  };
}
