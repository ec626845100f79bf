import { MONTHS } from './enUs';

/** A moment as a clock shows it: '29 Nov 2026', '23:08' and 'UTC'. */
export interface DateTimeText {
  date: string;
  time: string;
  /** The clock's offset from UTC: 'UTC', 'UTC+5:30'. */
  zone: string;
}

/** The offsets of the world's time zones from UTC, in minutes: UTC−12:00 (Baker Island) to UTC+14:00 (Kiribati). */
const EARLIEST_OFFSET = -12 * 60;
const LATEST_OFFSET = 14 * 60;

const MINUTE_MS = 60_000;

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
 * 'UTC+5:30' at 330. Offsets are labelled by number rather than by zone name ('UTC+1', not 'CET'), so
 * the longest label is known (WIDEST_ZONE).
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

/** The longest offset label: two digits of hours and of minutes ('UTC+13:45', Chatham's in summer). */
const WIDEST_ZONE = 'UTC+00:00'.length;

/**
 * The most characters each part of `time`'s text can take in any of the world's time zones: the
 * date's depends on the moment (the three days a moment can fall on: '30 Sep 2026' or '1 Oct 2026'),
 * the time's and the zone's do not.
 */
export function widestDateTimeAnywhere(time: number): Record<keyof DateTimeText, number> {
  const dateLength = (offset: number) => dateTimeAtOffset(time, offset).date.length;
  return {
    // A date only moves forward with the offset, so the earliest, UTC's and the latest are every day there is.
    date: Math.max(dateLength(EARLIEST_OFFSET), dateLength(0), dateLength(LATEST_OFFSET)),
    time: 'HH:MM'.length,
    zone: WIDEST_ZONE,
  };
}
