import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './queryFn';

/**
 * The one QueryClient's defaults (shared/README.md, "Queries"): data never becomes stale, nothing
 * refetches on a timer or on window focus, and neither queries nor mutations retry. The data changes
 * rarely, and a failure shows its own error state with a retry button instead of silent repeats.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
        // A failed query keeps showing its error (its retry button starts over) rather than refetching
        // when a component mounts: a server-rendered error page then hydrates to the same error.
        retryOnMount: false,
        // A query without its own function is a GET to the path in its key.
        queryFn: getQueryFn(),
      },
      mutations: { retry: false },
    },
  });
}
