import { PageContainer, PageHeading, PageMeta } from '@side-quest/design';

export default function StoriesPage() {
  return (
    <PageContainer>
      <PageMeta title="StoriesPage" />
      <PageHeading>StoriesPage</PageHeading>
    </PageContainer>
  );
}
