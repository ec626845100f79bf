import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { QueryClientProvider } from '@side-quest/data/query';
import { ToastViewport, preloadDialog, preloadToast, theme } from '@side-quest/design';
import { MemoryRouter } from '@side-quest/design/memory-router';
import { createQueryClient, setRuntimeConfig, type MarketingFormSettings } from '@side-quest/data';
import { VIEWER_KEY, type Viewer } from '@side-quest/data/account';
import { DialogsProvider } from '../dialogs/DialogsProvider';

// A toast's box and the modal dialog are chunks of their own, loaded by the first toast or opening;
// in before each test file, so a test's toast or dialog shows at once.
beforeAll(() => Promise.all([preloadToast(), preloadDialog()]));

export const NO_MARKETING_IDS: MarketingFormSettings = {
  portalId: '',
  signupFormId: '',
  contactFormId: '',
  scriptHost: 'js-eu1.hsforms.net',
};

export const MARKETING_IDS: MarketingFormSettings = {
  portalId: '1234567',
  signupFormId: 'aaaaaaaa-1111-2222-3333-bbbbbbbbbbbb',
  contactFormId: 'cccccccc-4444-5555-6666-dddddddddddd',
  scriptHost: 'js-eu1.hsforms.net',
};

export function setTestRuntimeConfig(marketingForms: MarketingFormSettings = NO_MARKETING_IDS) {
  setRuntimeConfig({ remotes: {}, bountySource: 'api', firebase: null, marketingForms });
}

interface ProviderOptions {
  route?: string;
  viewer?: Viewer | null;
  queries?: Array<[readonly unknown[], unknown]>;
}

/**
 * The shell's providers around a component: theme, router, query client, dialogs and toasts. The query
 * cache starts as a server-rendered page's does: nobody signed in unless `viewer` says who, plus any
 * `queries` the server would have rendered into it. The element, for rendering or hydrating it.
 */
export function withProviders(
  ui: ReactElement,
  { route = '/', viewer = null, queries = [] }: ProviderOptions = {},
) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(VIEWER_KEY, viewer);
  for (const [key, data] of queries) queryClient.setQueryData(key, data);
  return (
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          <DialogsProvider>{ui}</DialogsProvider>
        </MemoryRouter>
        <ToastViewport />
      </QueryClientProvider>
    </ThemeProvider>
  );
}

/** Renders inside the shell's providers (withProviders). */
export function renderWithProviders(ui: ReactElement, options: ProviderOptions = {}) {
  return render(withProviders(ui, options));
}
