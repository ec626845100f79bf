import { MONTHS } from './enUs';

/** A moment as a clock shows it: '29 Nov 2026', '23:08' and 'UTC'. */
export interface DateTimeText {
  date: string;
  time: string;
  /** The clock's offset from UTC: 'UTC', 'UTC+5:30'. */
  zone: string;
}

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
 * 'UTC+5:30' at 330. Offsets are labelled by number rather than by zone name ('UTC+1', not 'CET'), which
 * needs no zone database. LOCAL_TIMES_SCRIPT carries the same formatter as ES5 text
 * (DATE_TIME_AT_OFFSET_ES5, compared with this one in the tests): change both together.
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

/**
 * dateTimeAtOffset as an ES5 function expression (no template strings, padStart or arrows), for the
 * inline script: `String(n).padStart(2, '0')` is `p`, the months' short names are MONTHS' own.
 */
export const DATE_TIME_AT_OFFSET_ES5 =
  "(function(){var M='" +
  MONTHS.map((month) => month.slice(0, 3)).join(' ') +
  "'.split(' ');" +
  "function p(n){n=String(n);return n.length<2?'0'+n:n}" +
  'return function(t,o){var s=new Date(t+o*' +
  MINUTE_MS +
  '),a=Math.abs(o),m=a%60,h=(a-m)/60;' +
  "return{date:s.getUTCDate()+' '+M[s.getUTCMonth()]+' '+s.getUTCFullYear()," +
  "time:p(s.getUTCHours())+':'+p(s.getUTCMinutes())," +
  "zone:o===0?'UTC':'UTC'+(o<0?'-':'+')+h+(m?':'+p(m):'')}}})()";

/**
 * Inline in a server-rendered page right after its markup (server/src/render/document.ts), before the
 * first frame: writes every time LocalTime rendered in UTC (`<time data-local-time>`, three parts each
 * one text node: '29 Nov 2026,', '23:08', 'UTC') at the reader's offset, as LocalTime's browser render
 * does (`-getTimezoneOffset()`, dateTimeAtOffset), so the page is painted with the reader's times and
 * nothing changes once it hydrates. Then it marks the document (LOCAL_TIMES_DONE_ATTRIBUTE): the
 * hydrating render writes the reader's times too, and matches. ES5, no request.
 */
export const LOCAL_TIMES_SCRIPT =
  `(function(){var f=${DATE_TIME_AT_OFFSET_ES5},` +
  `e=document.querySelectorAll('time[${LOCAL_TIME_ATTRIBUTE}]');` +
  "for(var i=0;i<e.length;i++){var t=Date.parse(e[i].getAttribute('datetime')),c=e[i].children;" +
  'if(isNaN(t)||c.length!==3)continue;var x=f(t,-new Date(t).getTimezoneOffset());' +
  "c[0].textContent=x.date+',';c[1].textContent=x.time;c[2].textContent=x.zone}" +
  `document.documentElement.setAttribute('${LOCAL_TIMES_DONE_ATTRIBUTE}','')})();`;
