import { renderUserMarkdown } from './renderUserMarkdown';
import { USER_MARKDOWN_MAX } from './SafeMarkdown';

describe('renderUserMarkdown (people’s markdown)', () => {
  it('renders markdown with headings one level down and code blocks reachable', () => {
    const html = renderUserMarkdown('# Goal\n\nMake it **resumable**.\n\n```\nnpm test\n```');
    expect(html).toContain('<h2>Goal</h2>');
    expect(html).toContain('<strong>resumable</strong>');
    expect(html).toContain('<pre tabindex="0" aria-label="Code example">');
  });

  it('drops raw HTML, scripts, images and unsafe links, and marks links as user content', () => {
    const html = renderUserMarkdown(
      [
        '<script>alert(1)</script>',
        '<img src=x onerror=alert(1)>',
        '![tracker](https://evil.test/pixel.png)',
        '[click](javascript:alert(1)) [docs](https://docs.test/a)',
        '<a href="https://x.test" onclick="alert(1)">raw</a>',
      ].join('\n\n'),
    );
    expect(html).not.toMatch(/<script|onerror|onclick|<img|javascript:/i);
    expect(html).toContain('<span>click</span>');
    expect(html).toContain('<a href="https://docs.test/a" rel="nofollow ugc noopener">docs</a>');
  });

  it('caps the text it renders', () => {
    const html = renderUserMarkdown('a'.repeat(USER_MARKDOWN_MAX + 500));
    expect(html.length).toBeLessThan(USER_MARKDOWN_MAX + 100);
    expect(html).toContain('…');
  });
});
