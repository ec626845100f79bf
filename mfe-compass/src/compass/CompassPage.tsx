import { PageContainer, PageHeading, PageMeta } from '@side-quest/design';

export default function CompassPage() {
  return (
    <PageContainer>
      <PageMeta title="CompassPage" />
      <PageHeading>CompassPage</PageHeading>
    </PageContainer>
  );
}
