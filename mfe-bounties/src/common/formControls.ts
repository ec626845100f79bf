import styled, { css } from 'styled-components';
import { theme } from '@side-quest/design';

/** Text inputs and selects of this section: 44 px tall, theme colours, full width of their column. */
const control = css`
  min-height: 44px;
  width: 100%;
  min-width: 0;
  padding: 0.55rem 0.75rem;
  border-radius: ${theme.radius.medium};
  background: ${theme.color.background};
  border: 1px solid ${theme.color.border};
`;

export const TextInput = styled.input`
  ${control}
`;

export const Select = styled.select`
  ${control}
`;

export const TextArea = styled.textarea`
  ${control}
  min-height: 7rem;
  resize: vertical;
`;
