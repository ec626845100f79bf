import { Component, lazy, Suspense, useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { preload } from 'react-dom';
import styled from 'styled-components';
import {
  ButtonLink,
  Link,
  useNavigate,
  useParams,
  ErrorText,
  JsonLd,
  MutedText,
  PageContainer,
  PageMeta,
  Skeleton,
  laidOutNearViewport,
  storyPreviewImage,
  type SectionPreviewCard,
  theme,
} from '@side-quest/design';
import { useAbsoluteUrl, type SectionPrefetch, type SectionSitemapEntries } from '@side-quest/data';
import type { Story } from '../content/story';
import { prefetchStory, useStory } from '../data/useStories';
import { getStoryBySlug, listStories } from '../data/storySource';
import { PROVED_COMPETENCE } from '@side-quest/data/trust';
import { formatProvenSkills, formatPublishedDate } from '../cards/storyCardRules';
import { articleJsonLd, mainImageUrl, storyPreviewCard } from './storyDetailRules';
import { READING_WIDTH } from './readingWidth';
import { Prose } from './Prose';
import { isInternalPath } from '@side-quest/design/markdown/rules';

// react-markdown and its plugins live in their own chunk, requested only by this page.
let markdownBodyModule: Promise<typeof import('./MarkdownBody')> | undefined;
function loadMarkdownBody() {
  markdownBodyModule ??= import(/* webpackChunkName: "story-markdown" */ './MarkdownBody').catch(
    (error: unknown) => {
      markdownBodyModule = undefined; // a later visit may try again
      throw error;
    },
  );
  return markdownBodyModule;
}
const MarkdownBody = lazy(loadMarkdownBody);

/**
 * The story body the server rendered into this document, if it did. Markdown never changes in the
 * browser, so hydration keeps the server's markup as it is instead of downloading react-markdown and
 * parsing the story again on the main thread; a story opened by client-side navigation renders it here.
 */
function serverRenderedBody(slug: string): string | null {
  if (typeof document === 'undefined') return null;
  const body = [...document.querySelectorAll<HTMLElement>('[data-story-body]')].find(
    (element) => element.dataset.storyBody === slug,
  );
  return body ? body.innerHTML : null;
}

/** Internal links in the server's markup navigate inside the app, as react-markdown's links do. */
function useInternalLinkNavigation() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    const link = (event.target as Element).closest('a');
    const href = link?.getAttribute('href');
    if (!link || !href || !isInternalPath(href) || link.target) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  };
}

function StoryBody({ story }: { story: Story }) {
  const [serverHtml] = useState(() => serverRenderedBody(story.slug));
  const followLink = useInternalLinkNavigation();
  return (
    <MarkdownFallbackBoundary text={story.content}>
      <Suspense fallback={<BodySkeleton />}>
        {serverHtml === null ? (
          <MarkdownBody markdown={story.content} slug={story.slug} />
        ) : (
          <Prose
            data-testid="story-body"
            data-story-body={story.slug}
            onClick={followLink}
            dangerouslySetInnerHTML={{ __html: serverHtml }}
          />
        )}
      </Suspense>
    </MarkdownFallbackBoundary>
  );
}

const Column = styled.div`
  max-width: ${READING_WIDTH};
  margin: 0 auto;
`;

const Wide = styled.div`
  max-width: 960px;
  margin: 0 auto;
`;

const Eyebrow = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  color: ${theme.color.accent};
  font-family: ${theme.font.mono};
  font-size: 0.85rem;
  letter-spacing: 0.08em;
  text-decoration: none;
  &:hover {
    text-decoration: underline;
  }
`;

const Title = styled.h1`
  margin: ${theme.space(2)} 0 ${theme.space(5)};
  font-size: clamp(1.8rem, 5vw, 2.75rem);
  line-height: 1.15;
  &:focus {
    outline: none;
  }
`;

const Byline = styled.div`
  display: flex;
  align-items: center;
  gap: ${theme.space(3)};
  img {
    width: 48px;
    height: 48px;
    border-radius: 50%;
    border: 1px solid ${theme.color.border};
  }
  p {
    margin: 0;
    line-height: 1.4;
  }
  time {
    color: ${theme.color.textMuted};
    font-size: 0.9rem;
  }
