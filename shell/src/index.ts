import { yieldToMain } from './startup/yieldToMain';

// The async boundary Module Federation needs: shared singletons are negotiated before any app code
// runs. A server-rendered page runs this entry only once it has painted (the server's start script),
// and the app's modules are evaluated in three tasks rather than one (React DOM, then the design
// package with styled-components and the router, then the app): each is already downloading (preloaded
// with the entry), so the stages cost no request, only a yield.
// The first import waits for a task of its own too, so the entry's evaluation ends with the federation
// runtime's start. Its requests then leave from a short stack: an attached inspector (DevTools,
// Lighthouse) records the JavaScript stack of every request a script starts, and a stack through this
// 96 KB script's top level had V8 parse all of it again for source positions.
void yieldToMain()
  .then(() => import('react-dom/client'))
  .then(yieldToMain)
  .then(() => import('@side-quest/design'))
  .then(yieldToMain)
  .then(() => import('./bootstrap'));
