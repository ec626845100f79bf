import type { Story } from '../content/story';

/** /blog shows this many stories; more than this and 'View All Stories' links to /blog/all. */
export const STORIES_ON_LIST_PAGE = 3;

export function shouldShowViewAllLink(storyCount: number): boolean {
  return storyCount > STORIES_ON_LIST_PAGE;
}

/** The newest stories that fit on /blog (the input is already newest first). */
export function storiesForListPage(stories: readonly Story[]): Story[] {
  return stories.slice(0, STORIES_ON_LIST_PAGE);
}
