import type { UseQueryResult } from '@side-quest/data/query';

/** Stand-ins for a data hook's result in the states that are hard to reach with a real request. */
export function pendingResult<T>(): UseQueryResult<T> {
  return {
    isPending: true,
    isError: false,
    isSuccess: false,
    data: undefined,
    error: null,
    status: 'pending',
  } as unknown as UseQueryResult<T>;
}

export function errorResult<T>(message: string): UseQueryResult<T> {
  return {
    isPending: false,
    isError: true,
    isSuccess: false,
    data: undefined,
    error: new Error(message),
    status: 'error',
  } as unknown as UseQueryResult<T>;
}
