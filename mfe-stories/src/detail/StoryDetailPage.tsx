import { PageContainer, PageHeading, PageMeta } from '@side-quest/design';

export default function StoryDetailPage() {
  return (
    <PageContainer>
      <PageMeta title="StoryDetailPage" />
      <PageHeading>StoryDetailPage</PageHeading>
    </PageContainer>
  );
}
