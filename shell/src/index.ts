import { afterNextPaint } from './startup/afterNextPaint';
import { yieldToMain } from './startup/yieldToMain';

// The async boundary Module Federation needs: shared singletons are negotiated before any app code
// runs. The app's modules are evaluated after the server's HTML is painted, and in three tasks rather
// than one (React DOM, then the design package with styled-components and the router, then the app):
// each is already downloaded (preloaded with the HTML), so the stages cost no request, only a yield.
void afterNextPaint()
  .then(() => import('react-dom/client'))
  .then(yieldToMain)
  .then(() => import('@side-quest/design'))
  .then(yieldToMain)
  .then(() => import('./bootstrap'));
