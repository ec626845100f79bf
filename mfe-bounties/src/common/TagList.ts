import styled from 'styled-components';
import { theme } from '@side-quest/design';

/** A wrapping row of skill tags (cards and the detail page); each tag stays within the row's width. */
export const TagList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(2)};
  > li {
    display: flex;
    max-width: 100%;
  }
`;
