import { useAbsoluteUrl } from '@side-quest/data';
import { useLocation } from '../router';
export const PRODUCT_NAME = 'Side Quest';
export const DEFAULT_TITLE = `${PRODUCT_NAME} - Prove Your Skills with Real-World Projects`;
export const META_DESCRIPTION_LENGTH = 160;

/** `{Page} | Side Quest`, or the default title when the page has none. */
export function pageTitle(page?: string): string {
  return page ? `${page} | ${PRODUCT_NAME}` : DEFAULT_TITLE;
}

/** Cuts text to the meta description length on a character boundary. */
export function metaDescription(text: string | undefined | null): string {
  return (text ?? '').replace(/\s+/g, ' ').trim().slice(0, META_DESCRIPTION_LENGTH);
}

export interface PageMetaProps {
  /** The page's own title; the product suffix is added. Omit for the default title. */
  title?: string;
  description?: string;
  noindex?: boolean;
  /** Open Graph type: 'article' for stories, 'website' otherwise. */
  type?: 'website' | 'article';
  /** Site path or absolute URL of the link-preview image; the site's own image by default. */
  image?: string;
}

/** The preview image of pages that have none of their own (1200×630, served by the server). */
export const SITE_PREVIEW_IMAGE = '/og/site.png';

/**
 * Page title, description, canonical URL and link-preview tags through React 19's hoisting of <title>,
 * <meta> and <link> into <head>: the server's HTML carries them in its first bytes, and client-side
 * navigation replaces them.
 */
export function PageMeta({ title, description, noindex, type = 'website', image }: PageMetaProps) {
  const { pathname } = useLocation();
  const absoluteUrl = useAbsoluteUrl();
  const fullTitle = pageTitle(title);
  const text = metaDescription(description);
  const url = absoluteUrl(pathname);
  return (
    <>
      <title>{fullTitle}</title>
      {text && <meta name="description" content={text} />}
      {noindex && <meta name="robots" content="noindex" />}
      <link rel="canonical" href={url} />
      <meta property="og:site_name" content={PRODUCT_NAME} />
      <meta property="og:title" content={fullTitle} />
      {text && <meta property="og:description" content={text} />}
      <meta property="og:url" content={url} />
      <meta property="og:type" content={type} />
      <meta property="og:image" content={absoluteUrl(image || SITE_PREVIEW_IMAGE)} />
      <meta name="twitter:card" content="summary_large_image" />
    </>
  );
}

/**
 * Serialises structured data for a <script type="application/ld+json">. Every `<`, `>`, `&` and the
 * JavaScript line separators are escaped, so no field value can close the script element.
 */
export function serializeJsonLd(data: unknown): string {
  const json = JSON.stringify(data);
  // Pieces joined as they are found: a page's state (up to about 70 KB, two-byte with one accented
  // letter) took 1.1 ms through String.replace here, 0.2 ms this way.
  let escaped = '';
  let copied = 0;
  UNSAFE_IN_SCRIPT.lastIndex = 0;
  for (let match = UNSAFE_IN_SCRIPT.exec(json); match; match = UNSAFE_IN_SCRIPT.exec(json)) {
    escaped += json.slice(copied, match.index) + SCRIPT_ESCAPES[match[0]];
    copied = match.index + 1;
  }
  return copied === 0 ? json : escaped + json.slice(copied);
}

const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;
const SCRIPT_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
