import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
// Through the package name, not relative paths: this file is bundled outside the shared singleton, and
// must use the same router, providers and toast store instance as the section's pages.
import { AppProviders, BrowserRouter, Link, Route, Routes, theme } from '@side-quest/design';
import styled from 'styled-components';
import { createQueryClient, loadRuntimeConfig } from '@side-quest/data';

export interface StandaloneRoute {
  path: string;
  element: ReactNode;
}

export interface StandaloneOptions {
  /** The section's name, shown in the QA host's bar. */
  section: string;
  routes: StandaloneRoute[];
  /** Links shown in the bar (the section's entry points). */
  links: { label: string; to: string }[];
}

const Bar = styled.header`
  display: flex;
  flex-wrap: wrap;
  gap: 1rem;
  align-items: center;
  padding: 0.75rem 1rem;
  border-bottom: 1px dashed ${theme.color.border};
  font-family: ${theme.font.mono};
`;

/**
 * A remote's standalone QA host: the section's pages with the same providers as the shell (router,
 * QueryClient, theme, toasts) and nothing else, so a team can run and test its section alone.
 */
export async function mountStandalone({ section, routes, links }: StandaloneOptions): Promise<void> {
  await loadRuntimeConfig();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  createRoot(container).render(
    <BrowserRouter>
      <AppProviders queryClient={createQueryClient()}>
        <Bar>
          <strong>{section} · standalone</strong>
          <nav aria-label="Section">
            {links.map((link) => (
              <Link key={link.to} to={link.to} style={{ marginRight: '1rem' }}>
                {link.label}
              </Link>
            ))}
          </nav>
        </Bar>
        <main>
          <Routes>
            {routes.map((route) => (
              <Route key={route.path} path={route.path} element={route.element} />
            ))}
            <Route path="*" element={<p style={{ padding: '1rem' }}>Not part of the {section} section.</p>} />
          </Routes>
        </main>
      </AppProviders>
    </BrowserRouter>,
  );
}