`;

const Author = styled.span`
  display: block;
  font-weight: 700;
`;

const Proved = styled.p`
  margin: ${theme.space(5)} 0 0;
  padding: ${theme.space(3)} ${theme.space(4)};
  border-left: 3px solid ${theme.color.accent};
  background: ${theme.color.surface};
  border-radius: 0 ${theme.radius.medium} ${theme.radius.medium} 0;
  color: ${theme.color.textMuted};
  strong {
    color: ${theme.color.accent};
  }
`;

/**
 * The stories' hero images are drawn at 1200×560: the attributes reserve that shape before the image
 * arrives, so nothing below it moves when it does (an image of another shape takes its own once loaded).
 */
const HERO_WIDTH = 1200;
const HERO_HEIGHT = 560;

const MainImage = styled.img`
  width: 100%;
  height: auto;
  margin: ${theme.space(8)} 0;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.large};
`;

const Invitation = styled.footer`
  margin-top: ${theme.space(12)};
  /* After the whole story: laid out when it nears the viewport, like the story's blocks. */
  ${laidOutNearViewport({ phone: '360px', medium: '225px' })}
  padding: ${theme.space(8)} ${theme.space(6)};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.large};
  background: linear-gradient(135deg, ${theme.color.accentMuted}, ${theme.color.surface} 70%);
  h2 {
    font-size: 1.4rem;
  }
  p {
    margin: 0 0 ${theme.space(5)};
    color: ${theme.color.textMuted};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(3)};
`;

const Panel = styled.section`
  max-width: 60ch;
  margin: ${theme.space(8)} auto;
  padding: ${theme.space(10)} ${theme.space(6)};
  text-align: center;
  border: 1px dashed ${theme.color.border};
  border-radius: ${theme.radius.large};
  h1 {
    font-size: clamp(1.5rem, 4vw, 2rem);
  }
  p {
    margin: 0 0 ${theme.space(6)};
  }
`;

const SkeletonStack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(3)};
`;

function BodySkeleton() {
  return (
    <Column aria-hidden="true">
      <SkeletonStack>
        {[100, 96, 92, 98, 60, 100, 94, 70].map((width, index) => (
          <Skeleton key={index} $height="1rem" $width={`${width}%`} />
        ))}
      </SkeletonStack>
    </Column>
  );
}

function StorySkeleton() {
  return (
    <PageContainer aria-busy="true" aria-label="Loading story" data-testid="story-skeleton">
      <PageMeta title="Loading Story..." />
      <Column>
        <SkeletonStack>
          <Skeleton $height="0.9rem" $width="25%" />
          <Skeleton $height="2.6rem" $width="90%" />
          <Skeleton $height="2.6rem" $width="55%" />
          <Skeleton $height="3rem" $width="40%" />
        </SkeletonStack>
      </Column>
      <Wide>
        <Skeleton $height="auto" style={{ aspectRatio: '15 / 7', margin: '2rem 0' }} />
      </Wide>
      <BodySkeleton />
    </PageContainer>
  );
}

/** If the markdown chunk itself fails to load, the story's words are still readable as plain text. */
class MarkdownFallbackBoundary extends Component<{ text: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Column>
        <ErrorText role="alert">The formatted story could not be loaded; showing it as plain text.</ErrorText>
        <p style={{ whiteSpace: 'pre-wrap' }}>{this.props.text}</p>
      </Column>
    );
  }
}

