import { hashQueryKey, type QueryKey } from './queryKey';

export type QueryStatus = 'pending' | 'error' | 'success';

/** What is known of one query: its data (kept through a failed refetch), its last error, whether a request is out. */
export interface QueryState<T = unknown> {
  status: QueryStatus;
  data: T | undefined;
  error: unknown;
  /** When the data arrived (ms since the epoch); 0 while there is none. */
  updatedAt: number;
  fetching: boolean;
}

export type QueryFunction<T> = (context: { queryKey: QueryKey }) => Promise<T>;

export interface FetchQueryOptions<T> {
  queryKey: QueryKey;
  /** Without one, the client's default function answers (a GET of the path in the key, shared/data/src/http). */
  queryFn?: QueryFunction<T>;
  /** How long data counts as fresh, in ms; the client's default when absent. */
  staleTime?: number;
}

export interface QueryClientDefaults {
  queryFn?: QueryFunction<unknown>;
  staleTime?: number;
}

interface QueryEntry {
  key: QueryKey;
  state: QueryState;
  request: Promise<unknown> | undefined;
  listeners: Set<() => void>;
}

const EMPTY_STATE: QueryState = {
  status: 'pending',
  data: undefined,
  error: null,
  updatedAt: 0,
  fetching: false,
};

type Updater<T> = T | undefined | ((previous: T | undefined) => T | undefined);

/**
 * The page's cache of server data, one entry per query key (shared/README.md, "Queries"). Components
 * read it through useQuery, which subscribes to the entry it shows; the server fills one per request
 * and sends it with the page (dehydrate/hydrate). A key has at most one request out at a time: every
 * reader of the same key waits on that one. Nothing retries or refetches by itself.
 */
export class QueryClient {
  readonly #entries = new Map<string, QueryEntry>();
  readonly #defaults: QueryClientDefaults;

  constructor(defaults: QueryClientDefaults = {}) {
    this.#defaults = defaults;
  }

  /** The entry of a key, created empty the first time it is asked for. */
  #entry(key: QueryKey): QueryEntry {
    const hash = hashQueryKey(key);
    let entry = this.#entries.get(hash);
    if (!entry) {
      entry = { key, state: EMPTY_STATE, request: undefined, listeners: new Set() };
      this.#entries.set(hash, entry);
    }
    return entry;
  }

  #update(entry: QueryEntry, state: QueryState) {
    entry.state = state;
    for (const listener of [...entry.listeners]) listener();
  }

  getQueryState<T>(key: QueryKey): QueryState<T> {
    return this.#entry(key).state as QueryState<T>;
  }

  getQueryData<T>(key: QueryKey): T | undefined {
    return this.#entries.get(hashQueryKey(key))?.state.data as T | undefined;
  }

  /** Replaces a key's data (an updater gets the current data); undefined leaves the entry as it is. */
  setQueryData<T>(key: QueryKey, updater: Updater<T>, updatedAt = Date.now()): T | undefined {
    const entry = this.#entry(key);
    const data =
      typeof updater === 'function'
        ? (updater as (previous: T | undefined) => T | undefined)(entry.state.data as T | undefined)
        : updater;
    if (data === undefined) return undefined;
    this.#update(entry, { ...entry.state, status: 'success', data, error: null, updatedAt });
    return data;
  }

  /** Records a failure for the key (a server-rendered error the browser shows as it is). */
  setQueryError(key: QueryKey, error: unknown): void {
    const entry = this.#entry(key);
    this.#update(entry, { ...entry.state, status: 'error', error });
  }

  /** Calls `listener` whenever the key's state changes; returns the unsubscribe. */
  subscribe(key: QueryKey, listener: () => void): () => void {
    const entry = this.#entry(key);
    entry.listeners.add(listener);
    return () => entry.listeners.delete(listener);
  }

  /** Whether the key's data is missing or older than the stale time. */
  isStale(key: QueryKey, staleTime?: number): boolean {
    const { state } = this.#entry(key);
    if (state.status !== 'success') return true;
    return Date.now() - state.updatedAt >= (staleTime ?? this.#defaults.staleTime ?? 0);
  }

  /** Requests the key's data now (or joins the request already out); rejects with the request's error. */
  refetch<T>(options: FetchQueryOptions<T>): Promise<T> {
    const entry = this.#entry(options.queryKey);
    if (entry.request) return entry.request as Promise<T>;
    const queryFn = (options.queryFn ?? this.#defaults.queryFn) as QueryFunction<T> | undefined;
    if (!queryFn) return Promise.reject(new Error(`No query function for ${hashQueryKey(entry.key)}`));
    this.#update(entry, { ...entry.state, fetching: true });
    // Called now, not in a later task, so the request leaves with the render that asked for it.
    let started: Promise<T>;
    try {
      started = Promise.resolve(queryFn({ queryKey: entry.key }));
    } catch (error) {
      started = Promise.reject(error);
    }
    const request = started.then(
      (data) => {
        entry.request = undefined;
        this.#update(entry, {
          status: 'success',
          data,
          error: null,
          updatedAt: Date.now(),
          fetching: false,
        });
        return data;
      },
      (error: unknown) => {
        entry.request = undefined;
        // A failed refetch keeps the data it had, as the page showing it does.
        this.#update(entry, { ...entry.state, status: 'error', error, fetching: false });
        throw error;
      },
    );
    entry.request = request;
    return request;
  }

  /** The key's data: the cached data while fresh, else a request's. */
  fetchQuery<T>(options: FetchQueryOptions<T>): Promise<T> {
    if (!this.isStale(options.queryKey, options.staleTime))
      return Promise.resolve(this.getQueryData<T>(options.queryKey) as T);
    return this.refetch(options);
  }

  /** The key's data: whatever is cached, however old, else a request's. */
  ensureQueryData<T>(options: FetchQueryOptions<T>): Promise<T> {
    const data = this.getQueryData<T>(options.queryKey);
    return data === undefined ? this.refetch(options) : Promise.resolve(data);
  }

  /** fetchQuery whose failure stays in the cache (the page shows it) instead of rejecting. */
  async prefetchQuery<T>(options: FetchQueryOptions<T>): Promise<void> {
    await this.fetchQuery(options).catch(() => undefined);
  }

  /** Every entry with its key, for dehydrate. */
  entries(): Array<{ queryKey: QueryKey; state: QueryState }> {
    return [...this.#entries.values()].map(({ key, state }) => ({ queryKey: key, state }));
  }
}
