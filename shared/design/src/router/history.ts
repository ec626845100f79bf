import { createPath, parsePath, type Location, type NavigationType, type To } from './paths';

/** What the router's components navigate with: the browser's history, a memory one, or none (server). */
export interface Navigator {
  push(to: To, state?: unknown): void;
  replace(to: To, state?: unknown): void;
  go(delta: number): void;
  /** The href an `<a>` shows for a path. */
  createHref(to: To): string;
}

export interface History extends Navigator {
  readonly location: Location;
  readonly action: NavigationType;
  /** Called after every change (a navigation or the back and forward buttons); returns unlisten. */
  listen(listener: (update: { action: NavigationType; location: Location }) => void): () => void;
}

function createKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

function toLocation(to: To, current: Location | null, state: unknown, key: string): Location {
  const path = typeof to === 'string' ? parsePath(to) : to;
  return {
    pathname: path.pathname ?? current?.pathname ?? '/',
    search: path.search ?? '',
    hash: path.hash ?? '',
    state: state ?? null,
    key,
  };
}

/** What the browser's history entry holds besides the URL: react-router's shape, so both can read it. */
interface EntryState {
  usr: unknown;
  key: string;
  idx: number;
}

/** The browser's history: pushState and replaceState, popstate for the back and forward buttons. */
export function createBrowserHistory(win: Window = window): History {
  const read = (): { location: Location; index: number } => {
    const entry = (win.history.state ?? null) as Partial<EntryState> | null;
    const { pathname, search, hash } = win.location;
    return {
      location: { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' },
      index: typeof entry?.idx === 'number' ? entry.idx : 0,
    };
  };
  let { location, index } = read();
  if (typeof win.history.state?.idx !== 'number') {
    win.history.replaceState({ ...win.history.state, usr: location.state, key: location.key, idx: 0 }, '');
  }
  let action: NavigationType = 'POP';
  const listeners = new Set<(update: { action: NavigationType; location: Location }) => void>();
  const notify = () => listeners.forEach((listener) => listener({ action, location }));

  const change = (kind: 'PUSH' | 'REPLACE', to: To, state: unknown) => {
    const next = toLocation(to, location, state, createKey());
    const nextIndex = kind === 'PUSH' ? index + 1 : index;
    const entry: EntryState = { usr: next.state, key: next.key, idx: nextIndex };
    const url = createPath(next);
    if (kind === 'PUSH') {
      try {
        win.history.pushState(entry, '', url);
      } catch {
        // iOS limits pushState to 100 calls per 30 s: a full navigation still gets there.
        win.location.assign(url);
        return;
      }
    } else {
      win.history.replaceState(entry, '', url);
    }
    action = kind;
    location = next;
    index = nextIndex;
    notify();
  };

  const onPop = () => {
    ({ location, index } = read());
    action = 'POP';
    notify();
  };

  return {
    get location() {
      return location;
    },
    get action() {
      return action;
    },
    push: (to, state) => change('PUSH', to, state),
    replace: (to, state) => change('REPLACE', to, state),
    go: (delta) => win.history.go(delta),
    createHref: (to) => (typeof to === 'string' ? to : createPath(to)),
    listen(listener) {
      if (listeners.size === 0) win.addEventListener('popstate', onPop);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) win.removeEventListener('popstate', onPop);
      };
    },
  };
}

/** A history kept in memory (tests, a section rendered alone): entries and an index into them. */
export function createMemoryHistory(initialEntries: readonly To[] = ['/'], initialIndex?: number): History {
  const entries: Location[] = (initialEntries.length ? initialEntries : ['/']).map((entry, position) =>
    toLocation(
      entry,
      null,
      typeof entry === 'object' && 'state' in entry ? entry.state : null,
      position === 0 ? 'default' : createKey(),
    ),
  );
  let index = Math.min(Math.max(initialIndex ?? entries.length - 1, 0), entries.length - 1);
  let action: NavigationType = 'POP';
  const listeners = new Set<(update: { action: NavigationType; location: Location }) => void>();
  const current = () => entries[index] as Location;
  const notify = () => listeners.forEach((listener) => listener({ action, location: current() }));
  return {
    get location() {
      return current();
    },
    get action() {
      return action;
    },
    push(to, state) {
      index += 1;
      entries.splice(index, entries.length, toLocation(to, entries[index - 1] ?? null, state, createKey()));
      action = 'PUSH';
      notify();
    },
    replace(to, state) {
      entries[index] = toLocation(to, current(), state, createKey());
      action = 'REPLACE';
      notify();
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      action = 'POP';
      notify();
    },
    createHref: (to) => (typeof to === 'string' ? to : createPath(to)),
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
