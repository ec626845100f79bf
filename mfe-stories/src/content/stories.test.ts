import fs from 'node:fs';
import path from 'node:path';
import { STORIES } from './stories';
import { markdownToPlainText } from '../detail/storyDetailRules';

const ASSETS = path.join(__dirname, '..', 'assets');

describe('the built-in stories', () => {
  it('are the three known slugs, each with a unique id', () => {
    expect(STORIES.map((story) => story.slug).sort()).toEqual([
      'deepseek-ai-sidequest',
      'how-to-sidequest-guide',
      'nested-skills-research',
    ]);
    expect(new Set(STORIES.map((story) => story.id)).size).toBe(3);
  });

  it.each(STORIES.map((story) => [story.slug, story] as const))(
    '%s has every field filled in',
    (_, story) => {
      for (const field of ['id', 'title', 'author', 'excerpt', 'provenSkills', 'content'] as const) {
        expect(story[field].trim()).not.toBe('');
      }
      expect(story.authorImageUrl).toBeTruthy();
      expect(story.thumbnailUrl).toBeTruthy();
      expect(story.imageUrls.length).toBeGreaterThan(0);
      expect(story.publishedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number.isNaN(Date.parse(story.publishedDate))).toBe(false);
      expect(story.provenSkills.split(',').every((skill) => skill.trim().length > 0)).toBe(true);
    },
  );

  it.each(STORIES.map((story) => [story.slug, story] as const))(
    '%s has a long body with headings, lists, links and an image',
    (_, story) => {
      const words = markdownToPlainText(story.content).split(/\s+/).filter(Boolean);
      expect(words.length).toBeGreaterThan(1000);
      expect(story.content).toMatch(/^## /m);
      expect(story.content).toMatch(/^### /m);
      expect(story.content).toMatch(/^(- |\d+\. )/m);
      expect(story.content).toMatch(/\]\(\/[a-z]/); // a relative link into the site
      expect(story.content).toMatch(/\]\(https:\/\//); // a link to outside documentation
      expect(story.content).toMatch(/!\[[^\]]+\]\([^)]+\)/); // an image with alt text
      expect(story.content).not.toMatch(/<[a-z]/i); // no raw HTML needed
    },
  );

  it.each(STORIES.map((story) => [story.slug, story] as const))(
    '%s starts at a top-level heading and never skips a level, so the page outline stays in order',
    (_, story) => {
      const levels = [...story.content.matchAll(/^(#{1,6}) /gm)].map((match) => match[1]?.length ?? 0);
      expect(levels[0]).toBe(1);
      levels.slice(1).forEach((level, index) => {
        expect(level - (levels[index] ?? 0)).toBeLessThanOrEqual(1);
      });
    },
  );

  it('link only to routes that exist on the site', () => {
    const known = ['/bounties', '/compass', '/blog', '/about', '/for-clients'];
    for (const story of STORIES) {
      for (const [, target] of story.content.matchAll(/\]\((\/[^)\s]*)\)/g)) {
        expect(known).toContain(target);
      }
    }
  });

  it('use only local image files that are well-formed SVG', () => {
    const files = fs.readdirSync(ASSETS).filter((file) => file.endsWith('.svg'));
    expect(files.length).toBeGreaterThanOrEqual(12);
    for (const file of files) {
      const document = new DOMParser().parseFromString(
        fs.readFileSync(path.join(ASSETS, file), 'utf8'),
        'image/svg+xml',
      );
      expect({ file, error: document.getElementsByTagName('parsererror').length }).toEqual({
        file,
        error: 0,
      });
      expect(document.documentElement.getAttribute('viewBox')).toBeTruthy();
      expect(document.querySelector('script, foreignObject, image')).toBeNull();
    }
    // Every story image is an imported asset (the Jest stub), never a URL to another host.
    for (const story of STORIES) {
      for (const url of [story.authorImageUrl, story.thumbnailUrl, ...story.imageUrls]) {
        expect(url).toBe('test-file-stub');
      }
      expect(story.content).not.toMatch(/!\[[^\]]*\]\(https?:/);
    }
  });
});
