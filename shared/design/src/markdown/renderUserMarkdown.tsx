import { renderToStaticMarkup } from 'react-dom/server';
import { SafeMarkdown } from './SafeMarkdown';

/**
 * People's markdown as HTML, rendered once on the server (the page ships the HTML, not the renderer):
 * the user mode's rules apply, and the result holds no script, no image, no raw HTML.
 */
export function renderUserMarkdown(markdown: string): string {
  return renderToStaticMarkup(<SafeMarkdown markdown={markdown} mode="user" />);
}
