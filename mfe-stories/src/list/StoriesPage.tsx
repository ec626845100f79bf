import type { SectionPrefetch } from '@side-quest/data';
import styled from 'styled-components';
import { ButtonLink, PageContainer, PageMeta, theme } from '@side-quest/design';
import { storiesHead } from '@side-quest/data/route-heads';
import { StoryCollection } from '../cards/StoryCollection';
import { PageIntro } from '../cards/PageIntro';
import { prefetchStories, useStories } from '../data/useStories';
import { shouldShowViewAllLink, storiesForListPage } from './storyListRules';

const ViewAll = styled.div`
  display: flex;
  justify-content: center;
  margin-top: ${theme.space(10)};
`;

/** /blog: the newest stories as cards, and 'View All Stories' when there are more (mfe-stories/README.md). */
export default function StoriesPage() {
  const result = useStories();
  return (
    <PageContainer>
      <PageMeta {...storiesHead} />
      <PageIntro eyebrow="// STORIES" title="Success Stories">
        Real people, real bounties. How members of the community turned paid, real-world challenges into Proof
        of Competence, and what they learned on the way.
      </PageIntro>
      <StoryCollection result={result} select={storiesForListPage} />
      {result.data && shouldShowViewAllLink(result.data.length) && (
        <ViewAll>
          <ButtonLink to="/blog/all" $variant="secondary">
            View All Stories
          </ButtonLink>
        </ViewAll>
      )}
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
