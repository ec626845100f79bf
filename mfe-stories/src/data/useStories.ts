import { useQuery, type QueryClient, type UseQueryResult } from '@side-quest/data/query';
import type { Story } from '../content/story';
import { getStoryBySlug, listStories } from './storySource';

export const STORIES_KEY = ['stories'] as const;
export const storyKey = (slug: string) => ['story', slug] as const;

/** All stories, newest first; /blog and /blog/all share the one cached result. */
export function useStories(): UseQueryResult<Story[]> {
  return useQuery({ queryKey: STORIES_KEY, queryFn: listStories });
}

/** One story by slug: null data means not found, an error means it failed to load. */
export function useStory(slug: string): UseQueryResult<Story | null> {
  return useQuery({ queryKey: storyKey(slug), queryFn: () => getStoryBySlug(slug) });
}

/** Loads the list into a QueryClient (server rendering). */
export function prefetchStories(queryClient: QueryClient): Promise<Story[]> {
  return queryClient.fetchQuery({ queryKey: STORIES_KEY, queryFn: listStories });
}

/** Loads one story into a QueryClient (server rendering); null when no story has the slug. */
export function prefetchStory(queryClient: QueryClient, slug: string): Promise<Story | null> {
  return queryClient.fetchQuery({ queryKey: storyKey(slug), queryFn: () => getStoryBySlug(slug) });
}
