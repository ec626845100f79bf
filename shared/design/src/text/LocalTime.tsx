import { formatUtcDateTime } from '@side-quest/data';
import { useHydrated } from '../useHydrated';

/** The viewer's own zone, e.g. "28 Nov 2026, 18:00 CET"; null where Intl cannot say. */
export function formatLocalDateTime(time: number, timeZone?: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'short',
      timeZone,
    }).format(time);
  } catch {
    return null;
  }
}

/**
 * An instant shown in the viewer's time zone. The server does not know the zone, so the first render
 * (server and hydration alike) says it in UTC, and the browser switches to local time once hydrated;
 * the machine-readable instant is always in `dateTime`.
 */
export function LocalTime({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return <span>—</span>;
  const local = hydrated ? formatLocalDateTime(time) : null;
  return <time dateTime={new Date(time).toISOString()}>{local ?? `${formatUtcDateTime(time)} UTC`}</time>;
}
