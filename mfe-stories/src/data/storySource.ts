import type { Story } from '../content/story';
import { STORIES } from '../content/stories';
import { sortNewestFirst } from './storyOrder';

/*
 * The story access layer. The list is built in, but the pages only ever see it through these async
 * calls, so moving stories to an API or CMS later changes this file alone, and the pages already handle
 * loading and failure. (A static import rather than a lazy chunk: one fewer sequential round trip.)
 */

/** Every story, newest first, read from the built-in list (mfe-stories/README.md, "Story data"). */
export async function listStories(): Promise<Story[]> {
  return sortNewestFirst(STORIES);
}

/** One story by slug; null when no story has it (the 'Story not found' state). */
export async function getStoryBySlug(slug: string): Promise<Story | null> {
  return STORIES.find((story) => story.slug === slug) ?? null;
}
