import { PageContainer, PageHeading, PageMeta } from '@side-quest/design';

export default function BountiesPage() {
  return (
    <PageContainer>
      <PageMeta title="BountiesPage" />
      <PageHeading>BountiesPage</PageHeading>
    </PageContainer>
  );
}
