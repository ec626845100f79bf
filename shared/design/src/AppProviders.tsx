import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { QueryClientProvider, type QueryClient } from '@side-quest/data/query';
import { PublicUrlProvider } from '@side-quest/data';
import { GlobalStyle } from './GlobalStyle';
import { theme } from './theme';
import { ToastViewport } from './toast/ToastViewport';

/**
 * The providers every page runs inside: the theme, the global style, the one QueryClient and the toast
 * viewport. The shell renders it once; a remote's standalone QA host renders the same thing.
 */
export function AppProviders({
  queryClient,
  publicUrl = '',
  children,
}: {
  queryClient: QueryClient;
  /** The site's public origin from runtime config (canonical links, structured data). */
  publicUrl?: string;
  children: ReactNode;
}) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <QueryClientProvider client={queryClient}>
        <PublicUrlProvider publicUrl={publicUrl}>
          {children}
          <ToastViewport />
        </PublicUrlProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
