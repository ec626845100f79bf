import type { ReactNode } from 'react';
import styled from 'styled-components';
import { MutedText, Skeleton, theme } from '@side-quest/design';

const Panel = styled.section`
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.large};
  padding: ${theme.space(5)};
  min-width: 0;
`;

const Title = styled.h2`
  display: flex;
  align-items: center;
  gap: ${theme.space(2)};
  font-size: 1.05rem;
  text-transform: uppercase;
  margin-bottom: ${theme.space(4)};
  &::before {
    content: '';
    width: 0.55rem;
    height: 0.55rem;
    border-radius: 2px;
    background: ${theme.color.accent};
    flex: none;
  }
`;

const Placeholders = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(4)};
`;

const Empty = styled(MutedText)`
  margin: 0;
  padding: ${theme.space(4)} 0;
`;

/** What a section shows: grey rows while the list loads, its empty text, or its rows. */
export type SectionState = 'loading' | 'empty' | 'ready';

export interface CompassSectionProps {
  id: string;
  title: string;
  state: SectionState;
  /** Grey rows standing in for the section while loading (6, 4 and 4; mfe-compass/README.md, "Page"). */
  placeholderRows: number;
  /** Tall placeholders for rows that carry a demand bar. */
  placeholderHeight?: string;
  emptyText: string;
  children: ReactNode;
}

/** One panel of the compass dashboard, with its heading and its loading and empty states. */
export function CompassSection({
  id,
  title,
  state,
  placeholderRows,
  placeholderHeight = '1.6rem',
  emptyText,
  children,
}: CompassSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <Panel aria-labelledby={headingId} aria-busy={state === 'loading'} data-testid={id}>
      <Title id={headingId}>{title}</Title>
      {state === 'loading' ? (
        <Placeholders aria-hidden="true">
          {Array.from({ length: placeholderRows }, (_, index) => (
            <Skeleton key={index} data-testid="compass-placeholder" $height={placeholderHeight} />
          ))}
        </Placeholders>
      ) : state === 'empty' ? (
        <Empty>{emptyText}</Empty>
      ) : (
        children
      )}
    </Panel>
  );
}
