import { serializeJsonLd } from '@side-quest/design';
import {
  ARTICLE_BODY_LIMIT,
  articleJsonLd,
  cutText,
  mainImageUrl,
  markdownToPlainText,
  storyPreviewCard,
} from './storyDetailRules';
import { storyFixture } from '../testing/storyFixture';

describe('mainImageUrl', () => {
  it('takes the first of imageUrls', () => {
    expect(
      mainImageUrl({ imageUrls: ['/1.svg', '/2.svg'], thumbnailUrl: '/t.svg', authorImageUrl: '/a.svg' }),
    ).toBe('/1.svg');
  });
  it('falls back to the thumbnail, then to the author image', () => {
    expect(mainImageUrl({ imageUrls: [], thumbnailUrl: '/t.svg', authorImageUrl: '/a.svg' })).toBe('/t.svg');
    expect(mainImageUrl({ imageUrls: [''], thumbnailUrl: '', authorImageUrl: '/a.svg' })).toBe('/a.svg');
  });
  it('is undefined when the story has no image at all', () => {
    expect(mainImageUrl({ imageUrls: [] })).toBeUndefined();
  });
});

describe('markdownToPlainText', () => {
  it('keeps the words and drops the markup', () => {
    const markdown = [
      '# Title',
      '',
      'Some **bold**, *italic*, _under_ and `code` with a [link](https://example.com/x).',
      '',
      '![An image](/a.svg)',
      '',
      '- one',
      '1. two',
      '> quoted',
      '```sh',
      'git status',
      '```',
      '<script>alert(1)</script>',
    ].join('\n');
    expect(markdownToPlainText(markdown)).toBe(
      'Title Some bold, italic, under and code with a link. An image one two quoted git status alert(1)',
    );
  });
  it('leaves snake_case and arithmetic alone', () => {
    expect(markdownToPlainText('use item_title and 2 * 3 * 4')).toBe('use item_title and 2 * 3 * 4');
  });
});

describe('cutText', () => {
  it('cuts to the limit without splitting an emoji', () => {
    expect(cutText('abcdef', 4)).toBe('abcd');
    expect(cutText('ab😀cd', 3)).toBe('ab😀');
    expect(cutText('short', 10)).toBe('short');
  });
});

describe('articleJsonLd', () => {
  const page = 'https://sidequest.example/blog/a-story';

  it('describes the story as a schema.org Article', () => {
    const data = articleJsonLd(storyFixture(), page);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'A Story',
      description: 'What happened, briefly.',
      author: { '@type': 'Person', name: 'Ada Author' },
      datePublished: '2025-05-01',
      image: ['https://sidequest.example/img/main.svg'],
      articleBody: 'Start Some words.',
      mainEntityOfPage: 'https://sidequest.example/blog/a-story',
    });
  });

  it('cuts the article body at 5000 characters', () => {
    const data = articleJsonLd(storyFixture({ content: 'word '.repeat(3000) }), page);
    expect(ARTICLE_BODY_LIMIT).toBe(5000);
    expect(data.articleBody).toHaveLength(5000);
  });

  it('cannot close its script element, whatever the story contains', () => {
    const hostile = storyFixture({
      title: '</script><script>alert(1)</script>',
      content: 'text </script><img src=x onerror=alert(1)>',
    });
    const serialised = serializeJsonLd(articleJsonLd(hostile, page));
    expect(serialised).not.toMatch(/<\/script/i);
    expect(serialised).not.toContain('<');
    expect(JSON.parse(serialised).headline).toBe('</script><script>alert(1)</script>');
  });

  it('leaves the image out when the story has none', () => {
    const data = articleJsonLd(
      storyFixture({ imageUrls: [], thumbnailUrl: undefined, authorImageUrl: undefined }),
      page,
    );
    expect(data).not.toHaveProperty('image');
  });
});

describe('storyPreviewCard', () => {
  it('gives the title, the author and the proven skills split at commas, empty ones dropped', () => {
    expect(storyPreviewCard({ title: 'T', author: 'Ada', provenSkills: ' Python ,, SQL ,' })).toEqual({
      title: 'T',
      subtitle: 'Ada',
      tags: ['Python', 'SQL'],
    });
  });
});
