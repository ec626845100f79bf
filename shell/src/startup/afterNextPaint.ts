import { yieldToMain } from './yieldToMain';

/** The longest startup waits for the next frame. */
export const FRAME_WAIT_MS = 100;

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
  // rAF runs just before the paint; the task after it runs after the paint. A frame can also be slow
  // to come (a very long page to lay out and raster, a throttled window): startup waits for it at
  // most FRAME_WAIT_MS, never indefinitely.
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, FRAME_WAIT_MS);
    requestAnimationFrame(
      () =>
        void yieldToMain().then(() => {
          clearTimeout(timer);
          resolve();
        }),
    );
  });
}
