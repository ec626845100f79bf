import { yieldToMain } from './startup/yieldToMain';

// The async boundary Module Federation needs: shared singletons are negotiated before any app code
// runs. A server-rendered page runs this entry only once it has painted (the server's start script),
// and the app's modules are evaluated in three tasks rather than one (React DOM, then the design
// package with styled-components and the router, then the app): each is already downloading (preloaded
// with the entry), so the stages cost no request, only a yield.
void import('react-dom/client')
  .then(yieldToMain)
  .then(() => import('@side-quest/design'))
  .then(yieldToMain)
  .then(() => import('./bootstrap'));
