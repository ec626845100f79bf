import { PageContainer, PageMeta } from '@side-quest/design';
import { StoryCollection } from '../cards/StoryCollection';
import { PageIntro } from '../cards/PageIntro';
import { useStories } from '../data/useStories';

/** /blog/all: every story, newest first (the SPEC leaves this screen unshown). */
export default function AllStoriesPage() {
  const result = useStories();
  return (
    <PageContainer>
      <PageMeta
        title="All Success Stories"
        description="Every success story from the Side Quest community, newest first."
      />
      <PageIntro eyebrow="// STORIES / ALL" title="All Success Stories">
        Every story from the community, newest first.
      </PageIntro>
      <StoryCollection result={result} />
    </PageContainer>
  );
}
