/**
 * The site's one router, for every app: react-router-dom 7 in declarative mode. Apps import routing
 * from '@side-quest/design', never from react-router-dom itself (eslint enforces it): @side-quest/design
 * is a Module Federation singleton, so the shell and every remote use the one tree-shaken copy of
 * React Router it carries, and every remote's hooks read the shell's router context. Shared as a
 * singleton of its own, react-router-dom would cost every page its whole build (docs/decisions.md,
 * "React Router and TanStack Query inside the shared packages"). React Router's StaticRouter
 * and MemoryRouter are subpaths of their own ('@side-quest/design/static-router', '/memory-router'):
 * no page renders them, and a singleton's every export is in every page's download.
 */
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Route,
  Routes,
  matchPath,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
  type LinkProps,
  type Location,
  type NavLinkProps,
  type NavigateFunction,
  type NavigateOptions,
  type Params,
  type RouteProps,
  type SetURLSearchParams,
  type To,
} from 'react-router-dom';
