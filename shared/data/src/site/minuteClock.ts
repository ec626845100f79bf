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

const noTime = () => null;

/**
 * "Now", refreshed every minute while the page is open. The server's render and the browser's hydration
 * both use the server's render time (so their text agrees); the live clock takes over right after.
 */
export function useMinuteClock(): number {
  const renderTime = useRenderTime();
  const live = useSyncExternalStore(subscribe, () => current, noTime);
  return live ?? renderTime;
}
