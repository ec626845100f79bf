import type { Story } from '../content/story';
import { sortNewestFirst } from './storyOrder';

/*
 * The story access layer. The list is built in, but the pages only ever see it through these async
 * calls, so moving stories to an API or CMS later changes this file alone, and the pages already handle
 * loading and failure.
 *
 * The list (every story's markdown, about 10 KB gzip) is a chunk of its own: a server-rendered page
 * hydrates from the stories in its state and never downloads it; a story page opened by client-side
 * navigation fetches it then.
 */
let builtIn: Promise<readonly Story[]> | undefined;
function builtInStories(): Promise<readonly Story[]> {
  builtIn ??= import(/* webpackChunkName: "story-list" */ '../content/stories').then(
    (module) => module.STORIES,
    (error: unknown) => {
      builtIn = undefined; // a later visit may try again
      throw error;
    },
  );
  return builtIn;
}

/** Every story, newest first, read from the built-in list (mfe-stories/README.md, "Story data"). */
export async function listStories(): Promise<Story[]> {
  return sortNewestFirst(await builtInStories());
}

/** One story by slug; null when no story has it (the 'Story not found' state). */
export async function getStoryBySlug(slug: string): Promise<Story | null> {
  return (await builtInStories()).find((story) => story.slug === slug) ?? null;
}
