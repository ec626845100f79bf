// The server's entry: kept apart so no browser bundle pulls react-dom/server in.
export { renderUserMarkdown } from './renderUserMarkdown';
