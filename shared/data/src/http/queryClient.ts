import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './queryFn';

/** How long an unused query's data stays in the browser's cache (TanStack's own default, written out). */
const BROWSER_GC_MS = 5 * 60_000;

/**
 * The site's QueryClient (SPEC: data never becomes stale, no refetch on a timer or on window focus, no
 * retries for queries or mutations): nothing refetches on mount, focus or reconnect, a failure shows
 * its own error state with a retry button, and a query without its own function is a GET to the path
 * in its key. Requests go out whatever navigator.onLine says: a failure is the page's to show.
 * On the server a client lives for one request and keeps everything until it is dropped (TanStack's
 * server default): a collection timer would hold each request's data for minutes after its page.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn(),
        staleTime: Infinity,
        gcTime: typeof window === 'undefined' ? Infinity : BROWSER_GC_MS,
        refetchOnMount: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchInterval: false,
        retry: false,
        // A server-rendered error hydrates to the same error, not a request.
        retryOnMount: false,
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
