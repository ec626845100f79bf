export { hashQueryKey, type QueryKey } from './queryKey';
export {
  QueryClient,
  type FetchQueryOptions,
  type QueryClientDefaults,
  type QueryFunction,
  type QueryState,
  type QueryStatus,
} from './QueryClient';
export {
  QueryClientProvider,
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationOptions,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
} from './hooks';
export { dehydrate, hydrate, type DehydratedState } from './dehydrate';
