import styled from 'styled-components';
import { Link, theme } from '@side-quest/design';

/** A ranked list: each row is numbered 01, 02… by a CSS counter, so the number is not read twice. */
export const RankedList = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  counter-reset: rank;
  display: flex;
  flex-direction: column;
  gap: ${theme.space(1)};
`;

export const RankedRow = styled.li`
  counter-increment: rank;
  display: grid;
  grid-template-columns: 2rem minmax(0, 1fr) auto;
  align-items: center;
  column-gap: ${theme.space(2)};
  &::before {
    content: counter(rank, decimal-leading-zero);
    font-family: ${theme.font.mono};
    font-size: 0.8rem;
    color: ${theme.color.textMuted};
  }
  & + & {
    border-top: 1px solid ${theme.color.border};
    padding-top: ${theme.space(1)};
  }
`;

/** A skill's or area's name, leading to its bounties; 44px tall for touch. */
export const RowLink = styled(Link)`
  display: flex;
  align-items: center;
  min-height: 44px;
  min-width: 0;
  font-weight: 600;
  color: ${theme.color.text};
  text-decoration: none;
  overflow-wrap: anywhere;
  &:hover {
    color: ${theme.color.accent};
    text-decoration: underline;
  }
`;

/** The figure at the end of a row ('67%', '(3 recent)', '12K avg'). */
export const RowFigure = styled.span`
  font-family: ${theme.font.mono};
  font-weight: 700;
  color: ${theme.color.accent};
  white-space: nowrap;
  text-align: right;
`;
