import type { QueryClient, QueryStatus } from './QueryClient';
import type { QueryKey } from './queryKey';

/** The queries a server-rendered page sends with its HTML, so the browser's first render shows the same. */
export interface DehydratedState {
  queries: Array<{
    queryKey: QueryKey;
    state: { status: Exclude<QueryStatus, 'pending'>; data: unknown; error: unknown; updatedAt: number };
  }>;
}

/** An error as the page needs it after a trip through JSON: its name, message and HTTP status (an Error itself becomes {}). */
function plainError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const status = (error as { status?: unknown }).status;
  return { name: error.name, message: error.message, ...(typeof status === 'number' ? { status } : {}) };
}

/** Every query that has an answer (data or an error); one still waiting is left for the browser to ask. */
export function dehydrate(client: QueryClient): DehydratedState {
  const queries: DehydratedState['queries'] = [];
  for (const { queryKey, state } of client.entries()) {
    if (state.status === 'pending') continue;
    queries.push({
      queryKey,
      state: {
        status: state.status,
        data: state.data,
        error: plainError(state.error),
        updatedAt: state.updatedAt,
      },
    });
  }
  return { queries };
}

/** Puts the server's answers into the browser's cache, unless the cache already holds newer data. */
export function hydrate(client: QueryClient, dehydrated: DehydratedState | undefined): void {
  for (const { queryKey, state } of dehydrated?.queries ?? []) {
    const current = client.getQueryState(queryKey);
    if (current.status !== 'pending' && current.updatedAt >= state.updatedAt) continue;
    if (state.status === 'success') {
      client.setQueryData(queryKey, state.data, state.updatedAt);
    } else {
      client.setQueryError(queryKey, state.error);
    }
  }
}
