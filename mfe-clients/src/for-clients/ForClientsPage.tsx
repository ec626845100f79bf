import { PageContainer, PageHeading, PageMeta } from '@side-quest/design';

export default function ForClientsPage() {
  return (
    <PageContainer>
      <PageMeta title="ForClientsPage" />
      <PageHeading>ForClientsPage</PageHeading>
    </PageContainer>
  );
}
