/**
 * The site's one query cache: TanStack Query 5. Apps import it from '@side-quest/data/query', never
 * from @tanstack/react-query itself (eslint enforces it): this module is a Module Federation singleton,
 * so the shell and every remote use the one tree-shaken copy of TanStack Query it carries, and every
 * remote's hooks read the shell's QueryClient (docs/decisions.md, "React Router and TanStack Query
 * inside the shared packages"). The site's defaults are in createQueryClient (../http/queryClient.ts).
 */
export {
  HydrationBoundary,
  QueryClient,
  QueryClientProvider,
  useMutation,
  useQuery,
  useQueryClient,
  type DehydratedState,
  type QueryFunction,
  type QueryKey,
  type UseMutationOptions,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
export { dehydratePage } from './dehydratePage';