function StoryArticle({ story }: { story: Story }) {
  const absoluteUrl = useAbsoluteUrl();
  const image = mainImageUrl(story);
  // The hero is the story's largest paint: preloaded from the <head>, it downloads with the scripts
  // instead of after them (the preload scanner meets the <img> only past the inline styles).
  if (image) preload(image, { as: 'image', fetchPriority: 'high' });
  const published = formatPublishedDate(story.publishedDate);
  return (
    <PageContainer as="article">
      <PageMeta
        title={story.title}
        description={story.excerpt}
        type="article"
        image={storyPreviewImage(story.slug, storyPreviewCard(story))}
      />
      <JsonLd data={articleJsonLd(story, absoluteUrl(`/blog/${encodeURIComponent(story.slug)}`))} />
      <Column>
        <Eyebrow to="/blog">
          <span aria-hidden="true">//&nbsp;</span>SUCCESS STORIES
        </Eyebrow>
        <Title>{story.title}</Title>
        <Byline>
          {story.authorImageUrl && <img src={story.authorImageUrl} alt="" />}
          <p>
            <Author>{story.author}</Author>
            {published && <time dateTime={story.publishedDate}>{published}</time>}
          </p>
        </Byline>
        <Proved>
          {PROVED_COMPETENCE} <strong>{formatProvenSkills(story.provenSkills)}</strong>
        </Proved>
      </Column>
      {image && (
        <Wide>
          <MainImage
            src={image}
            alt=""
            width={HERO_WIDTH}
            height={HERO_HEIGHT}
            fetchPriority="high"
            data-testid="story-main-image"
          />
        </Wide>
      )}
      <StoryBody story={story} />
      <Column>
        <Invitation>
          <h2>Ready to write your own story?</h2>
          <p>
            Every story here began with one bounty. Find a real challenge that stretches you, solve it, and
            let the work prove what you can do.
          </p>
          <Actions>
            <ButtonLink to="/bounties">Explore Bounties</ButtonLink>
            <ButtonLink to="/blog" $variant="ghost">
              Back to Stories
            </ButtonLink>
          </Actions>
        </Invitation>
      </Column>
    </PageContainer>
  );
}

/**
 * /blog/:slug: loading skeleton, then the story, the not-found panel, or the failure
 * (mfe-stories/README.md, "Story detail").
 */
export default function StoryDetailPage() {
  const { slug = '' } = useParams();
  const result = useStory(slug);
  // Fetch the renderer while the story loads, not after: one round trip fewer before the body shows.
  // Not when the server rendered the body into the page: it is kept as it is.
  useEffect(() => {
    if (!document.querySelector('[data-story-body]')) loadMarkdownBody().catch(() => undefined);
  }, []);

  if (result.isPending) return <StorySkeleton />;
  if (result.isError) {
    return (
      <PageContainer>
        <PageMeta title="Story Not Found" noindex />
        <Panel role="alert">
          <h1>Failed to load story</h1>
          <ErrorText style={{ marginBottom: '1.5rem' }}>{result.error.message}</ErrorText>
          <ButtonLink to="/blog" $variant="secondary">
            Back to Stories
          </ButtonLink>
        </Panel>
      </PageContainer>
    );
  }
  if (!result.data) {
    return (
      <PageContainer>
        <PageMeta title="Story Not Found" noindex />
        <Panel>
          <h1>Story not found</h1>
          <MutedText>The story you&apos;re looking for doesn&apos;t exist or has been removed.</MutedText>
          <ButtonLink to="/blog" $variant="secondary">
            Browse all stories
          </ButtonLink>
        </Panel>
      </PageContainer>
    );
  }
  return <StoryArticle story={result.data} />;
}

/** The server's link-preview image of a story (server/src/previews); null for an unknown slug. */
// Server only, left out of browser builds (docs/decisions.md, "Server-only code").
export const previewCard: SectionPreviewCard | undefined =
  typeof window === 'undefined'
    ? async (slug) => {
        const story = await getStoryBySlug(slug);
        return story ? storyPreviewCard(story) : null;
      }
    : undefined;

/** Server rendering: the story; an unknown slug is a 404. */
// Server rendering only, left out of browser builds (docs/decisions.md, "Server-only code").
export const prefetch: SectionPrefetch | undefined =
  typeof window === 'undefined'
    ? async ({ queryClient, params }) => {
        const story = await prefetchStory(queryClient, params.slug ?? '');
        return { notFound: !story };
      }
    : undefined;

/** The sitemap: every story's page, dated by its publication (stories carry no edit date). */
// Server only, left out of browser builds (docs/decisions.md, "Server-only code").
export const sitemapEntries: SectionSitemapEntries | undefined =
  typeof window === 'undefined'
    ? async () =>
        (await listStories()).map((story) => ({
          path: `/blog/${encodeURIComponent(story.slug)}`,
          lastmod: story.publishedDate,
        }))
    : undefined;
