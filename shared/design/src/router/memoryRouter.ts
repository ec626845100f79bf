/**
 * React Router's MemoryRouter, for tests and benches that render a page at a given URL: apart from
 * '@side-quest/design' because that is a browser singleton whose every export every page downloads,
 * and no page renders a MemoryRouter. It is the same react-router-dom as the package's other exports,
 * so the pages' hooks read its context.
 */
export { MemoryRouter } from 'react-router-dom';
