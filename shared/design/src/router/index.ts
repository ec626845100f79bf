/**
 * The site's one router, for every app. Apps import routing from '@side-quest/design', never from
 * react-router (eslint enforces it): @side-quest/design is a Module Federation singleton, so every
 * remote's hooks run inside the shell's router. It is the part of react-router 7's declarative API the
 * site uses, written here: react-router's own components cost every page about 13.5 KB gzip even
 * tree-shaken (its Link and router carry the data router's machinery), these about 2 KB
 * (shared/build/README.md, "Module Federation").
 */
export {
  BrowserRouter,
  MemoryRouter,
  StaticRouter,
  Link,
  NavLink,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
  type LinkProps,
  type NavLinkProps,
  type NavigateFunction,
  type NavigateOptions,
  type RouteProps,
  type SetURLSearchParams,
} from './Router';
export { matchPath, type Location, type NavigationType, type Params, type To } from './paths';
