import type { SectionPrefetch } from '@side-quest/data';
import { PageContainer, PageMeta } from '@side-quest/design';
import { allStoriesHead } from '@side-quest/data/route-heads';
import { StoryCollection } from '../cards/StoryCollection';
import { PageIntro } from '../cards/PageIntro';
import { prefetchStories, useStories } from '../data/useStories';

/** /blog/all: every story, newest first (mfe-stories/README.md, "All stories": our design). */
export default function AllStoriesPage() {
  const result = useStories();
  return (
    <PageContainer>
      <PageMeta {...allStoriesHead} />
      <PageIntro eyebrow="// STORIES / ALL" title="All Success Stories">
        Every story from the community, newest first.
      </PageIntro>
      <StoryCollection result={result} />
    </PageContainer>
  );
}

/** Server rendering: the stories the page lists. */
// Server rendering only, left out of browser builds (docs/decisions.md, "Server-only code").
export const prefetch: SectionPrefetch | undefined =
  typeof window === 'undefined'
    ? async ({ queryClient }) => {
        await prefetchStories(queryClient);
      }
    : undefined;
