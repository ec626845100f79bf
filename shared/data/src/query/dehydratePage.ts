import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';

/** An error as the page needs it after a trip through JSON: its name, message and HTTP status (an Error itself becomes {}), never its stack. */
function plainError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const status = (error as { status?: unknown }).status;
  return { name: error.name, message: error.message, ...(typeof status === 'number' ? { status } : {}) };
}

/**
 * What a server-rendered page sends with its HTML for HydrationBoundary: every query with an answer,
 * errors included (a page whose data failed hydrates to the same error state, without a request), and
 * none still waiting (the browser asks for those itself).
 */
export function dehydratePage(client: QueryClient): DehydratedState {
  const state = dehydrate(client, {
    shouldDehydrateQuery: (query) => query.state.status === 'success' || query.state.status === 'error',
  });
  return {
    ...state,
    queries: state.queries.map((query) =>
      query.state.error == null
        ? query
        : {
            ...query,
            state: {
              ...query.state,
              error: plainError(query.state.error) as Error,
              fetchFailureReason: null,
            },
          },
    ),
  };
}
