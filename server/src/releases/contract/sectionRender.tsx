import type { ComponentType } from 'react';
import { StaticRouter } from 'react-router';
import { ServerStyleSheet } from 'styled-components';
import type { QueryClient } from '@tanstack/react-query';
import { AppProviders, Route, Routes } from '@side-quest/design';
// Rendered exactly as the server renders a page: a boundary still pending at the deadline is an error.
import { renderToText } from '../../render/renderPage';

/** Marks around the section in the rendered HTML, so its own markup can be told apart. */
const MARK = 'data-sq-contract-check';
const START = new RegExp(`<i [^>]*${MARK}="start"[^>]*></i>`);
const END = new RegExp(`<i [^>]*${MARK}="end"[^>]*></i>`);

export interface SectionRenderOutcome {
  /** The section's own markup (without the hoisted <title>/<meta> tags), or null if it was not rendered. */
  sectionHtml: string | null;
  /** Errors React reported (a section that threw, or the render's deadline), in order. */
  errors: unknown[];
}

/** The HTML between the marks, or null when the marks are not both there. */
function between(html: string): string | null {
  const start = START.exec(html);
  const end = END.exec(html);
  if (!start || !end || end.index < start.index) return null;
  return html.slice(start.index + start[0].length, end.index);
}

/**
 * Renders a route's section to HTML the way the shell gives it a page: inside the providers every page
 * runs in (@side-quest/design's AppProviders: theme, global style, the request's QueryClient, public URL)
 * and the router at the page's URL, under a <Route> for its path pattern (so useParams answers). No
 * error boundary: whatever the section throws is reported.
 */
export async function renderSection(
  Section: ComponentType<Record<string, unknown>>,
  options: { path: string; routePath: string; queryClient: QueryClient; publicUrl: string; budgetMs: number },
): Promise<SectionRenderOutcome> {
  const errors: unknown[] = [];
  const sheet = new ServerStyleSheet();
  try {
    const page = (
      <>
        <i hidden {...{ [MARK]: 'start' }} />
        <Section />
        <i hidden {...{ [MARK]: 'end' }} />
      </>
    );
    const html = await renderToText(
      sheet.collectStyles(
        <StaticRouter location={options.path}>
          <AppProviders queryClient={options.queryClient} publicUrl={options.publicUrl}>
            <Routes>
              <Route path={options.routePath} element={page} />
            </Routes>
          </AppProviders>
        </StaticRouter>,
      ),
      options.budgetMs,
      (error) => errors.push(error),
    );
    return { sectionHtml: between(html), errors };
  } catch (error) {
    // The shell of the render failed: React has already reported the error through onError.
    return { sectionHtml: null, errors: errors.length > 0 ? errors : [error] };
  } finally {
    sheet.seal();
  }
}

/** True when markup shows nothing: no element and no text, only comments and whitespace. */
export function isEmptyMarkup(html: string): boolean {
  return html.replace(/<!--[\s\S]*?-->/g, '').trim() === '';
}
