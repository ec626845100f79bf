import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@side-quest/data/query';
import { ThemeProvider } from 'styled-components';
import { theme } from '@side-quest/design';
import { MemoryRouter } from '@side-quest/design/memory-router';
import { createQueryClient } from '@side-quest/data';

/** A query the server renders into a page's cache: its key and its data. */
export type SeededQuery = readonly [key: readonly unknown[], data: unknown];

/** The providers the shell gives every remote, at `route`, with `queries` in the cache as the server puts them. */
export function withProviders(
  ui: ReactElement,
  route = '/for-clients',
  queries: readonly SeededQuery[] = [],
) {
  const queryClient = createQueryClient();
  for (const [key, data] of queries) queryClient.setQueryData(key, data);
  return (
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>
  );
}

/** Renders inside the providers the shell gives every remote. */
export function renderWithProviders(
  ui: ReactElement,
  { route, queries }: { route?: string; queries?: readonly SeededQuery[] } = {},
) {
  return render(withProviders(ui, route, queries));
}
