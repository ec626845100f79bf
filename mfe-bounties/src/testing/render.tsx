import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Route, Routes, useLocation } from '@side-quest/design';
import { MemoryRouter } from '@side-quest/design/memory-router';
import { ThemeProvider } from 'styled-components';
import { QueryClientProvider, type QueryClient } from '@side-quest/data/query';
import { ToastViewport, preloadDialog, preloadToast, theme } from '@side-quest/design';
import { createQueryClient } from '@side-quest/data';

// A toast's box and the modal dialog are chunks of their own, loaded by the first toast or opening;
// in before each test file, so a test's toast or dialog shows at once.
beforeAll(() => Promise.all([preloadToast(), preloadDialog()]));

/** Shows the current path and query string so tests can assert on the URL. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export interface RenderOptions {
  /** The URL to start at. */
  route?: string;
  /** The route pattern the element is mounted at (for useParams). */
  path?: string;
  queryClient?: QueryClient;
}

/** Renders with the same providers as the shell: theme, router, QueryClient and the toast viewport. */
export function renderPage(
  element: ReactElement,
  { route = '/', path = '*', queryClient }: RenderOptions = {},
) {
  const client = queryClient ?? createQueryClient();
  const result = render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route
              path={path}
              element={
                <>
                  {element}
                  <LocationProbe />
                </>
              }
            />
            <Route path="/bounty/:id" element={<LocationProbe />} />
          </Routes>
        </MemoryRouter>
        <ToastViewport />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { ...result, queryClient: client };
}

export const currentUrl = (container: { getByTestId: (id: string) => HTMLElement }) =>
  container.getByTestId('location').textContent;
