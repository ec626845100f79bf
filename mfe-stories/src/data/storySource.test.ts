import { getStoryBySlug, listStories } from './storySource';
import { sortNewestFirst } from './storyOrder';
import { storyFixture } from '../testing/storyFixture';

describe('story source', () => {
  it('lists every built-in story, newest first', async () => {
    const stories = await listStories();
    expect(stories.map((story) => story.slug)).toEqual([
      'nested-skills-research',
      'deepseek-ai-sidequest',
      'how-to-sidequest-guide',
    ]);
  });

  it('finds a story by its slug', async () => {
    const story = await getStoryBySlug('how-to-sidequest-guide');
    expect(story?.title).toBe('How to Side Quest: A Field Guide to Your First Bounty');
  });

  it('resolves to null for an unknown slug, including near misses', async () => {
    await expect(getStoryBySlug('no-such-story')).resolves.toBeNull();
    await expect(getStoryBySlug('How-To-Sidequest-Guide')).resolves.toBeNull();
    await expect(getStoryBySlug('')).resolves.toBeNull();
  });
});

describe('sortNewestFirst', () => {
  it('orders by publishedDate descending and puts unreadable dates last', () => {
    const sorted = sortNewestFirst([
      storyFixture({ id: 'old', publishedDate: '2024-01-01' }),
      storyFixture({ id: 'broken', publishedDate: 'not a date' }),
      storyFixture({ id: 'new', publishedDate: '2025-12-31' }),
      storyFixture({ id: 'mid', publishedDate: '2025-06-01T10:00:00Z' }),
    ]);
    expect(sorted.map((story) => story.id)).toEqual(['new', 'mid', 'old', 'broken']);
  });

  it('does not reorder the input array', () => {
    const input = [storyFixture({ id: 'a', publishedDate: '2020-01-01' }), storyFixture({ id: 'b' })];
    sortNewestFirst(input);
    expect(input.map((story) => story.id)).toEqual(['a', 'b']);
  });
});
