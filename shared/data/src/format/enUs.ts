/**
 * en-US number and UTC date formatting without Intl. Building the first Intl formatter of a page costs
 * ~25 ms of main thread in Chromium (it loads locale data), four times that on a throttled phone, and
 * the bounty and story pages need one before they can hydrate. These give the same text as
 * `Intl.NumberFormat('en-US')` / `Intl.DateTimeFormat('en-US', { timeZone: 'UTC' })` with the options
 * named on each (enUs.test.ts compares them); values outside the plain range go to Intl itself.
 */

/** The months' names in English, January first. */
export const MONTHS: readonly string[] = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const fallbackFormats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function fallback<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, create: () => T): T {
  let format = fallbackFormats.get(key) as T | undefined;
  if (!format) {
    format = create();
    fallbackFormats.set(key, format);
  }
  return format;
}

/** 1234.567 → '1,234.57' with at most `maxFractionDigits` digits after the point, as Intl en-US rounds (half away from zero). */
export function formatNumberEnUs(value: number, maxFractionDigits: number): string {
  // The decimal-exponent shift rounds the number's shortest decimal form (1.005 → 1.01, as Intl does)
  // rather than its binary value (1.00499…); it needs a plain decimal string, hence the range.
  if (!(value >= 1e-6 && value < 1e15) && value !== 0) {
    return fallback(
      `n${maxFractionDigits}`,
      () => new Intl.NumberFormat('en-US', { maximumFractionDigits: maxFractionDigits }),
    ).format(value);
  }
  const rounded = Number(`${Math.round(Number(`${value}e${maxFractionDigits}`))}e-${maxFractionDigits}`);
  const [whole = '0', fraction] = rounded.toFixed(maxFractionDigits).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const trimmed = fraction?.replace(/0+$/, '');
  return trimmed ? `${grouped}.${trimmed}` : grouped;
}

function plainYear(date: Date): boolean {
  const year = date.getUTCFullYear();
  return year >= 1 && year <= 9999;
}

/** 'Mar 14, 2025' (`month: 'short'`) or 'March 14, 2025' (`dateStyle: 'long'`), in UTC. */
export function formatUtcDate(time: number, month: 'short' | 'long'): string {
  const date = new Date(time);
  if (!plainYear(date)) {
    return fallback(
      `d${month}`,
      () =>
        new Intl.DateTimeFormat('en-US', {
          year: 'numeric',
          month,
          day: 'numeric',
          timeZone: 'UTC',
        }),
    ).format(time);
  }
  const monthName = MONTHS[date.getUTCMonth()] as string;
  return `${month === 'short' ? monthName.slice(0, 3) : monthName} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** 'Friday, March 14, 2025 at 3:04 PM' (`dateStyle: 'full', timeStyle: 'short'`), in UTC. */
export function formatUtcDateTime(time: number): string {
  const date = new Date(time);
  if (!plainYear(date)) {
    return fallback(
      'dt',
      () => new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' }),
    ).format(time);
  }
  const hours = date.getUTCHours();
  const minutes = String(date.getUTCMinutes()).padStart(2, '0');
  const clock = `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
  return `${WEEKDAYS[date.getUTCDay()]}, ${formatUtcDate(time, 'long')} at ${clock}`;
}
