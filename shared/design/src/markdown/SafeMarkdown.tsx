import Markdown, { type Components, type ExtraProps } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import type { AnchorHTMLAttributes, HTMLAttributes, ImgHTMLAttributes } from 'react';
// Through the package's own entry, the shared singleton: this module is bundled into each remote that
// uses it, and a router of its own would not be the page's router.
import { Link } from '@side-quest/design';
import { isInternalPath, isSafeLinkUrl } from './markdownSafety';
import { shiftHeadingLevel, type HeadingLevel } from './headingLevels';

/**
 * `story`: the site's own writing (stories) — images from trusted origins, site paths followed inside
 * the app. `user`: what people type (bounty descriptions, submissions) — no raw HTML, no images, every
 * link `rel="nofollow ugc noopener"`, and at most USER_MARKDOWN_MAX characters.
 */
export type MarkdownMode = 'story' | 'user';

export const USER_MARKDOWN_MAX = 20_000;

const HEADING_LEVELS: HeadingLevel[] = [1, 2, 3, 4, 5, 6];

/** h1→h2 … h6→h6, as react-markdown element renames: the page's h1 is its title. */
const shiftedHeadings: Components = Object.fromEntries(
  HEADING_LEVELS.map((level) => [`h${level}`, `h${shiftHeadingLevel(level)}`]),
);

/** Site paths navigate inside the app; everything else (already filtered by the URL rules) is a plain link. */
function SiteLink({
  node: _node,
  href,
  children,
  title,
}: AnchorHTMLAttributes<HTMLAnchorElement> & ExtraProps) {
  // No href means the URL rules removed it: keep the words, drop the link.
  if (!href) return <span>{children}</span>;
  if (isInternalPath(href)) {
    return (
      <Link to={href} title={title}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} title={title} rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** People's links: followed, never endorsed (nofollow), marked as user content, no opener. */
function UserLink({
  node: _node,
  href,
  children,
  title,
}: AnchorHTMLAttributes<HTMLAnchorElement> & ExtraProps) {
  if (!href) return <span>{children}</span>;
  return (
    <a href={href} title={title} rel="nofollow ugc noopener">
      {children}
    </a>
  );
}

function TrustedImage({ node: _node, src, alt, title }: ImgHTMLAttributes<HTMLImageElement> & ExtraProps) {
  if (!src || typeof src !== 'string') return null;
  return <img src={src} alt={alt ?? ''} title={title} loading="lazy" decoding="async" />;
}

/** Code blocks scroll sideways on small screens; a tab stop lets keyboard users scroll them too. */
function CodeBlock({ node: _node, children, ...rest }: HTMLAttributes<HTMLPreElement> & ExtraProps) {
  return (
    <pre {...rest} tabIndex={0} aria-label="Code example">
      {children}
    </pre>
  );
}

const COMPONENTS: Record<MarkdownMode, Components> = {
  story: { ...shiftedHeadings, a: SiteLink, img: TrustedImage, pre: CodeBlock },
  user: { ...shiftedHeadings, a: UserLink, img: () => null, pre: CodeBlock },
};

const userUrlTransform = (url: string) => (isSafeLinkUrl(url) ? url : undefined);

/** Cuts user text at the cap, on a character boundary, and says so. */
export function capUserMarkdown(markdown: string): string {
  if (markdown.length <= USER_MARKDOWN_MAX) return markdown;
  return `${[...markdown.slice(0, USER_MARKDOWN_MAX)].join('')}…`;
}

/**
 * Markdown with the site's safety rules: raw HTML is skipped (no rehype-raw), and every URL passes the
 * URL rules (story mode takes the page's transform, which also checks image origins).
 */
export function SafeMarkdown({
  markdown,
  mode,
  urlTransform,
}: {
  markdown: string;
  mode: MarkdownMode;
  urlTransform?: (url: string, key: string, node: { tagName: string }) => string | undefined;
}) {
  const user = mode === 'user';
  return (
    <Markdown
      remarkPlugins={[remarkGfm]}
      skipHtml
      urlTransform={user ? userUrlTransform : urlTransform}
      components={COMPONENTS[mode]}
    >
      {user ? capUserMarkdown(markdown) : markdown}
    </Markdown>
  );
}
