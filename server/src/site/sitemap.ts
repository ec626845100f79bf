/**
 * The sitemap files as pure functions of the site's pages and its public origin: XML building, escaping
 * and the split into several sitemaps behind an index once one file would be too large. crawlFiles.ts
 * gathers the pages and serves the result.
 */

/** A page of the site: its path (URL-encoded) and the day it last changed (YYYY-MM-DD). */
export interface SitemapUrl {
  path: string;
  lastmod?: string;
}

/** The limits of one sitemap file that crawlers accept: 50,000 URLs and 50 MB uncompressed. */
export interface SitemapLimits {
  maxUrls: number;
  maxBytes: number;
}

export const SITEMAP_LIMITS: SitemapLimits = { maxUrls: 50_000, maxBytes: 50 * 1024 * 1024 };

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** Where the parts of a split sitemap are served: /sitemap-1.xml, /sitemap-2.xml, … */
export const sitemapPartPath = (part: number) => `/sitemap-${part}.xml`;

/** Anything escapeXml changes (a surrogate pair takes the slow path too, which keeps it). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it looks for
const NEEDS_ESCAPING = /[&<>"'\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/**
 * Text for an XML element: the five special characters as entities, and characters XML 1.0 cannot hold
 * at all (control characters, lone surrogates) dropped, so no value can break the document.
 */
export function escapeXml(text: string): string {
  if (!NEEDS_ESCAPING.test(text)) return text; // the common case, without building a new string
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>"']/g, (char) => ENTITIES[char] as string);
}

/** The day (YYYY-MM-DD, UTC) of an ISO 8601 date or date-time; undefined when it is not one. */
export function sitemapDate(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return undefined;
  const day = new Date(time).toISOString().slice(0, 10);
  // Years beyond 9999 serialise with a sign and six digits, which is no W3C date.
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : undefined;
}

function urlElement(url: SitemapUrl, origin: string): string {
  const lastmod = url.lastmod ? `<lastmod>${escapeXml(url.lastmod)}</lastmod>` : '';
  return `<url><loc>${escapeXml(origin + url.path)}</loc>${lastmod}</url>\n`;
}

const URLSET_OPEN = `${XML_DECLARATION}<urlset xmlns="${NAMESPACE}">\n`;
const URLSET_CLOSE = '</urlset>\n';

/** One sitemap listing these pages at `origin` (e.g. https://sidequest.example). */
export function urlsetXml(urls: readonly SitemapUrl[], origin: string): string {
  return URLSET_OPEN + urls.map((url) => urlElement(url, origin)).join('') + URLSET_CLOSE;
}

/** A sitemap index pointing at the sitemaps at these paths on `origin`. */
export function sitemapIndexXml(
  sitemaps: ReadonlyArray<{ path: string; lastmod?: string }>,
  origin: string,
): string {
  const items = sitemaps.map(({ path, lastmod }) => {
    const date = lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : '';
    return `<sitemap><loc>${escapeXml(origin + path)}</loc>${date}</sitemap>\n`;
  });
  return `${XML_DECLARATION}<sitemapindex xmlns="${NAMESPACE}">\n${items.join('')}</sitemapindex>\n`;
}

interface Part {
  urls: SitemapUrl[];
  /** The urls' <url> elements, rendered once for both measuring and writing. */
  elements: string[];
}

function splitRendered(urls: readonly SitemapUrl[], origin: string, limits: SitemapLimits): Part[] {
  const frame = Buffer.byteLength(URLSET_OPEN + URLSET_CLOSE);
  const parts: Part[] = [];
  let current: Part = { urls: [], elements: [] };
  let bytes = frame;
  for (const url of urls) {
    const element = urlElement(url, origin);
    const size = Buffer.byteLength(element);
    const count = current.urls.length;
    if (count > 0 && (count >= limits.maxUrls || bytes + size > limits.maxBytes)) {
      parts.push(current);
      current = { urls: [], elements: [] };
      bytes = frame;
    }
    current.urls.push(url);
    current.elements.push(element);
    bytes += size;
  }
  parts.push(current);
  return parts;
}

/**
 * Splits the pages, in order, into runs that each fit one sitemap file: at most `maxUrls` URLs and
 * `maxBytes` bytes of XML at `origin`. Always at least one run (an empty sitemap is still a sitemap).
 */
export function splitSitemap(
  urls: readonly SitemapUrl[],
  origin: string,
  limits: SitemapLimits = SITEMAP_LIMITS,
): SitemapUrl[][] {
  return splitRendered(urls, origin, limits).map((part) => part.urls);
}

function newest(dates: ReadonlyArray<string | undefined>): string | undefined {
  let latest: string | undefined;
  for (const date of dates) if (date && (!latest || date > latest)) latest = date;
  return latest;
}

/**
 * Every sitemap file by path. Pages that fit one file: /sitemap.xml lists them. More: /sitemap.xml is an
 * index of /sitemap-1.xml, /sitemap-2.xml, … (each part dated by its newest page).
 */
export function buildSitemapFiles(
  urls: readonly SitemapUrl[],
  origin: string,
  limits: SitemapLimits = SITEMAP_LIMITS,
): Map<string, string> {
  const parts = splitRendered(urls, origin, limits);
  const xml = (part: Part) => URLSET_OPEN + part.elements.join('') + URLSET_CLOSE;
  if (parts.length === 1) return new Map([['/sitemap.xml', xml(parts[0] as Part)]]);
  const files = new Map<string, string>();
  const index: Array<{ path: string; lastmod?: string }> = [];
  parts.forEach((part, i) => {
    const path = sitemapPartPath(i + 1);
    files.set(path, xml(part));
    const lastmod = newest(part.urls.map((url) => url.lastmod));
    index.push(lastmod ? { path, lastmod } : { path });
  });
  files.set('/sitemap.xml', sitemapIndexXml(index, origin));
  return files;
}
