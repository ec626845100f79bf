import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { QueryClientProvider } from '@side-quest/data/query';
import { Route, Routes, theme, useLocation } from '@side-quest/design';
import { MemoryRouter } from '@side-quest/design/memory-router';
import { createQueryClient } from '@side-quest/data';

/** Shows the current path so tests can assert where a link led. */
function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** Renders a page with the shell's providers: theme, router (at `route`, mounted on `path`), QueryClient. */
export function renderPage(element: ReactElement, { route = '/', path = '*' } = {}) {
  const queryClient = createQueryClient();
  const result = render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path={path} element={element} />
            <Route path="*" element={null} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { ...result, queryClient };
}
