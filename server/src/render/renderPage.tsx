import { Writable } from 'node:stream';
import type { ComponentType } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from '@side-quest/design/static-router';
import { ServerStyleSheet } from 'styled-components';
import { dehydratePage, type DehydratedState, type QueryClient } from '@side-quest/data/query';
import {
  RENDER_TIME_KEY,
  createQueryClient,
  type ReleaseOverride,
  type SectionPrefetch,
} from '@side-quest/data';
import { findRoute, sectionId } from '@side-quest/data/routes';
import { VIEWER_KEY, type Viewer } from '@side-quest/data/account';
import type { ServerContainers } from './federation';

/** How long the server waits for a container's code, for a section's data, and for React. */
export interface RenderBudgets {
  codeMs: number;
  dataMs: number;
  renderMs: number;
}

export const DEFAULT_BUDGETS: RenderBudgets = { codeMs: 1000, dataMs: 1000, renderMs: 1500 };

/** The app a page is rendered in: the shell's `ServerApp` (or the contract check's frame around a section). */
export type ServerApp = ComponentType<{
  queryClient: QueryClient;
  sections: ReadonlyMap<string, ComponentType<Record<string, unknown>>>;
  publicUrl: string;
  releaseOverrides?: readonly ReleaseOverride[];
}>;

/** What a route section's module exports (the page component, and its optional data contract). */
export interface SectionModule {
  default: ComponentType<Record<string, unknown>>;
  prefetch?: SectionPrefetch;
}

/** A section's data that failed: it threw (the page answers 503) or was not ready within the budget. */
export interface DataFailure {
  pathname: string;
  error: unknown;
  /** True when the data was only late: the page renders its loading state, the status stays. */
  slow: boolean;
}

export interface RenderedPage {
  status: 200 | 404 | 503;
  /** The <title>, <meta> and <link> tags React hoisted, for the document's <head>. */
  head: string;
  /** The styled-components <style> tags of everything rendered. */
  styles: string;
  body: string;
  /** What the browser needs to hydrate: the query cache and the sections rendered here. */
  state: {
    queries: DehydratedState;
    sections: string[];
    /**
     * The page's own URL when it answers a request for another one (a form post answered with the page
     * it came from): the browser puts it in the address bar before hydrating, so its router renders the
     * same page and a reload asks for that page.
     */
    location?: string;
  };
  /**
   * False when part of the page was left to the browser: a section's code failed to load or threw, or
   * its data took longer than the budget (the page shows its loading state). Such a page is served, but
   * not kept in the HTML cache: a moment of load must not become what every visitor, crawler and
   * reader without JavaScript gets until the data next changes.
   */
  complete: boolean;
  /** The copies of each shared library the render's process had in use once it was done (ServerContainers.sharedCopies). */
  sharedCopies: Record<string, number>;
}

export interface PageOptions {
  publicUrl: string;
  /** Remotes whose section the browser renders (on another release than the server's containers). */
  browserOnly?: ReadonlySet<string>;
  /** The tester's overridden releases: the shell's banner. */
  releaseOverrides?: readonly ReleaseOverride[];
  /** The person signed in on this request (null: signed out); it lives in this render's QueryClient only. */
  viewer?: Viewer | null;
  /** The person's own data the page shows, by query key; in this render's QueryClient only. */
  queries?: ReadonlyArray<readonly [readonly unknown[], unknown]>;
}

/** What a render knows of the person on the request. */
export type PersonalRender = Pick<PageOptions, 'viewer' | 'queries'>;

export interface PageRenderer {
  /**
   * Renders a URL (path and query) for a site at `publicUrl`, or resolves null when the shell itself
   * cannot be rendered.
   */
  render(url: string, page: PageOptions): Promise<RenderedPage | null>;
}

/** Leading hoistable tags React 19 emits before the root's content. */
const HOISTED_HEAD = /^(?:<(?:title|meta|link)\b[^>]*>(?:[^<]*<\/title>)?)+/;

function decodeParams(params: Record<string, string>): Record<string, string> | null {
  try {
    return Object.fromEntries(Object.entries(params).map(([key, value]) => [key, decodeURIComponent(value)]));
  } catch {
    return null;
  }
}

/** The whole HTML of an element, rendered as the server sends a page: everything before the first byte. */
export function renderToText(
  element: React.ReactElement,
  renderMs: number,
  onError: (error: unknown) => void,
) {
  return new Promise<string>((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      // Wait for everything (lazy chunks included) so the page is complete in one response; a
      // boundary still pending at the deadline is sent as its fallback and finished in the browser.
      onAllReady: () => stream.pipe(sink),
      // Never outline a large boundary to be filled in by an inline script later: the CSP allows no
      // inline scripts, and the whole page is sent at once anyway.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellError: reject,
      onError,
    });
    setTimeout(() => stream.abort(new Error(`render took longer than ${renderMs} ms`)), renderMs).unref();
  });
}

