import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { DehydratedState } from '@side-quest/data/query';
import { AppProviders, BrowserRouter, preloadDialog } from '@side-quest/design';
import {
  ROUTES,
  createQueryClient,
  loadRuntimeConfig,
  replayEarlyClicks,
  sectionId,
  unpackRecords,
  type RemoteName,
} from '@side-quest/data';
import { holdSectionHydration, loadSection, registerSectionRemotes } from './federation/sections';
import { App } from './App';
import { yieldToMain } from './startup/yieldToMain';
import { handBackTypedValues } from './startup/keepTypedValues';
import { loadShellPage, shellPageAt } from './pages/shellPages';
import { hasDialogParam, opensDialog } from './dialogs/dialogUrl';
import { loadShellDialogs } from './dialogs/lazyShellDialogs';
import { loadReleaseBanner } from './releases/lazyReleaseBanner';
import { menuOpenInSearch } from './layout/menuUrl';
import { preloadMobileMenu } from './layout/lazyMobileMenu';

/** What the server left for hydration (server/src/render/document.ts). */
interface ServerState {
  queries: DehydratedState;
  sections: string[];
  /** The page's own URL when it answered a form post (server/src/render/renderPage.tsx). */
  location?: string;
}

function readServerState(): ServerState | null {
  const element = document.getElementById('sq-ssr');
  if (!element?.textContent) return null;
  try {
    return unpackRecords<ServerState>(JSON.parse(element.textContent));
  } catch {
    return null;
  }
}

async function start() {
  // The shell page of the address (about, sign-in, account) downloads while the config is read.
  const pageId = shellPageAt(window.location.pathname);
  const page = pageId ? loadShellPage(pageId).catch(() => undefined) : undefined;
  // A dialog the URL opened was rendered open by the server: its forms must be in before hydrating,
  // and the dialog's own code for any dialog (a shell dialog, the menu, a section's).
  const dialogForms = hasDialogParam(window.location.search)
    ? loadShellDialogs().catch(() => undefined)
    : undefined;
  const dialog = opensDialog(window.location.search) ? preloadDialog().catch(() => undefined) : undefined;
  const menu = menuOpenInSearch(window.location.search)
    ? preloadMobileMenu().catch(() => undefined)
    : undefined;
  const config = await loadRuntimeConfig();
  registerSectionRemotes(config.remotes);
  // A tester's release override: the server rendered its banner, whose code must be in before hydrating.
  const banner = config.releaseOverrides?.length ? loadReleaseBanner().catch(() => undefined) : undefined;
  const queryClient = createQueryClient();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const serverState = container.hasChildNodes() ? readServerState() : null;
  // A form post answered with its page (422, what was typed kept): the router must see that page.
  if (serverState?.location?.startsWith('/')) window.history.replaceState(null, '', serverState.location);
  const app = (
    <BrowserRouter>
      <AppProviders queryClient={queryClient} publicUrl={config.publicUrl} serverState={serverState?.queries}>
        <App
          releaseOverrides={config.releaseOverrides}
          // What a visitor typed into the server's page before hydration is handed to the hydrated page,
          // then the clicks its inline script recorded on controls that need JavaScript are replayed
          // (docs/decisions.md, "Input before hydration").
          onFirstCommit={() => {
            if (serverState) handBackTypedValues(container);
            replayEarlyClicks(document);
          }}
        />
      </AppProviders>
    </BrowserRouter>
  );

  if (!serverState) {
    createRoot(container).render(app);
    return;
  }
  // Hydrate with the server's data (HydrationBoundary in AppProviders), and with the code of the sections it rendered already loaded
  // (their chunks were preloaded with the HTML), so the first render matches the server's HTML. A
  // section that fails to load is rendered by the browser like any other (its boundary, TRY_AGAIN).
  await yieldToMain();
  await Promise.allSettled([
    page,
    dialogForms,
    dialog,
    menu,
    banner,
    ...serverState.sections.map((id) => {
      const [remote, exposed] = id.split('/') as [RemoteName, string];
      const module = `./${exposed}` as const;
      // A section below the fold hydrates when it nears the viewport, not before the page does.
      const hydrateNear = ROUTES.find(({ section }) => section && sectionId(section) === id)?.section
        ?.hydrateNear;
      if (hydrateNear) return holdSectionHydration(remote, module, hydrateNear);
      return loadSection(remote, module);
    }),
  ]);
  await yieldToMain();
  // Hydrating in a transition lets React yield to the browser every few milliseconds instead of
  // blocking the main thread for the whole page (the page is already painted and readable); an input
  // before it finishes hydrates the part the user touched first.
  startTransition(() => {
    hydrateRoot(container, app, {
      // React wraps what was thrown: its cause is the error worth reading in a log.
      onRecoverableError: (error, info) =>
        console.error(
          'Hydration recovered from an error',
          error,
          error instanceof Error ? error.cause : undefined,
          info.componentStack ?? '',
        ),
    });
  });
}

void start();
