import { css } from 'styled-components';
import { media } from '../theme';

/** A block's placeholder height at a phone's width, and from the medium and large breakpoints up. */
export interface PlaceholderHeights {
  phone: string;
  medium?: string;
  large?: string;
}

/**
 * For a block of a long page that usually starts below the fold: it is laid out and painted when it
 * nears the viewport, not in the page's first layout (shaping its text and resolving its fonts was
 * most of that layout on the long pages), and until then holds its last rendered height, or the
 * placeholder before it has been rendered: one height, or one per width where the block's height
 * changes with it. Its text stays in the document (find in page, screen readers). The paint
 * containment this brings would clip a focus outline at the block's edge; the clip margin leaves
 * room for it.
 */
export const laidOutNearViewport = (placeholder: string | PlaceholderHeights) => {
  const { phone, medium, large } = typeof placeholder === 'string' ? { phone: placeholder } : placeholder;
  return css`
    content-visibility: auto;
    contain-intrinsic-size: auto ${phone};
    overflow-clip-margin: 0.5em;
    ${
      medium &&
      css`
        ${media.medium} {
          contain-intrinsic-size: auto ${medium};
        }
      `
    }
    ${
      large &&
      css`
        ${media.large} {
          contain-intrinsic-size: auto ${large};
        }
      `
    }
  `;
};
