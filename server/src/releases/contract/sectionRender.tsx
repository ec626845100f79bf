import { AppProviders, Route, Routes } from '@side-quest/design';
import type { ServerApp } from '../../render/renderPage';

/** Marks around the section in the rendered HTML, so its own markup can be told apart. */
const MARK = 'data-sq-contract-check';
const START = new RegExp(`<i [^>]*${MARK}="start"[^>]*></i>`);
const END = new RegExp(`<i [^>]*${MARK}="end"[^>]*></i>`);

/**
 * The app the contract check renders a section in, in place of the shell's `ServerApp` (a release is
 * checked without the shell's build): the providers every page runs in (@side-quest/design's
 * AppProviders: theme, global style, the request's QueryClient, public URL) and a <Route> for the
 * section's path pattern (so useParams answers), inside the router the page renderer gives every page.
 * No error boundary: whatever the section throws is reported.
 */
export function contractFrame(id: string, routePath: string): ServerApp {
  return function ContractFrame({ queryClient, sections, publicUrl }) {
    const Section = sections.get(id);
    const page = (
      <>
        <i hidden {...{ [MARK]: 'start' }} />
        {Section ? <Section /> : null}
        <i hidden {...{ [MARK]: 'end' }} />
      </>
    );
    return (
      <AppProviders queryClient={queryClient} publicUrl={publicUrl}>
        <Routes>
          <Route path={routePath} element={page} />
        </Routes>
      </AppProviders>
    );
  };
}

/** The section's own markup in a page rendered in the contract frame, or null when the marks are not both there. */
export function sectionMarkup(html: string): string | null {
  const start = START.exec(html);
  const end = END.exec(html);
  if (!start || !end || end.index < start.index) return null;
  return html.slice(start.index + start[0].length, end.index);
}

/** True when markup shows nothing: no element and no text, only comments and whitespace. */
export function isEmptyMarkup(html: string): boolean {
  return html.replace(/<!--[\s\S]*?-->/g, '').trim() === '';
}
