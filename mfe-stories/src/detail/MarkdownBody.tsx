import { useMemo } from 'react';
import Markdown, { type Components, type ExtraProps } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { Link, useLocation } from '@side-quest/design';
import { useAbsoluteUrl } from '@side-quest/data';
import type { AnchorHTMLAttributes, HTMLAttributes, ImgHTMLAttributes } from 'react';
import { createStoryUrlTransform, isInternalPath } from './markdownSafety';
import { shiftHeadingLevel, type HeadingLevel } from './headingLevels';
import { trustedImageOrigins } from './trustedImageOrigins';
import { Prose } from './Prose';

const HEADING_LEVELS: HeadingLevel[] = [1, 2, 3, 4, 5, 6];

/** h1→h2 … h6→h6, as react-markdown element renames. */
const shiftedHeadings: Components = Object.fromEntries(
  HEADING_LEVELS.map((level) => [`h${level}`, `h${shiftHeadingLevel(level)}`]),
);

/** Site paths navigate inside the app; everything else (already filtered by the URL rules) is a plain link. */
function StoryLink({
  node: _node,
  href,
  children,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & ExtraProps) {
  // No href means the URL rules removed it: keep the words, drop the link.
  if (!href) return <span>{children}</span>;
  if (isInternalPath(href)) {
    return (
      <Link to={href} title={rest.title}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} title={rest.title} rel="noopener noreferrer">
      {children}
    </a>
  );
}

function StoryImage({ node: _node, src, alt, title }: ImgHTMLAttributes<HTMLImageElement> & ExtraProps) {
  if (!src || typeof src !== 'string') return null;
  return <img src={src} alt={alt ?? ''} title={title} loading="lazy" decoding="async" />;
}

/** Code blocks scroll sideways on small screens; a tab stop lets keyboard users scroll them too. */
function StoryCodeBlock({ node: _node, children, ...rest }: HTMLAttributes<HTMLPreElement> & ExtraProps) {
  return (
    <pre {...rest} tabIndex={0} aria-label="Code example">
      {children}
    </pre>
  );
}

const components: Components = { ...shiftedHeadings, a: StoryLink, img: StoryImage, pre: StoryCodeBlock };

/**
 * A story's markdown body. Loaded as its own chunk by the detail page, so react-markdown and its plugins
 * never reach /blog. Raw HTML is skipped (no rehype-raw), and every URL passes the story URL rules.
 */
export default function MarkdownBody({ markdown, slug }: { markdown: string; slug: string }) {
  const pageUrl = useAbsoluteUrl()(useLocation().pathname);
  const urlTransform = useMemo(
    () => createStoryUrlTransform(trustedImageOrigins(pageUrl), pageUrl),
    [pageUrl],
  );
  return (
    <Prose data-testid="story-body" data-story-body={slug}>
      <Markdown remarkPlugins={[remarkGfm]} skipHtml urlTransform={urlTransform} components={components}>
        {markdown}
      </Markdown>
    </Prose>
  );
}
