import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from 'styled-components';
import { MemoryRouter, theme } from '@side-quest/design';
import { createQueryClient } from '@side-quest/data';

/** The providers the shell gives every remote, at `route`. */
export function withProviders(ui: ReactElement, route = '/for-clients') {
  return (
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>
  );
}

/** Renders inside the providers the shell gives every remote. */
export function renderWithProviders(ui: ReactElement, { route }: { route?: string } = {}) {
  return render(withProviders(ui, route));
}
