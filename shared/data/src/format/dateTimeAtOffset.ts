import { MONTHS } from './enUs';

/** A moment as a clock shows it: '29 Nov 2026', '23:08' and 'UTC'. */
export interface DateTimeText {
  date: string;
  time: string;
  /** The clock's offset from UTC: 'UTC', 'UTC+5:30'. */
  zone: string;
}

export const MINUTE_MS = 60_000;

/** 'UTC' at no offset, else 'UTC+1', 'UTC-8', 'UTC+5:30', 'UTC+13:45'. */
function offsetLabel(offsetMinutes: number): string {
  if (offsetMinutes === 0) return 'UTC';
  const size = Math.abs(offsetMinutes);
  const minutes = size % 60;
  const hours = (size - minutes) / 60;
  return `UTC${offsetMinutes < 0 ? '-' : '+'}${hours}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
}

/**
 * `time` as a clock `offsetMinutes` east of UTC shows it, without Intl (a page's first Intl formatter
 * costs ~25 ms of main thread; enUs.ts): '29 Nov 2026', '23:08', 'UTC' at 0; '30 Nov 2026', '04:38',
 * 'UTC+5:30' at 330. Offsets are labelled by number rather than by zone name ('UTC+1', not 'CET'), which
 * needs no zone database. LOCAL_TIMES_SCRIPT (localTimesScript.ts) carries the same formatter as ES5
 * text (DATE_TIME_AT_OFFSET_ES5, compared with this one in the tests): change both together.
 */
export function dateTimeAtOffset(time: number, offsetMinutes: number): DateTimeText {
  const shifted = new Date(time + offsetMinutes * MINUTE_MS);
  const hours = String(shifted.getUTCHours()).padStart(2, '0');
  const minutes = String(shifted.getUTCMinutes()).padStart(2, '0');
  return {
    date: `${shifted.getUTCDate()} ${MONTHS[shifted.getUTCMonth()]!.slice(0, 3)} ${shifted.getUTCFullYear()}`,
    time: `${hours}:${minutes}`,
    zone: offsetLabel(offsetMinutes),
  };
}

/** Marks a server-rendered time (LocalTime) that LOCAL_TIMES_SCRIPT rewrites at the reader's offset. */
export const LOCAL_TIME_ATTRIBUTE = 'data-local-time';
/** Set on the document element once LOCAL_TIMES_SCRIPT has rewritten the page's times. */
export const LOCAL_TIMES_DONE_ATTRIBUTE = 'data-local-times';
