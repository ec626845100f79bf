/**
 * @jest-environment node
 */
// Node, as the server: the preview card and the sitemap's entries exist only where there is no window
// (server-only code).
import { listStories } from '../data/storySource';
import { previewCard, sitemapEntries } from './StoryDetailPage';

describe("previewCard (the server's link-preview image)", () => {
  it("describes a story's image by its title, author and proven skills; an unknown story has none", async () => {
    await expect(previewCard!('deepseek-ai-sidequest')).resolves.toEqual({
      title: 'From Late-Night Experiments to a Paid AI Bounty with Open DeepSeek Models',
      subtitle: 'Mara Okafor',
      tags: ['Python', 'LLM Inference', 'vLLM', 'Evaluation Design'],
    });
    await expect(previewCard!('no-such-story')).resolves.toBeNull();
  });
});

describe("sitemapEntries (the server's sitemap)", () => {
  it("lists every story's page, dated by its publication", async () => {
    const stories = await listStories();
    expect(stories.length).toBeGreaterThan(0);
    await expect(sitemapEntries!()).resolves.toEqual(
      stories.map((story) => ({
        path: `/blog/${encodeURIComponent(story.slug)}`,
        lastmod: story.publishedDate,
      })),
    );
  });
});
