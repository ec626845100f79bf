import type { Story } from '../content/story';
import { sortNewestFirst } from './storyOrder';

/**
 * The static list is fetched as its own chunk: the list and detail pages share it, and a failed chunk
 * load surfaces as a real error state instead of breaking the section.
 */
async function loadBuiltInStories(): Promise<readonly Story[]> {
  const { STORIES } = await import(/* webpackChunkName: "stories-content" */ '../content/stories');
  return STORIES;
}

/** Every story, newest first (SPEC §7: read from the built-in list). */
export async function listStories(): Promise<Story[]> {
  return sortNewestFirst(await loadBuiltInStories());
}

/** One story by slug; null when no story has it (the 'Story not found' state). */
export async function getStoryBySlug(slug: string): Promise<Story | null> {
  const stories = await loadBuiltInStories();
  return stories.find((story) => story.slug === slug) ?? null;
}
