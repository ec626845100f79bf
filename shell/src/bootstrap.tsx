import { createRoot } from 'react-dom/client';
import { AppProviders, BrowserRouter } from '@side-quest/design';
import { createQueryClient, loadRuntimeConfig } from '@side-quest/data';
import { registerSectionRemotes } from './federation/sections';
import { App } from './App';

async function start() {
  const config = await loadRuntimeConfig();
  registerSectionRemotes(config.remotes);
  const queryClient = createQueryClient();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <BrowserRouter>
      <AppProviders queryClient={queryClient}>
        <App />
      </AppProviders>
    </BrowserRouter>,
  );
}

void start();
