export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

/**
 * Story headings render one level down, because the page's h1 is the story title: h1→h2 …
 * h5→h6; h6 has nowhere lower to go and stays h6.
 */
export function shiftHeadingLevel(level: HeadingLevel): HeadingLevel {
  return Math.min(level + 1, 6) as HeadingLevel;
}
