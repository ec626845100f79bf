import { formatUtcDate } from '@side-quest/data';
import type { Story } from '../content/story';

/** Placeholder cards shown while stories load (mfe-stories/README.md, "List"). */
export const LOADING_CARD_COUNT = 3;

/** The card's picture: the thumbnail, else the author image; undefined when neither exists. */
export function cardImageUrl(story: Pick<Story, 'thumbnailUrl' | 'authorImageUrl'>): string | undefined {
  return story.thumbnailUrl?.trim() || story.authorImageUrl?.trim() || undefined;
}

/** 'Proved competence in {skills}': the same rule and wording as a talent profile's proven skills. */
export { formatProvenSkills, provedCompetenceLine } from '@side-quest/data/trust';

/** Long-form date for bylines, e.g. 'March 14, 2025'; empty when the date cannot be read. */
export function formatPublishedDate(isoDate: string): string {
  const time = Date.parse(isoDate);
  if (Number.isNaN(time)) return '';
  return formatUtcDate(time, 'long');
}
