import type { ReactNode } from 'react';
import styled from 'styled-components';
import { PageHeading, theme } from '@side-quest/design';

const Intro = styled.header`
  max-width: 70ch;
  p {
    margin: ${theme.space(3)} 0 0;
    color: ${theme.color.textMuted};
    font-size: 1.1rem;
    line-height: 1.6;
  }
`;

const Eyebrow = styled.span`
  display: block;
  margin-bottom: ${theme.space(2)};
  color: ${theme.color.accent};
  font-family: ${theme.font.mono};
  font-size: 0.85rem;
  letter-spacing: 0.08em;
`;

/** Heading block of the two listing pages. */
export function PageIntro({
  eyebrow,
  title,
  children,
}: {
  eyebrow: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Intro>
      <Eyebrow aria-hidden="true">{eyebrow}</Eyebrow>
      <PageHeading>{title}</PageHeading>
      <p>{children}</p>
    </Intro>
  );
}
