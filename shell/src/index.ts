import { afterNextPaint } from './startup/afterNextPaint';

// The async boundary Module Federation needs: shared singletons are negotiated before any app code
// runs. The app's modules are evaluated after the server's HTML is painted, in a task of their own.
void afterNextPaint().then(() => import('./bootstrap'));
