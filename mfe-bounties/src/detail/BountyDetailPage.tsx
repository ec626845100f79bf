import { PageContainer, PageHeading, PageMeta } from '@side-quest/design';

export default function BountyDetailPage() {
  return (
    <PageContainer>
      <PageMeta title="BountyDetailPage" />
      <PageHeading>BountyDetailPage</PageHeading>
    </PageContainer>
  );
}
