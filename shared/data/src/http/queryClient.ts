import { QueryClient } from '@side-quest/data/query';
import { getQueryFn } from './queryFn';

/**
 * The one QueryClient's defaults (shared/README.md, "Queries"): data never becomes stale, and a query
 * without its own function is a GET to the path in its key. Nothing refetches on a timer, on focus or
 * after a failure (QueryClient): a failure shows its own error state with a retry button.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({ staleTime: Infinity, queryFn: getQueryFn() });
}
