import type { Story } from '../content/story';

/** A story with every field set; override what a test is about. */
export function storyFixture(overrides: Partial<Story> = {}): Story {
  return {
    id: 'story-x',
    slug: 'a-story',
    title: 'A Story',
    author: 'Ada Author',
    authorImageUrl: '/img/author.svg',
    thumbnailUrl: '/img/thumb.svg',
    imageUrls: ['/img/main.svg'],
    excerpt: 'What happened, briefly.',
    provenSkills: 'Rust, Testing',
    publishedDate: '2025-05-01',
    content: '# Start\n\nSome words.',
    ...overrides,
  };
}
