import { useSyncExternalStore } from 'react';
import { useRenderTime } from './renderTime';

/** How often time-dependent labels (time left) are brought up to date while a page is open. */
export const CLOCK_TICK_MS = 60_000;

// One clock for the whole page, however many cards read it: it runs while anything is subscribed.
let current: number | null = null;
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === undefined) {
    current = Date.now();
    timer = setInterval(() => {
      current = Date.now();
      listeners.forEach((notify) => notify());
    }, CLOCK_TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
      current = null;
    }
  };
}

/**
 * A time to the minute, the clock's precision: the server's render and the browser's first reading
 * then agree (one minute apart at most), so hydrating a page does not render every label again.
 */
export function toClockMinute(time: number): number {
  return time - (time % CLOCK_TICK_MS);
}

/**
 * "Now" to the minute, refreshed every minute while the page is open. The server's render and the
 * browser's hydration both use the server's render time (so their text agrees); the live clock takes
 * over right after, which renders the page's labels again only when the minute has changed since.
 */
export function useMinuteClock(): number {
  const renderMinute = toClockMinute(useRenderTime());
  return useSyncExternalStore(
    subscribe,
    () => (current === null ? renderMinute : toClockMinute(current)),
    () => renderMinute,
  );
}
