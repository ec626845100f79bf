import { useState } from 'react';
import { useQueryClient } from '@side-quest/data/query';

/** Query key of the moment a page was rendered; the server sets it and the browser hydrates it. */
export const RENDER_TIME_KEY = ['render-time'] as const;

/**
 * "Now" for anything a page computes from the current time (compass recency, time left): the server's
 * render time on a server-rendered page, so the browser's first render matches the server's HTML even
 * across a day or hour boundary; the moment of first use otherwise, shared by the whole page.
 * It reads the cache once per component rather than observing a query: every card of a list asks, and
 * the value never changes once set.
 */
export function useRenderTime(): number {
  const queryClient = useQueryClient();
  const [renderTime] = useState(() => {
    const known = queryClient.getQueryData<number>(RENDER_TIME_KEY);
    if (known !== undefined) return known;
    const now = Date.now();
    queryClient.setQueryData(RENDER_TIME_KEY, now);
    return now;
  });
  return renderTime;
}
