import { NOT_FOUND_HEAD } from '@side-quest/data';
import styled from 'styled-components';
import { ButtonLink, MutedText, PageContainer, PageHeading, PageMeta, theme } from '@side-quest/design';

const Centered = styled(PageContainer)`
  min-height: 55vh;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  text-align: center;
`;

const Code = styled.p`
  font-family: ${theme.font.mono};
  font-weight: 800;
  font-size: clamp(4rem, 18vw, 8rem);
  line-height: 1;
  margin: 0 0 ${theme.space(4)};
  color: ${theme.color.accent};
  opacity: 0.85;
`;

/** Any path outside the route table (the server answers it with status 404 too). */
export function NotFoundPage() {
  return (
    <Centered>
      <PageMeta {...NOT_FOUND_HEAD} noindex />
      <Code aria-hidden="true">404</Code>
      <PageHeading>Page Not Found</PageHeading>
      <MutedText>You didn&apos;t see this page....</MutedText>
      <ButtonLink to="/">Go Back Home</ButtonLink>
    </Centered>
  );
}
