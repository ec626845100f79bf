import styled, { css } from 'styled-components';
import { Link, theme } from '@side-quest/design';

export const BRAND_TEXT = 'SIDE_QUEST';

const brandText = css`
  font-family: ${theme.font.mono};
  font-weight: 800;
  font-size: 1.2rem;
  color: ${theme.color.accent};
`;

/** The brand in the header, as a link home. */
export const BrandLink = styled(Link)`
  ${brandText}
  text-decoration: none;
  padding: 0.5rem 0;
`;

/** The brand as a mark only, where a link home would be one control too many (the mobile menu). */
export const BrandMark = styled.span`
  ${brandText}
`;
