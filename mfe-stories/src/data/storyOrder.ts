import type { Story } from '../content/story';

function publishedTime(story: Story): number {
  const time = Date.parse(story.publishedDate);
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

/** Newest first by publishedDate; an unreadable date sorts last, equal dates keep their order. */
export function sortNewestFirst(stories: readonly Story[]): Story[] {
  return [...stories].sort((a, b) => {
    const difference = publishedTime(b) - publishedTime(a);
    return Number.isNaN(difference) ? 0 : difference;
  });
}
