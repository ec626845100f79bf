import { ROUTE_TABLE } from '@side-quest/data';
import { PageContainer, PageMeta } from '@side-quest/design';
import { StoryCollection } from '../cards/StoryCollection';
import { PageIntro } from '../cards/PageIntro';
import { useStories } from '../data/useStories';

/** /blog/all: every story, newest first (the SPEC leaves this screen unshown). */
export default function AllStoriesPage() {
  const result = useStories();
  return (
    <PageContainer>
      <PageMeta {...ROUTE_TABLE.allStories.head} />
      <PageIntro eyebrow="// STORIES / ALL" title="All Success Stories">
        Every story from the community, newest first.
      </PageIntro>
      <StoryCollection result={result} />
    </PageContainer>
  );
}
