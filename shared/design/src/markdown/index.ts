// The renderer (react-markdown and its plugins): import it only from a chunk loaded on demand. The URL
// rules are in './rules', the server's HTML renderer in './server', UserContent in the package's entry.
export { SafeMarkdown, USER_MARKDOWN_MAX, capUserMarkdown, type MarkdownMode } from './SafeMarkdown';
