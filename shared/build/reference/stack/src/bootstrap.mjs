// Hydrates the server's page as the shell does (shell/src/bootstrap.tsx): the dehydrated queries read
// from the page, one QueryClient, BrowserRouter, hydrateRoot in a transition. The page's start script
// runs this only after the page has loaded and painted (the server's startAfterPaint).
import { createElement as h, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { StackApp, createReferenceQueryClient } from './StackApp.mjs';

const container = document.getElementById('root');
const stateElement = document.getElementById('sr-state');
const state = stateElement ? JSON.parse(stateElement.textContent || 'null') : undefined;
const queryClient = createReferenceQueryClient(false);

startTransition(() => {
  hydrateRoot(container, h(BrowserRouter, null, h(StackApp, { queryClient, state })), {
    onRecoverableError: (error) => console.error('Hydration recovered from an error', error),
  });
});
