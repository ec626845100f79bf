import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import {
  HydrationBoundary,
  QueryClientProvider,
  type DehydratedState,
  type QueryClient,
} from '@side-quest/data/query';
import { PublicUrlProvider } from '@side-quest/data';
import { GlobalStyle } from './GlobalStyle';
import { theme } from './theme';
import { ToastViewport } from './toast/ToastViewport';

/**
 * The providers every page runs inside: the theme, the global style, the one QueryClient and the toast
 * viewport. The shell renders it once; a remote's standalone QA host renders the same thing. In the
 * browser, `serverState` is what the server rendered the page with (dehydratePage): HydrationBoundary
 * puts it into the cache during the first render, so hydration renders what the server did and nothing
 * is fetched twice.
 */
export function AppProviders({
  queryClient,
  publicUrl = '',
  serverState,
  children,
}: {
  queryClient: QueryClient;
  serverState?: DehydratedState;
  /** The site's public origin from runtime config (canonical links, structured data). */
  publicUrl?: string;
  children: ReactNode;
}) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <QueryClientProvider client={queryClient}>
        <PublicUrlProvider publicUrl={publicUrl}>
          {serverState ? <HydrationBoundary state={serverState}>{children}</HydrationBoundary> : children}
          <ToastViewport />
        </PublicUrlProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
