import styled from 'styled-components';
import { laidOutNearViewport, theme } from '@side-quest/design';
import { READING_WIDTH } from './readingWidth';

/** Long-form reading typography for the dark theme: ~70 characters a line, generous rhythm. */
export const Prose = styled.div`
  max-width: ${READING_WIDTH};
  margin: 0 auto;
  font-size: 1.0625rem;
  line-height: 1.75;
  color: ${theme.color.text};
  overflow-wrap: break-word;

  > :first-child {
    margin-top: 0;
  }

  /* A story is many screens long on a phone, and shaping its text was most of the page's first
     layout. Until a block is first rendered it holds the stories' average block height at that width. */
  > * {
    ${laidOutNearViewport({ phone: '8em', medium: '6em' })}
  }
  /* Each top-level list is laid out on its own (above), so its items' outer margins no longer merge
     with the list's: drop them, as merging did. */
  > ul,
  > ol {
    > li:first-child {
      margin-top: 0;
    }
    > li:last-child {
      margin-bottom: 0;
    }
  }

  p,
  ul,
  ol,
  blockquote,
  pre,
  table {
    margin: 0 0 1.25em;
  }

  h2,
  h3,
  h4,
  h5,
  h6 {
    line-height: 1.3;
    scroll-margin-top: 5rem;
  }
  h2 {
    margin: 2.4em 0 0.7em;
    padding-top: 0.9em;
    border-top: 1px solid ${theme.color.border};
    font-size: 1.55rem;
  }
  h3 {
    margin: 2em 0 0.6em;
    font-size: 1.25rem;
  }
  h4,
  h5,
  h6 {
    margin: 1.6em 0 0.5em;
    font-size: 1.0625rem;
    color: ${theme.color.accent};
  }
  h5,
  h6 {
    font-size: 1rem;
    text-transform: uppercase;
    letter-spacing: 0.05em;
  }

  strong {
    color: ${theme.color.text};
    font-weight: 700;
  }

  a {
    color: ${theme.color.accent};
    text-decoration: underline;
    text-decoration-thickness: 1px;
    text-underline-offset: 0.2em;
    &:hover {
      text-decoration-thickness: 2px;
    }
  }

  ul,
  ol {
    padding-left: 1.4em;
  }
  li {
    margin: 0.4em 0;
    padding-left: 0.2em;
  }
  li::marker {
    color: ${theme.color.accent};
  }

  blockquote {
    padding: 0.2em 0 0.2em 1.2em;
    border-left: 3px solid ${theme.color.accent};
    color: ${theme.color.textMuted};
    font-style: italic;
  }

  code {
    padding: 0.1em 0.35em;
    border-radius: ${theme.radius.small};
    background: ${theme.color.surfaceRaised};
    font-family: ${theme.font.mono};
    font-size: 0.9em;
  }
  pre {
    padding: 1em 1.2em;
    overflow-x: auto;
    border: 1px solid ${theme.color.border};
    border-radius: ${theme.radius.medium};
    background: ${theme.color.surface};
    line-height: 1.6;
    code {
      padding: 0;
      background: none;
      font-size: 0.9rem;
    }
  }

  img {
    width: 100%;
    margin: 0.5em 0;
    border: 1px solid ${theme.color.border};
    border-radius: ${theme.radius.medium};
  }

  hr {
    margin: 2.5em 0;
    border: 0;
    border-top: 1px solid ${theme.color.border};
  }

  table {
    display: block;
    overflow-x: auto;
    border-collapse: collapse;
  }
  th,
  td {
    padding: 0.5em 0.8em;
    border: 1px solid ${theme.color.border};
    text-align: left;
  }
`;
