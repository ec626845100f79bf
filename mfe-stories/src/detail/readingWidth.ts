/**
 * One measure for the story column (title, byline, body, footer) so their edges line up. In rem, not ch:
 * the body and the headings use different fonts, and ~40rem keeps body lines near 70 characters.
 */
export const READING_WIDTH = '40rem';
