import type { QueryClient } from '@tanstack/react-query';

/** What the server tells a section's `prefetch` about the request it renders. */
export interface PrefetchContext {
  /** This request's QueryClient: what the section loads into it is rendered and sent to the browser. */
  queryClient: QueryClient;
  /** The route's path parameters, decoded (`{ id: 'abc' }` for /bounty/abc). */
  params: Readonly<Record<string, string>>;
  search: URLSearchParams;
}

export interface PrefetchResult {
  /** The page's subject does not exist (an unknown bounty id or story slug): the answer is a 404. */
  notFound?: boolean;
}

/**
 * The optional named export `prefetch` of a remote's exposed page: the data the page shows, loaded
 * with the same query keys its hooks use, so the server renders it and the browser does not fetch it
 * again. A rejection means the data source failed (the page then renders its error state, answered 503).
 */
export type SectionPrefetch = (context: PrefetchContext) => Promise<PrefetchResult | void>;
