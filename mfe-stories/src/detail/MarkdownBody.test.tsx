import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MarkdownBody from './MarkdownBody';
import { renderPage } from '../testing/render';

function renderMarkdown(markdown: string) {
  return renderPage(<MarkdownBody markdown={markdown} slug="a-story" />, { route: '/blog/a-story' });
}

function body(): HTMLElement {
  return screen.getByTestId('story-body');
}

describe('MarkdownBody', () => {
  it('renders every heading level one level lower, h6 staying h6', () => {
    renderMarkdown(['# One', '## Two', '### Three', '#### Four', '##### Five', '###### Six'].join('\n\n'));
    const levels = Array.from(body().querySelectorAll('h1, h2, h3, h4, h5, h6')).map(
      (heading) => `${heading.tagName}:${heading.textContent}`,
    );
    expect(levels).toEqual(['H2:One', 'H3:Two', 'H4:Three', 'H5:Four', 'H6:Five', 'H6:Six']);
    expect(body().querySelector('h1')).toBeNull();
  });

  it('makes code blocks reachable with the keyboard, so a sideways-scrolling one can be scrolled', () => {
    renderMarkdown('```\nconst answer = 42;\n```');
    const block = body().querySelector('pre');
    expect(block).toHaveAttribute('tabindex', '0');
    expect(block).toHaveAccessibleName('Code example');
  });

  it('renders lists, emphasis, code and GitHub-flavoured tables', () => {
    renderMarkdown('- **bold** item\n- `code`\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n~~gone~~');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(body().querySelector('strong')).toHaveTextContent('bold');
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(body().querySelector('del')).toHaveTextContent('gone');
  });

  it('keeps safe links: site paths through the router, others as plain links', async () => {
    renderMarkdown(
      '[bounties](/bounties) and [docs](https://docs.vllm.ai/) and [mail](mailto:hi@example.com)',
    );
    expect(screen.getByRole('link', { name: 'docs' })).toHaveAttribute('href', 'https://docs.vllm.ai/');
    expect(screen.getByRole('link', { name: 'docs' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'mail' })).toHaveAttribute('href', 'mailto:hi@example.com');
    await userEvent.click(screen.getByRole('link', { name: 'bounties' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/bounties');
  });

  it.each([
    ['javascript:', '[click](javascript:alert(1))'],
    ['mixed-case JaVaScRiPt:', '[click](JaVaScRiPt:alert(1))'],
    ['entity-encoded javascript:', '[click](javascript&#58;alert(1))'],
    ['autolinked javascript:', '<javascript:alert(1)>'],
    ['data:', '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['vbscript:', '[click](vbscript:msgbox(1))'],
    ['reference-style javascript:', '[click][x]\n\n[x]: javascript:alert(1)'],
  ])('drops a %s link but keeps its words', (_, markdown) => {
    const { container } = renderMarkdown(markdown);
    expect(screen.queryByRole('link')).toBeNull();
    for (const element of Array.from(container.querySelectorAll('[href]'))) {
      expect(element.getAttribute('href')).not.toMatch(/^\s*(javascript|data|vbscript):/i);
    }
    expect(body().textContent).not.toBe('');
  });

  it('never renders raw HTML', () => {
    const { container } = renderMarkdown(
      [
        'Before',
        '<script>window.hacked = true</script>',
        '<img src="x" onerror="window.hacked = true">',
        '<iframe src="https://evil.example"></iframe>',
        'Inline <b onclick="alert(1)">bold</b> and <a href="javascript:alert(1)">a link</a>.',
        '<div style="position:fixed">overlay</div>',
        'After',
      ].join('\n\n'),
    );
    expect(container.querySelector('script, iframe, b, div[style]')).toBeNull();
    expect(container.querySelector('[onerror], [onclick]')).toBeNull();
    expect(body().querySelectorAll('img')).toHaveLength(0);
    expect(screen.queryByRole('link')).toBeNull();
    expect(body()).toHaveTextContent('Before');
    expect(body()).toHaveTextContent('After');
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('shows local and https images, and drops javascript:, data: and plain-http images from elsewhere', () => {
    renderMarkdown(
      [
        '![local](/remotes/stories/assets/a.svg)',
        '![secure](https://images.example.org/b.png)',
        '![script](javascript:alert(1))',
        '![data](data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=)',
        '![tracker](http://tracker.example/pixel.gif)',
        '![protocol-relative](//tracker.example/pixel.gif)',
      ].join('\n\n'),
    );
    const images = Array.from(body().querySelectorAll('img')).map((image) => image.getAttribute('alt'));
    expect(images).toEqual(['local', 'secure']);
    expect(screen.getByRole('img', { name: 'local' })).toHaveAttribute(
      'src',
      '/remotes/stories/assets/a.svg',
    );
  });
});
