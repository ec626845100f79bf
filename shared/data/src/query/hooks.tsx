import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { FetchQueryOptions, QueryClient, QueryState } from './QueryClient';
import { hashQueryKey } from './queryKey';

// One context for the whole page: this module is part of the '@side-quest/data' singleton, which the
// shell and every remote share (a copy bundled into a remote would be a provider nobody reads).
const QueryClientContext = createContext<QueryClient | null>(null);

export function QueryClientProvider({ client, children }: { client: QueryClient; children?: ReactNode }) {
  return <QueryClientContext.Provider value={client}>{children}</QueryClientContext.Provider>;
}

export function useQueryClient(): QueryClient {
  const client = useContext(QueryClientContext);
  if (!client) throw new Error('useQueryClient needs a QueryClientProvider above it');
  return client;
}

export interface UseQueryOptions<T> extends FetchQueryOptions<T> {
  /** false: no request is made; the key's cached state still shows. */
  enabled?: boolean;
  /** Data to show while the key has none (not a request: stale at once unless staleTime says otherwise). */
  initialData?: T | (() => T | undefined);
}

/** What useQuery shows: the status narrows data and error, as the page's states need them. */
export type UseQueryResult<T> = {
  isFetching: boolean;
  /** Requests the data again; the outcome shows in the state (the promise never rejects). */
  refetch: () => Promise<void>;
} & (
  | { status: 'pending'; isPending: true; isError: false; isSuccess: false; data: undefined; error: null }
  | { status: 'success'; isPending: false; isError: false; isSuccess: true; data: T; error: null }
  // A failed refetch keeps the data it had.
  | { status: 'error'; isPending: false; isError: true; isSuccess: false; data: T | undefined; error: Error }
);

/**
 * The data of one key, and a request for it when the component mounts and it is missing or stale. An
 * error stays until refetch (a server-rendered error page hydrates to the same error, not a request).
 */
export function useQuery<T>(options: UseQueryOptions<T>): UseQueryResult<T> {
  const client = useQueryClient();
  const { queryKey, enabled = true, initialData } = options;
  const hash = hashQueryKey(queryKey);
  // The latest options without making them a dependency: callers pass new objects every render.
  const latest = useRef(options);
  latest.current = options;

  if (initialData !== undefined && client.getQueryState(queryKey).status === 'pending') {
    const seed = typeof initialData === 'function' ? (initialData as () => T | undefined)() : initialData;
    // Seeded as old data, so a query with a function still asks for fresh data once mounted.
    if (seed !== undefined) client.setQueryData(queryKey, seed, 0);
  }

  const subscribe = useCallback(
    (listener: () => void) => client.subscribe(latest.current.queryKey, listener),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the hash is the key's identity
    [client, hash],
  );
  const read = () => client.getQueryState<T>(latest.current.queryKey);
  const state = useSyncExternalStore(subscribe, read, read);

  useEffect(() => {
    if (!enabled) return;
    const current = client.getQueryState(latest.current.queryKey);
    const wanted =
      (current.status === 'pending' && !current.fetching) ||
      (current.status === 'success' && client.isStale(latest.current.queryKey, latest.current.staleTime));
    if (wanted) client.refetch(latest.current).catch(() => undefined);
  }, [client, hash, enabled]);

  const refetch = useCallback(
    () =>
      client.refetch(latest.current).then(
        () => undefined,
        () => undefined,
      ),
    [client],
  );
  return useMemo(() => resultOf(state, refetch), [state, refetch]);
}

function resultOf<T>(state: QueryState<T>, refetch: () => Promise<void>): UseQueryResult<T> {
  const common = { isFetching: state.fetching, refetch };
  switch (state.status) {
    case 'pending':
      return {
        ...common,
        status: 'pending',
        isPending: true,
        isError: false,
        isSuccess: false,
        data: undefined,
        error: null,
      };
    case 'success':
      return {
        ...common,
        status: 'success',
        isPending: false,
        isError: false,
        isSuccess: true,
        data: state.data as T,
        error: null,
      };
    case 'error':
      return {
        ...common,
        status: 'error',
        isPending: false,
        isError: true,
        isSuccess: false,
        data: state.data,
        error: state.error as Error,
      };
  }
}

type MutationState<T> =
  | { status: 'idle'; data: undefined; error: null }
  | { status: 'pending'; data: undefined; error: null }
  | { status: 'success'; data: T; error: null }
  | { status: 'error'; data: undefined; error: unknown };

export interface UseMutationOptions<T, V> {
  mutationFn: (variables: V) => Promise<T>;
  onSuccess?: (data: T, variables: V) => void;
  onError?: (error: unknown, variables: V) => void;
}

export interface UseMutationResult<T, V> {
  status: MutationState<T>['status'];
  data: T | undefined;
  error: Error | null;
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  /** Sends once; the outcome shows in the state and reaches onSuccess or onError (never a rejection). */
  mutate: (variables: V) => void;
}

/** One write and its state; nothing retries. An outcome after unmount is dropped. */
export function useMutation<T, V>(options: UseMutationOptions<T, V>): UseMutationResult<T, V> {
  const [state, setState] = useState<MutationState<T>>({ status: 'idle', data: undefined, error: null });
  const latest = useRef(options);
  latest.current = options;
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mutate = useCallback((variables: V) => {
    setState({ status: 'pending', data: undefined, error: null });
    latest.current.mutationFn(variables).then(
      (data) => {
        if (!mounted.current) return;
        setState({ status: 'success', data, error: null });
        latest.current.onSuccess?.(data, variables);
      },
      (error: unknown) => {
        if (!mounted.current) return;
        setState({ status: 'error', data: undefined, error });
        latest.current.onError?.(error, variables);
      },
    );
  }, []);

  return {
    status: state.status,
    data: state.data,
    error: state.error as Error | null,
    isPending: state.status === 'pending',
    isError: state.status === 'error',
    isSuccess: state.status === 'success',
    mutate,
  };
}
