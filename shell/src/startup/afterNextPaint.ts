import { yieldToMain } from './yieldToMain';

/**
 * Resolves once the browser has painted the next frame, so the server's HTML is on screen before
 * startup's long script work begins. On a fast network the scripts arrive before the first paint,
 * and a slow phone would otherwise show nothing until it had evaluated and hydrated them. A hidden
 * tab paints no frames: there it resolves after a plain yield.
 */
export function afterNextPaint(): Promise<void> {
  if (document.visibilityState === 'hidden' || typeof requestAnimationFrame !== 'function') {
    return yieldToMain();
  }
  // rAF runs just before the paint; the task after it runs after the paint.
  return new Promise((resolve) => requestAnimationFrame(() => void yieldToMain().then(resolve)));
}
