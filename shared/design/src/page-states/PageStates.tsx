import type { ReactNode } from 'react';
// The package's entry, not its files: this subpath is bundled into each app that imports it, while
// the entry is the one shared singleton (its primitives, its PageMeta, its router).
import { ButtonLink, MutedText, PageContainer, PageHeading, PageMeta, Skeleton } from '@side-quest/design';

/** One grey block of a loading page: its height, or its height and (narrower than the column) width. */
export type PlaceholderBlock = string | { height: string; width?: string };

/**
 * A page that is still loading its data: grey blocks where it will be, under its heading where the
 * page names itself while it loads, inside a container marked busy. With no `title` the tab keeps the
 * title it has until the page knows its own.
 */
export function PageLoading({
  title,
  description,
  heading,
  blocks,
  'data-testid': testId,
}: {
  /** The tab title (and description) while the page loads. */
  title?: string;
  description?: string;
  heading?: string;
  blocks: readonly PlaceholderBlock[];
  /** On the blocks' column. */
  'data-testid'?: string;
}) {
  return (
    <PageContainer aria-busy="true">
      {title && <PageMeta title={title} description={description} />}
      {heading && <PageHeading>{heading}</PageHeading>}
      {/* Inline, not a styled component: this subpath is evaluated after the package's entry, and
          counter-based class names would differ between the server and the browser. */}
      <div
        data-testid={testId}
        style={{ display: 'grid', gap: '0.75rem', marginTop: heading ? '1.5rem' : undefined }}
      >
        {blocks.map((block, index) => {
          const { height, width } = typeof block === 'string' ? { height: block, width: undefined } : block;
          return <Skeleton key={index} $height={height} $width={width} />;
        })}
      </div>
    </PageContainer>
  );
}

/**
 * A page whose object does not exist, is not the person's, or cannot be read right now: its heading,
 * why, and a link back to where the person can go on. `noindex`, and the server answers 404 with it
 * where it renders one. A personal page says the same whether the object is missing or someone
 * else's, so nothing tells what exists.
 */
export function PageNotFound({
  title = 'Page Not Found',
  description,
  heading,
  message,
  back,
}: {
  /** The tab title: 'Page Not Found' unless the page names what is missing. */
  title?: string;
  description?: string;
  heading: string;
  message: ReactNode;
  back: { to: string; label: string };
}) {
  return (
    <PageContainer>
      <PageMeta title={title} description={description} noindex />
      <PageHeading>{heading}</PageHeading>
      <MutedText>{message}</MutedText>
      <ButtonLink to={back.to}>{back.label}</ButtonLink>
    </PageContainer>
  );
}
