import styled from 'styled-components';
import { LOCAL_TIME_ATTRIBUTE, LOCAL_TIMES_DONE_ATTRIBUTE, dateTimeAtOffset } from '@side-quest/data';
import { useHydrated } from '../useHydrated';

/**
 * A time's three parts (the date with its comma, the time of day, the zone), each kept on one line;
 * lines may break between them, so a narrow table cell gets the date, then the time and zone. The
 * parts are as wide as their text: no room is kept for another zone's longer text, which left gaps in
 * prose ('1 Oct 2026,    04:54  UTC       ;'). Nothing moves when the reader's time replaces UTC's
 * because that happens before the first paint (LOCAL_TIMES_SCRIPT), not after hydration.
 */
const Part = styled.span`
  white-space: nowrap;
`;

/** Whether the page's inline script has already written its server-rendered times at the reader's offset. */
function rewrittenBeforePaint(): boolean {
  return typeof document !== 'undefined' && document.documentElement.hasAttribute(LOCAL_TIMES_DONE_ATTRIBUTE);
}

/**
 * An instant, in the reader's time zone. The server cannot know the zone, so its HTML says it in UTC
 * ('29 Nov 2026, 23:08 UTC'); the page's inline script (LOCAL_TIMES_SCRIPT in @side-quest/data, right
 * after the page's markup) rewrites every such time at the reader's offset ('30 Nov 2026, 04:38
 * UTC+5:30') before the first frame, and marks the document, so the hydrating render writes the
 * reader's time too and matches. Without the mark (no script ran) the hydrating render keeps UTC and
 * the render after hydration swaps in the reader's time; a render in the browser alone (a client-side
 * navigation) writes the reader's time at once. The machine-readable instant is always in `dateTime`.
 *
 * Each part is one string (`${date},`, not `{date},`), so React writes one text node per part with no
 * `<!-- -->` between pieces, and the script replaces exactly that text.
 */
export function LocalTime({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return <span>—</span>;
  const local = hydrated || rewrittenBeforePaint();
  // getTimezoneOffset is in minutes west of UTC; it needs no Intl formatter (see dateTimeAtOffset).
  const text = dateTimeAtOffset(time, local ? -new Date(time).getTimezoneOffset() : 0);
  return (
    <time dateTime={new Date(time).toISOString()} {...{ [LOCAL_TIME_ATTRIBUTE]: '' }}>
      <Part>{`${text.date},`}</Part> <Part>{text.time}</Part> <Part>{text.zone}</Part>
    </time>
  );
}
