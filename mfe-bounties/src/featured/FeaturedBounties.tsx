import { PageContainer, PageHeading, PageMeta } from '@side-quest/design';

export default function FeaturedBounties() {
  return (
    <PageContainer>
      <PageMeta title="FeaturedBounties" />
      <PageHeading>FeaturedBounties</PageHeading>
    </PageContainer>
  );
}
