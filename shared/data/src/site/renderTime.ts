import { useQuery } from '@tanstack/react-query';

/** Query key of the moment a page was rendered; the server sets it and the browser hydrates it. */
export const RENDER_TIME_KEY = ['render-time'] as const;

/**
 * "Now" for anything a page computes from the current time (compass recency, time left): the server's
 * render time on a server-rendered page, so the browser's first render matches the server's HTML even
 * across a day or hour boundary; the moment of first use otherwise.
 */
export function useRenderTime(): number {
  const { data } = useQuery({
    queryKey: RENDER_TIME_KEY,
    queryFn: () => Date.now(),
    initialData: () => Date.now(),
    staleTime: Infinity,
  });
  return data;
}
