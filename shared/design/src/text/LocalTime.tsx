import styled from 'styled-components';
import { dateTimeAtOffset, widestDateTimeAnywhere } from '@side-quest/data';
import { useHydrated } from '../useHydrated';

/**
 * A time's text and the three parts it is shown in, each in a box of its own: the date (with its comma),
 * the time of day, the zone. A box never breaks and is as wide as its part's longest text in any zone,
 * so when the reader's own time swaps in after hydration no box changes size and nothing around it moves
 * (a table's rows re-wrapped on every load before). Lines may break between the boxes: a narrow table
 * cell gets the date, then the time and zone, or the three one under another.
 *
 * Why a `min-width` in `ch` counted from the longest text, not the two texts stacked in one grid cell:
 * the server cannot know the reader's zone, so it has only one of the two texts to stack. A `ch` is a
 * digit's width (tabular figures make every digit one). In a date or a time the spaces, colons and comma,
 * narrower, make up for the capitals of 'Sep' or 'May', wider (up to 1.5 ch in the body font), so they
 * stay within as many `ch` as they have characters; the zone, with three capitals and a '+' to one
 * colon, gets one `ch` more (Arial's 'UTC+13:45' is 9.25 ch). In the monospace tables a character is one
 * `ch`; layout-shift.e2e.ts checks the widest zone, UTC+13:45, on every page.
 * The text starts at its box's start whatever the alignment around it, so it does not move inside the
 * box either.
 */
const Part = styled.span`
  display: inline-block;
  white-space: nowrap;
  text-align: left;
`;

const Time = styled.time`
  font-variant-numeric: tabular-nums;
`;

/**
 * An instant, in the reader's time zone once the page has hydrated. The server cannot know the zone,
 * so its HTML and the hydrating render say it in UTC ('29 Nov 2026, 23:08 UTC'); the render after
 * hydration says it at the reader's offset ('30 Nov 2026, 04:38 UTC+5:30') where that is not UTC's.
 * The machine-readable instant is always in `dateTime`.
 */
export function LocalTime({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return <span>—</span>;
  // getTimezoneOffset is in minutes west of UTC; it needs no Intl formatter (see dateTimeAtOffset).
  const text = dateTimeAtOffset(time, hydrated ? -new Date(time).getTimezoneOffset() : 0);
  const widest = widestDateTimeAnywhere(time);
  return (
    <Time dateTime={new Date(time).toISOString()}>
      <Part style={{ minWidth: `${widest.date + 1}ch` }}>{text.date},</Part>{' '}
      <Part style={{ minWidth: `${widest.time}ch` }}>{text.time}</Part>{' '}
      <Part style={{ minWidth: `${widest.zone + 1}ch` }}>{text.zone}</Part>
    </Time>
  );
}
