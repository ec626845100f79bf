import { createHash } from 'node:crypto';
import { START_SCRIPT, START_SCRIPT_HASH, startAfterPaint } from './startAfterPaint';

// The shell's minified template as the server fills it: its entry and chunk preloads, then the head the
// server adds (the page's largest image first, the route's remote preloads after).
const html =
  '<!doctype html><html lang=en><head><meta charset=utf-8>' +
  '<link rel="preload" href="/assets/poster.webp" as="image" fetchPriority="high"/>' +
  '<script defer src=/main.1a2b.js></script>' +
  '<link rel=preload as=script href=/470.9f.js><link rel=icon href=/favicon.png>' +
  '<title>Side Quest</title>' +
  '<link rel="preload" as="fetch" crossorigin="anonymous" href="https://cdn.example/stories/mf-manifest.json">' +
  '<link rel="preload" as="script" href="https://cdn.example/stories/remoteEntry.js">' +
  '<link rel="preload" as="image" href="/remotes/stories/author.svg"/>' +
  '</head><body><div id="root"><main><h1>Stories</h1></main></div></body></html>';

const outsideTemplate = (page: string) => page.replace(/<template[\s\S]*?<\/template>/, '');
const templateOf = (page: string) => /<template id="sq-start">([\s\S]*?)<\/template>/.exec(page)?.[1] ?? '';

describe('startAfterPaint', () => {
  it('fetches no script and no data with the HTML: the entry and every such preload wait in an inert template', () => {
    const page = startAfterPaint(html);
    expect(outsideTemplate(page)).not.toMatch(/<script defer|\.js\b|mf-manifest/);
    const deferred = templateOf(page);
    expect(deferred).toContain('<link rel="preload" as="script" href="/main.1a2b.js" id="sq-shell-entry">');
    expect(deferred).toContain('<link rel=preload as=script href=/470.9f.js>');
    expect(deferred).toContain('href="https://cdn.example/stories/mf-manifest.json"');
    expect(deferred).toContain('href="https://cdn.example/stories/remoteEntry.js"');
  });

  it('leaves the images, the icon and the page where they were, and runs the start script after the template', () => {
    const page = startAfterPaint(html);
    expect(page.indexOf('as="image" fetchPriority="high"')).toBeLessThan(page.indexOf('<template'));
    expect(outsideTemplate(page)).toContain(
      '<link rel="preload" as="image" href="/remotes/stories/author.svg"/>',
    );
    expect(outsideTemplate(page)).toContain('<link rel=icon href=/favicon.png>');
    expect(page).toContain('<div id="root"><main><h1>Stories</h1></main></div>');
    expect(page).toContain(`</template><script>${START_SCRIPT}</script>`);
  });

  it('emits the very inline script the Content-Security-Policy allows by its hash', () => {
    const inline = [...startAfterPaint(html).matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
      (match) => match[1],
    );
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256')
      .update(inline[0] as string)
      .digest('base64');
    expect(START_SCRIPT_HASH).toBe(`'sha256-${hash}'`);
  });

  it('refuses a template without the deferred entry script rather than serve a page that never starts', () => {
    expect(() => startAfterPaint(html.replace('<script defer src=/main.1a2b.js></script>', ''))).toThrow(
      /entry script/,
    );
  });
});
