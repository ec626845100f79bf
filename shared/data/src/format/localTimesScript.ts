// The page's inline script that writes its times at the reader's offset before the first frame. Server
// only (@side-quest/data/local-times-script): the browser's shared @side-quest/data does not carry it.
import { MONTHS } from './enUs';
import { LOCAL_TIME_ATTRIBUTE, LOCAL_TIMES_DONE_ATTRIBUTE, MINUTE_MS } from './dateTimeAtOffset';

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
