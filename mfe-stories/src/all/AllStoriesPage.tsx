import { PageContainer, PageHeading, PageMeta } from '@side-quest/design';

export default function AllStoriesPage() {
  return (
    <PageContainer>
      <PageMeta title="AllStoriesPage" />
      <PageHeading>AllStoriesPage</PageHeading>
    </PageContainer>
  );
}