/**
 * Renders pages through the Module Federation runtime: the shell's server entry and the route's remote
 * section come from their server containers; neither is imported here, and this file knows nothing of
 * any section but the route table's ids and the optional `prefetch` contract.
 */
export function createPageRenderer(
  containers: Pick<ServerContainers, 'load' | 'sharedCopies'>,
  options: {
    budgets?: RenderBudgets;
    /** Reports a failure of one remote or the shell (rate-limited by the caller). */
    onFailure: (remote: string, error: unknown) => void;
    /** Reports a section's data that failed or was late; by default a failure is logged. */
    onDataFailure?: (failure: DataFailure) => void;
    /** The app pages are rendered in: by default the shell's `ServerApp`, from its server container. */
    loadApp?: (budgetMs: number) => Promise<ServerApp>;
  },
): PageRenderer {
  const budgets = options.budgets ?? DEFAULT_BUDGETS;
  const loadApp =
    options.loadApp ??
    (async (budgetMs: number) =>
      (await containers.load<{ default: ServerApp }>('shell/ServerApp', budgetMs)).default);
  const onDataFailure =
    options.onDataFailure ??
    (({ pathname, error, slow }: DataFailure) => {
      if (!slow) console.error(`Data for ${pathname} could not be loaded:`, error);
    });

  return {
    async render(url, { publicUrl, browserOnly = new Set(), releaseOverrides, viewer = null, queries = [] }) {
      const { pathname, searchParams } = new URL(url, 'http://localhost');
      const match = findRoute(pathname);
      // A section on another release than the server runs is left to the browser, like a failed one.
      const section = match?.route.section;
      const ids = section && !browserOnly.has(section.remote) ? [sectionId(section)] : [];

      const [shell, ...loadedSections] = await Promise.allSettled([
        loadApp(budgets.codeMs),
        ...ids.map((id) => containers.load<SectionModule>(id, budgets.codeMs)),
      ]);
      if (shell.status === 'rejected') {
        options.onFailure('shell', shell.reason);
        return null;
      }
      const ServerApp = shell.value;

      const queryClient = createQueryClient();
      queryClient.setQueryData(RENDER_TIME_KEY, Date.now());
      queryClient.setQueryData(VIEWER_KEY, viewer);
      for (const [key, data] of queries) queryClient.setQueryData(key, data);
      const params = decodeParams(match?.params ?? {});
      let status: RenderedPage['status'] = match && params ? 200 : 404;
      const sections = new Map<string, ComponentType<Record<string, unknown>>>();
      let complete = true;

      for (const [index, result] of loadedSections.entries()) {
        const id = ids[index] as string;
        if (result.status === 'rejected') {
          // The section is left to the browser (React marks its boundary for client rendering).
          complete = false;
          options.onFailure(id.split('/')[0] as string, result.reason);
          continue;
        }
        sections.set(id, result.value.default);
        if (!result.value.prefetch || !params) continue;
        try {
          const outcome = await Promise.race([
            result.value.prefetch({ queryClient, params, search: searchParams }),
            new Promise<'slow'>((resolve) => setTimeout(() => resolve('slow'), budgets.dataMs).unref()),
          ]);
          if (outcome === 'slow') {
            complete = false;
            onDataFailure({
              pathname,
              error: new Error(`prefetch took longer than ${budgets.dataMs} ms`),
              slow: true,
            });
          } else if (outcome && outcome.notFound) status = 404;
        } catch (error) {
          // The data source failed: the page renders its error state from the cache, answered 503.
          onDataFailure({ pathname, error, slow: false });
          status = 503;
        }
      }

      const sheet = new ServerStyleSheet();
      try {
        const html = await renderToText(
          sheet.collectStyles(
            <StaticRouter location={url}>
              <ServerApp
                queryClient={queryClient}
                sections={sections}
                publicUrl={publicUrl}
                releaseOverrides={releaseOverrides}
              />
            </StaticRouter>,
          ),
          budgets.renderMs,
          (error) => {
            // A section that throws on the server is rendered by the browser instead.
            const remote = ids[0]?.split('/')[0] ?? 'shell';
            complete = false;
            options.onFailure(remote, error);
          },
        );
        const head = HOISTED_HEAD.exec(html)?.[0] ?? '';
        const queries = dehydratePage(queryClient);
        const sharedCopies = containers.sharedCopies();
        for (const [name, copies] of Object.entries(sharedCopies)) {
          if (copies > 1)
            options.onFailure('shell', new Error(`${copies} copies of ${name} rendered ${pathname}`));
        }
        return {
          status,
          head,
          styles: sheet.getStyleTags(),
          body: html.slice(head.length),
          state: { queries, sections: [...sections.keys()] },
          complete,
          sharedCopies,
        };
      } catch (error) {
        options.onFailure('shell', error);
        return null;
      } finally {
        sheet.seal();
      }
    },
  };
}
