import {
  Children,
  createContext,
  forwardRef,
  isValidElement,
  startTransition,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type CSSProperties,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { createBrowserHistory, createMemoryHistory, type History, type Navigator } from './history';
import {
  bestMatch,
  createPath,
  isActivePath,
  resolveTo,
  type Location,
  type NavigationType,
  type Params,
  type Path,
  type To,
} from './paths';

interface RouterState {
  location: Location;
  navigationType: NavigationType;
  navigator: Navigator;
}

const RouterContext = createContext<RouterState | null>(null);
const ParamsContext = createContext<Params>({});

function useRouter(hook: string): RouterState {
  const router = useContext(RouterContext);
  if (!router)
    throw new Error(`${hook} may be used only inside a router (BrowserRouter, MemoryRouter, StaticRouter)`);
  return router;
}

/** A history's location and the last navigation's type, as state: a navigation re-renders in a transition. */
function useHistory(history: History): RouterState {
  const [state, setState] = useState({ location: history.location, navigationType: history.action });
  useLayoutEffect(
    () =>
      history.listen(({ action, location }) =>
        // As react-router 7 does: the page being left stays on screen while the next one suspends.
        startTransition(() => setState({ location, navigationType: action })),
      ),
    [history],
  );
  return useMemo(() => ({ ...state, navigator: history }), [state, history]);
}

/** The browser's router: the address bar's location, the back and forward buttons. */
export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [history] = useState(() => createBrowserHistory());
  return <RouterContext.Provider value={useHistory(history)}>{children}</RouterContext.Provider>;
}

/** A router whose history is kept in memory (tests, a section rendered on its own). */
export function MemoryRouter({
  children,
  initialEntries,
  initialIndex,
}: {
  children?: ReactNode;
  initialEntries?: readonly (string | Partial<Location>)[];
  initialIndex?: number;
}) {
  const [history] = useState(() => createMemoryHistory(initialEntries, initialIndex));
  return <RouterContext.Provider value={useHistory(history)}>{children}</RouterContext.Provider>;
}

const STATIC_NAVIGATOR: Navigator = {
  push: () => {
    throw new Error('A server render cannot navigate');
  },
  replace: () => {
    throw new Error('A server render cannot navigate');
  },
  go: () => {
    throw new Error('A server render cannot navigate');
  },
  createHref: (to) => (typeof to === 'string' ? to : createPath(to)),
};

