import {
  SITEMAP_LIMITS,
  buildSitemapFiles,
  escapeXml,
  sitemapDate,
  sitemapIndexXml,
  splitSitemap,
  urlsetXml,
  type SitemapUrl,
} from './sitemap';

const ORIGIN = 'https://side.example';

const synthetic = (count: number): SitemapUrl[] =>
  Array.from({ length: count }, (_, i) => ({
    path: `/bounty/b-${i}`,
    lastmod: `2025-01-${String((i % 28) + 1).padStart(2, '0')}`,
  }));

describe('escapeXml', () => {
  it('writes the five special characters as entities', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
  });

  it('drops characters XML cannot hold and keeps the rest of Unicode', () => {
    expect(escapeXml('a\u0000b\u0008c\uFFFEd\uD800e')).toBe('abcde');
    expect(escapeXml('tab\there\nnew ünï 😀')).toBe('tab\there\nnew ünï 😀');
  });
});

describe('sitemapDate', () => {
  it('gives the UTC day of an ISO date or date-time', () => {
    expect(sitemapDate('2025-03-14')).toBe('2025-03-14');
    expect(sitemapDate('2025-03-14T23:30:00.000-02:00')).toBe('2025-03-15');
  });

  it('gives nothing for a missing or unreadable date', () => {
    expect(sitemapDate(null)).toBeUndefined();
    expect(sitemapDate('')).toBeUndefined();
    expect(sitemapDate('Rolling submissions')).toBeUndefined();
  });
});

describe('urlsetXml', () => {
  it('lists absolute, escaped URLs with their dates', () => {
    const xml = urlsetXml(
      [
        { path: '/', lastmod: '2025-06-02' },
        { path: "/bounty/a%26b'c", lastmod: '2025-01-20' },
        { path: '/about' },
      ],
      ORIGIN,
    );
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(xml).toContain('<url><loc>https://side.example/</loc><lastmod>2025-06-02</lastmod></url>');
    expect(xml).toContain(
      '<url><loc>https://side.example/bounty/a%26b&apos;c</loc><lastmod>2025-01-20</lastmod></url>',
    );
    expect(xml).toContain('<url><loc>https://side.example/about</loc></url>');
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
  });

  it('escapes the origin too', () => {
    expect(urlsetXml([{ path: '/' }], 'http://a&b')).toContain('<loc>http://a&amp;b/</loc>');
  });
});

describe('splitSitemap', () => {
  it('keeps up to 50,000 URLs in one sitemap', () => {
    const parts = splitSitemap(synthetic(SITEMAP_LIMITS.maxUrls), ORIGIN);
    expect(parts).toHaveLength(1);
    expect(parts[0]).toHaveLength(50_000);
  });

  it('splits a large list, in order, into runs of at most 50,000', () => {
    const urls = synthetic(120_001);
    const parts = splitSitemap(urls, ORIGIN);
    expect(parts.map((part) => part.length)).toEqual([50_000, 50_000, 20_001]);
    expect(parts.flat()).toEqual(urls);
  });

  it('also splits by size, so no file passes the byte limit', () => {
    const urls = synthetic(1_000);
    const maxBytes = 10_000;
    const parts = splitSitemap(urls, ORIGIN, { maxUrls: 50_000, maxBytes });
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.flat()).toEqual(urls);
    for (const part of parts)
      expect(Buffer.byteLength(urlsetXml(part, ORIGIN))).toBeLessThanOrEqual(maxBytes);
  });

  it('gives one empty sitemap for no pages', () => {
    expect(splitSitemap([], ORIGIN)).toEqual([[]]);
  });
});

describe('buildSitemapFiles', () => {
  it('serves one urlset at /sitemap.xml while the pages fit one file', () => {
    const files = buildSitemapFiles(synthetic(3), ORIGIN);
    expect([...files.keys()]).toEqual(['/sitemap.xml']);
    expect(files.get('/sitemap.xml')).toContain('<urlset');
  });

  it('turns /sitemap.xml into an index of /sitemap-N.xml parts beyond 50,000 URLs', () => {
    const urls = synthetic(100_001);
    const files = buildSitemapFiles(urls, ORIGIN);
    expect([...files.keys()].sort()).toEqual([
      '/sitemap-1.xml',
      '/sitemap-2.xml',
      '/sitemap-3.xml',
      '/sitemap.xml',
    ]);
    const index = files.get('/sitemap.xml') as string;
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(index).toContain(
      '<sitemap><loc>https://side.example/sitemap-1.xml</loc><lastmod>2025-01-28</lastmod></sitemap>',
    );
    expect(index).toContain(
      '<sitemap><loc>https://side.example/sitemap-3.xml</loc><lastmod>2025-01-13</lastmod></sitemap>',
    );
    const count = (xml: string) => xml.split('<url>').length - 1;
    expect(count(files.get('/sitemap-1.xml') as string)).toBe(50_000);
    expect(count(files.get('/sitemap-2.xml') as string)).toBe(50_000);
    expect(files.get('/sitemap-3.xml')).toContain('<loc>https://side.example/bounty/b-100000</loc>');
  });

  it('leaves out an index date when a part has no dated page', () => {
    expect(sitemapIndexXml([{ path: '/sitemap-1.xml' }], ORIGIN)).toContain(
      '<sitemap><loc>https://side.example/sitemap-1.xml</loc></sitemap>',
    );
  });
});
