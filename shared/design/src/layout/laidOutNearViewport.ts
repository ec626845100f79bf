import { css } from 'styled-components';

/**
 * For a block of a long page that usually starts below the fold: it is laid out and painted when it
 * nears the viewport, not in the page's first layout (shaping its text and resolving its fonts was
 * most of that layout on the long pages), and until then holds its last rendered height, or
 * `placeholder` before it has been rendered. Its text stays in the document (find in page, screen
 * readers). The paint containment this brings would clip a focus outline at the block's edge; the
 * clip margin leaves room for it.
 */
export const laidOutNearViewport = (placeholder: string) => css`
  content-visibility: auto;
  contain-intrinsic-size: auto ${placeholder};
  overflow-clip-margin: 0.5em;
`;
