import { useEffect, useLayoutEffect, type ReactElement } from 'react';
import { Route, Routes } from '@side-quest/design';
import { ROUTES, type ReleaseOverride, type RouteId } from '@side-quest/data';
import { Layout } from './layout/Layout';
import { ShellPage } from './pages/ShellPage';
import { RemoteSection } from './federation/RemoteSection';
import { DialogsProvider } from './dialogs/DialogsProvider';
import { SignedInOnly } from './sign-in/SignedInOnly';

/** Pages the shell renders itself; every other route of the table is a remote's section. The landing
 * is in the shell's start-up code; the others are chunks of their own (pages/shellPages.ts). */
const SHELL_PAGES: Partial<Record<RouteId, ReactElement>> = {
  landing: <ShellPage id="landing" />,
  about: <ShellPage id="about" />,
  signIn: <ShellPage id="signIn" />,
  account: <ShellPage id="account" />,
  accountAlerts: <ShellPage id="accountAlerts" />,
  accountInterviewRequests: <ShellPage id="accountInterviewRequests" />,
};

export function App({
  releaseOverrides,
  onFirstCommit,
}: {
  releaseOverrides?: readonly ReleaseOverride[];
  /** Runs once after the first commit, before the effects of that commit can re-render anything. */
  onFirstCommit?: () => void;
}) {
  // A microtask: after React has finished committing (events dispatched during a commit are not
  // handled as usual), before the commit's passive effects run in a later task.
  useLayoutEffect(() => {
    if (onFirstCommit) queueMicrotask(onFirstCommit);
    // Once, for the first commit only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // Marks the document (`<html data-interactive>`) once the shell's first render has committed in the
  // browser, hydrated or not: from then on its links navigate inside the app. Browser tests wait for
  // it before they click through the app. A hook here, not a component beside <App>: another child
  // there would change every useId below it, and the hydrated ids would no longer match the server's.
  useEffect(() => {
    document.documentElement.dataset.interactive = '';
  }, []);
  return (
    <DialogsProvider>
      <Layout releaseOverrides={releaseOverrides}>
        <Routes>
          {ROUTES.map((route) => {
            const element =
              SHELL_PAGES[route.id] ??
              (route.section && (
                <RemoteSection remote={route.section.remote} module={route.section.module} />
              ));
            if (!element) return null;
            // Sign-in is the one personal page for the signed-out.
            const guarded =
              'personal' in route && route.id !== 'signIn' ? <SignedInOnly>{element}</SignedInOnly> : element;
            return <Route key={route.id} path={route.path} element={guarded} />;
          })}
          <Route path="*" element={<ShellPage id="notFound" />} />
        </Routes>
      </Layout>
    </DialogsProvider>
  );
}
