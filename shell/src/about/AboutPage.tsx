import { PageContainer, PageHeading, PageMeta } from '@side-quest/design';

export function AboutPage() {
  return (
    <PageContainer>
      <PageMeta
        title="About"
        description="Why Side Quest exists and how it bridges talent and opportunity."
      />
      <PageHeading>About Side Quest</PageHeading>
      <h2>Our Mission</h2>
      <p>Bridge the gap between talent and opportunity through real-world proof of competence.</p>
    </PageContainer>
  );
}
