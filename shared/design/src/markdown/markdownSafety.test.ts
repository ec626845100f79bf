import { createStoryUrlTransform, isInternalPath, isSafeImageUrl, isSafeLinkUrl } from './markdownSafety';

describe('isSafeLinkUrl', () => {
  it.each([
    'https://docs.vllm.ai/',
    'http://example.com/a',
    'HTTPS://EXAMPLE.COM',
    'irc://irc.libera.chat/sidequest',
    'ircs://irc.libera.chat/sidequest',
    'mailto:hello@example.com',
    'xmpp:team@example.com',
    '/bounties',
    '../about',
    'guide#step-2',
    '#top',
    '?tab=1',
    '/search?q=a:b',
    'notes/2025:review',
  ])('keeps %s', (url) => {
    expect(isSafeLinkUrl(url)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'DATA:image/svg+xml,<svg onload=alert(1)>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com',
    'tel:+123',
  ])('drops %s', (url) => {
    expect(isSafeLinkUrl(url)).toBe(false);
  });
});

describe('isSafeImageUrl', () => {
  const page = 'http://localhost:3000/blog/a-story';
  const trusted = ['http://localhost:3000', 'http://cdn.local:8080'];

  it('keeps relative images, https images and images from our own origins', () => {
    expect(isSafeImageUrl('/remotes/stories/assets/a.svg', trusted, page)).toBe(true);
    expect(isSafeImageUrl('assets/a.svg', trusted, page)).toBe(true);
    expect(isSafeImageUrl('https://images.example.org/a.png', trusted, page)).toBe(true);
    expect(isSafeImageUrl('http://localhost:3000/a.svg', trusted, page)).toBe(true);
    expect(isSafeImageUrl('http://cdn.local:8080/assets/a.svg', trusted, page)).toBe(true);
  });

  it('drops plain-http images from other hosts, however they are spelled', () => {
    expect(isSafeImageUrl('http://tracker.example/pixel.gif', trusted, page)).toBe(false);
    expect(isSafeImageUrl('//tracker.example/pixel.gif', trusted, page)).toBe(false);
    expect(isSafeImageUrl('\\\\tracker.example\\pixel.gif', trusted, page)).toBe(false);
  });

  it('drops script and data URLs', () => {
    expect(isSafeImageUrl('javascript:alert(1)', trusted, page)).toBe(false);
    expect(isSafeImageUrl('data:image/png;base64,AAAA', trusted, page)).toBe(false);
  });
});

describe('createStoryUrlTransform', () => {
  const transform = createStoryUrlTransform(['http://localhost:3000'], 'http://localhost:3000/blog/x');

  it('returns the URL unchanged when it is allowed and undefined when it is not', () => {
    expect(transform('/bounties', 'href', { tagName: 'a' })).toBe('/bounties');
    expect(transform('javascript:alert(1)', 'href', { tagName: 'a' })).toBeUndefined();
    expect(transform('http://other.example/x.png', 'href', { tagName: 'a' })).toBe(
      'http://other.example/x.png',
    );
    expect(transform('http://other.example/x.png', 'src', { tagName: 'img' })).toBeUndefined();
    expect(transform('/a.svg', 'src', { tagName: 'img' })).toBe('/a.svg');
  });
});

describe('isInternalPath', () => {
  it('is true only for same-site absolute paths', () => {
    expect(isInternalPath('/bounties')).toBe(true);
    expect(isInternalPath('//evil.example')).toBe(false);
    expect(isInternalPath('/\\evil.example')).toBe(false);
    expect(isInternalPath('https://docs.vllm.ai/')).toBe(false);
    expect(isInternalPath('#top')).toBe(false);
  });
});
