import { ButtonLink, MutedText, PageContainer, PageHeading, PageMeta } from '@side-quest/design';

export function NotFoundPage() {
  return (
    <PageContainer>
      <PageMeta title="Page Not Found" noindex />
      <PageHeading>Page Not Found</PageHeading>
      <MutedText>You didn&apos;t see this page....</MutedText>
      <ButtonLink to="/">Go Back Home</ButtonLink>
    </PageContainer>
  );
}
