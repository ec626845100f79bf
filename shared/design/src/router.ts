/**
 * The site's one router, re-exported for every app. Apps import routing from '@side-quest/design', never
 * from react-router directly (eslint enforces it): @side-quest/design is a Module Federation singleton,
 * so every remote's hooks run inside the shell's router, and only the parts of react-router named here
 * are bundled. Shared as a package of its own, react-router 7 cannot be tree-shaken and costs ~60 KB gzip
 * on every page (shared/build/README.md, "Module Federation").
 */
export {
  BrowserRouter,
  MemoryRouter,
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
  type SetURLSearchParams,
} from 'react-router';
