/**
 * React Router's StaticRouter, for server rendering only (server/src/render/renderPage.tsx): apart from
 * '@side-quest/design' because that is a browser singleton whose every export every page downloads, and
 * no browser renders a StaticRouter (about 0.5 KB gzip of each page, measured with `npm run bench`).
 * It is the same react-router-dom as the package's other exports, so its context is the one the
 * apps' hooks read.
 */
export { StaticRouter } from 'react-router-dom';
