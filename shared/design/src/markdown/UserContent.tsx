import styled from 'styled-components';
import { theme } from '../theme';

const Body = styled.div`
  overflow-wrap: break-word;
  line-height: 1.65;
  > :first-child {
    margin-top: 0;
  }
  pre {
    overflow-x: auto;
    padding: ${theme.space(3)};
    border-radius: ${theme.radius.medium};
    background: ${theme.color.background};
  }
  a {
    color: ${theme.color.accent};
  }
`;

/**
 * HTML the server rendered from people's markdown in user mode (renderUserMarkdown): no script, no
 * image, no raw HTML can be in it, so it is inserted as it is — the page ships no markdown renderer.
 */
export function UserContent({ html, label }: { html: string; label?: string }) {
  return <Body aria-label={label} dangerouslySetInnerHTML={{ __html: html }} />;
}
