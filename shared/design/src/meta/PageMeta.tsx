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
}

/** Page title and meta tags through React 19's hoisting of <title> and <meta> into <head>. */
export function PageMeta({ title, description, noindex }: PageMetaProps) {
  return (
    <>
      <title>{pageTitle(title)}</title>
      {description && <meta name="description" content={metaDescription(description)} />}
      {noindex && <meta name="robots" content="noindex" />}
    </>
  );
}

/**
 * Serialises structured data for a <script type="application/ld+json">. Every `<`, `>`, `&` and the
 * JavaScript line separators are escaped, so no field value can close the script element.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
