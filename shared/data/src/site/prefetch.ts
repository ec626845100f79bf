import type { QueryClient } from '@side-quest/data/query';

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

/** One page of a parameterised route, as the sitemap lists it. */
export interface SitemapEntry {
  /** The page's path, URL-encoded (`/blog/my-story`); it must match the route whose module lists it. */
  path: string;
  /** When the page last changed: an ISO 8601 date or date-time; absent when unknown. */
  lastmod?: string;
}

/**
 * The optional named export `sitemapEntries` of a remote's exposed page for a parameterised route
 * (`/bounty/:id`, `/blog/:slug`): every page of that route crawlers should know. The server calls it
 * through the Module Federation runtime, since only the remote knows its own data; a rejection leaves
 * that route's pages out of the sitemap for the moment.
 */
export type SectionSitemapEntries = () => Promise<SitemapEntry[]>;
