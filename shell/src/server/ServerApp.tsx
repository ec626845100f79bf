import type { QueryClient } from '@side-quest/data/query';
import type { ReleaseOverride } from '@side-quest/data';
import { AppProviders } from '@side-quest/design';
import { App } from '../App';
import { ServerSectionsContext } from '../federation/RemoteSection';
import { ServerShellPagesContext } from '../pages/ShellPage';
import { AboutPage } from '../about/AboutPage';
import { LandingPage } from '../landing/LandingPage';
import { NotFoundPage } from '../not-found/NotFoundPage';
import { SignInPage } from '../sign-in/SignInPage';
import { AccountPage } from '../account/AccountPage';
import { AlertsPage } from '../account/AlertsPage';
import { InterviewRequestsPage } from '../account/InterviewRequestsPage';

/** The shell's own pages, which the browser loads on demand, rendered by the server in one pass. */
const SHELL_PAGES = {
  landing: LandingPage,
  about: AboutPage,
  signIn: SignInPage,
  account: AccountPage,
  accountAlerts: AlertsPage,
  accountInterviewRequests: InterviewRequestsPage,
  notFound: NotFoundPage,
};
import type { SectionComponent } from '../federation/sections';

export interface ServerAppProps {
  /** This request's QueryClient, holding the data the server prefetched for the route. */
  queryClient: QueryClient;
  /** The sections the server loaded for this route, by federation id ('bounties/BountiesPage'). */
  sections: ReadonlyMap<string, SectionComponent>;
  /** The public origin the page's runtime config names (canonical links, structured data). */
  publicUrl: string;
  /** Sections this request's browser runs on a tester's chosen release (the banner). */
  releaseOverrides?: readonly ReleaseOverride[];
}

/**
 * The shell's server entry: the same App and providers the browser renders, with the sections the
 * server loaded in place of lazy loading. The server supplies the router (a StaticRouter for the URL).
 */
export default function ServerApp({ queryClient, sections, publicUrl, releaseOverrides }: ServerAppProps) {
  return (
    <AppProviders queryClient={queryClient} publicUrl={publicUrl}>
      <ServerSectionsContext.Provider value={sections}>
        <ServerShellPagesContext.Provider value={SHELL_PAGES}>
          <App releaseOverrides={releaseOverrides} />
        </ServerShellPagesContext.Provider>
      </ServerSectionsContext.Provider>
    </AppProviders>
  );
}