/** The server's router: one location, no navigation. */
export function StaticRouter({
  children,
  location,
}: {
  children?: ReactNode;
  location: string | Partial<Path>;
}) {
  const value = useMemo<RouterState>(() => {
    const path = resolveTo(location, '/');
    return {
      location: { ...path, state: null, key: 'default' },
      navigationType: 'POP',
      navigator: STATIC_NAVIGATOR,
    };
  }, [location]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function useLocation(): Location {
  return useRouter('useLocation').location;
}

export function useNavigationType(): NavigationType {
  return useRouter('useNavigationType').navigationType;
}

export function useParams<T extends Params = Params>(): T {
  return useContext(ParamsContext) as T;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /** Accepted for react-router's API; a declarative router never resets the scroll position. */
  preventScrollReset?: boolean;
}

export interface NavigateFunction {
  (to: To, options?: NavigateOptions): void;
  (delta: number): void;
}

export function useNavigate(): NavigateFunction {
  const { navigator, location } = useRouter('useNavigate');
  // Read at call time: a callback kept from an earlier render still resolves from the current page.
  const current = useLatest(location);
  return useMemo<NavigateFunction>(
    () =>
      ((to: To | number, options: NavigateOptions = {}) => {
        if (typeof to === 'number') {
          navigator.go(to);
          return;
        }
        const path = resolveTo(to, current.current.pathname);
        if (options.replace) navigator.replace(path, options.state);
        else navigator.push(path, options.state);
      }) as NavigateFunction,
    [navigator, current],
  );
}

function useLatest<T>(value: T): { current: T } {
  const [ref] = useState(() => ({ current: value }));
  ref.current = value;
  return ref;
}

export type SetURLSearchParams = (
  next: URLSearchParams | string | Record<string, string> | ((previous: URLSearchParams) => URLSearchParams),
  options?: NavigateOptions,
) => void;

export function useSearchParams(): [URLSearchParams, SetURLSearchParams] {
  const location = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const set: SetURLSearchParams = (next, options) => {
    const value = typeof next === 'function' ? next(new URLSearchParams(params)) : new URLSearchParams(next);
    navigate({ search: `?${value.toString()}` }, options);
  };
  return [params, set];
}

/** Navigates when rendered (in an effect: never during a server render). */
export function Navigate({ to, replace, state }: { to: To } & Pick<NavigateOptions, 'replace' | 'state'>) {
  const navigate = useNavigate();
  const target = typeof to === 'string' ? to : createPath(to);
  useEffect(() => {
    navigate(target, { replace, state });
    // Once, as react-router's Navigate.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}

export interface RouteProps {
  path?: string;
  element?: ReactNode;
}

/** A route of <Routes>: read by Routes, never rendered itself. */
export function Route(_props: RouteProps): ReactElement | null {
  return null;
}

/** Renders the element of the child <Route> that matches the location best (react-router's ranking). */
export function Routes({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const routes: RouteProps[] = [];
  const collect = (nodes: ReactNode) =>
    Children.forEach(nodes, (child) => {
      if (!isValidElement<RouteProps & { children?: ReactNode }>(child)) return;
      if (child.type === Route) routes.push(child.props);
      else collect(child.props.children); // a fragment of routes
    });
  collect(children);
  const match = bestMatch(
    routes.map((route) => route.path ?? '/'),
    pathname,
  );
  if (!match) return null;
  return (
    <ParamsContext.Provider value={match.params}>
      {routes[match.index]?.element ?? null}
    </ParamsContext.Provider>
  );
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  /** A full page load instead of a navigation inside the app. */
  reloadDocument?: boolean;
  preventScrollReset?: boolean;
}

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>, target?: string): boolean {
  return (
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

/** An `<a>` whose plain left click navigates inside the app (a link to the current page replaces it). */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, replace, state, reloadDocument, preventScrollReset: _preventScrollReset, onClick, target, ...rest },
  ref,
) {
  const { location, navigator } = useRouter('Link');
  const path = resolveTo(to, location.pathname);
  const href = navigator.createHref(path);
  const navigate = useNavigate();
  return (
    <a
      {...rest}
      ref={ref}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || reloadDocument || !isPlainLeftClick(event, target)) return;
        event.preventDefault();
        const same = createPath(location) === createPath(path);
        navigate(path, { replace: replace ?? same, state });
      }}
    />
  );
});

export interface NavLinkProps extends Omit<LinkProps, 'className' | 'style' | 'children'> {
  /** Active only on the link's own path, not below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string | undefined);
  style?: CSSProperties | ((state: { isActive: boolean }) => CSSProperties | undefined);
  children?: ReactNode | ((state: { isActive: boolean }) => ReactNode);
}

/** A Link that knows whether it leads to the current page: aria-current="page" and the class 'active'. */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(
  { end, className, style, children, ...rest },
  ref,
) {
  const { pathname } = useLocation();
  const to = resolveTo(rest.to, pathname);
  const isActive = isActivePath(pathname, to.pathname, end);
  const state = { isActive };
  const classes =
    typeof className === 'function'
      ? className(state)
      : [className, isActive ? 'active' : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <Link
      {...rest}
      ref={ref}
      aria-current={isActive ? 'page' : undefined}
      className={classes}
      style={typeof style === 'function' ? style(state) : style}
    >
      {typeof children === 'function' ? children(state) : children}
    </Link>
  );
});
