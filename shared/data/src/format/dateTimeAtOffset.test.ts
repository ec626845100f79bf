import { dateTimeAtOffset } from './dateTimeAtOffset';
import { DATE_TIME_AT_OFFSET_ES5, LOCAL_TIMES_SCRIPT } from './localTimesScript';

const at = Date.parse('2026-11-29T23:08:00Z');

/** A zone's offset from UTC at `time`, in minutes, as Intl gives it ('GMT+05:30'). */
function intlOffset(format: Intl.DateTimeFormat, time: number): number {
  const name = format.formatToParts(time).find((part) => part.type === 'timeZoneName')!.value;
  const match = /^GMT(?:([+-])(\d\d):(\d\d))?$/.exec(name);
  if (!match) throw new Error(`Unexpected offset ${name}`);
  return match[1] ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

describe('dateTimeAtOffset', () => {
  it('writes a moment in UTC with the UTC label', () => {
    expect(dateTimeAtOffset(at, 0)).toEqual({ date: '29 Nov 2026', time: '23:08', zone: 'UTC' });
    expect(dateTimeAtOffset(Date.parse('2026-03-01T07:05:00Z'), 0)).toEqual({
      date: '1 Mar 2026',
      time: '07:05',
      zone: 'UTC',
    });
  });

  it('moves the date and clock by the offset and labels it by number', () => {
    expect(dateTimeAtOffset(at, 60)).toEqual({ date: '30 Nov 2026', time: '00:08', zone: 'UTC+1' });
    expect(dateTimeAtOffset(at, 330)).toEqual({ date: '30 Nov 2026', time: '04:38', zone: 'UTC+5:30' });
    expect(dateTimeAtOffset(at, -480)).toEqual({ date: '29 Nov 2026', time: '15:08', zone: 'UTC-8' });
    expect(dateTimeAtOffset(at, -150)).toEqual({ date: '29 Nov 2026', time: '20:38', zone: 'UTC-2:30' });
    expect(dateTimeAtOffset(at, 825)).toEqual({ date: '30 Nov 2026', time: '12:53', zone: 'UTC+13:45' });
    expect(dateTimeAtOffset(Date.parse('2026-12-31T23:30:00Z'), 60).date).toBe('1 Jan 2027');
  });
});

/** Every zone's offset at instants through 2026 (every 9 days and 7 hours, so both sides of each clock change). */
function zoneOffsets(): Array<{ timeZone: string; time: number; offset: number }> {
  const found: Array<{ timeZone: string; time: number; offset: number }> = [];
  for (const timeZone of Intl.supportedValuesOf('timeZone')) {
    const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    for (
      let time = Date.parse('2026-01-01T00:00:00Z');
      time < Date.parse('2027-01-01T00:00:00Z');
      time += 223 * 3_600_000
    )
      found.push({ timeZone, time, offset: intlOffset(offsetFormat, time) });
  }
  return found;
}

describe('dateTimeAtOffset in every time zone', () => {
  it('agrees with Intl’s clock there over a whole year', () => {
    const ours = (time: number, offset: number) => {
      const shifted = new Date(time + offset * 60_000);
      return `${shifted.getUTCMonth() + 1}/${shifted.getUTCDate()}/${shifted.getUTCFullYear()}, ${dateTimeAtOffset(time, offset).time}`;
    };
    const wallFormats = new Map<string, Intl.DateTimeFormat>();
    const problems: string[] = [];
    for (const { timeZone, time, offset } of zoneOffsets()) {
      let wallFormat = wallFormats.get(timeZone);
      if (!wallFormat) {
        wallFormat = new Intl.DateTimeFormat('en-US', {
          timeZone,
          day: 'numeric',
          month: 'numeric',
          year: 'numeric',
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        });
        wallFormats.set(timeZone, wallFormat);
      }
      const wall = wallFormat.format(time);
      if (ours(time, offset) !== wall)
        problems.push(`${timeZone} ${new Date(time).toISOString()}: ${ours(time, offset)} ≠ ${wall}`);
    }
    expect(problems).toEqual([]);
  });
});

describe('the inline script’s formatter (DATE_TIME_AT_OFFSET_ES5)', () => {
  // The browser runs it as the page's text; here it is evaluated the same way.
  const es5 = new Function(`return ${DATE_TIME_AT_OFFSET_ES5}`)() as typeof dateTimeAtOffset;

  /** Where `es5` and dateTimeAtOffset differ for these instants and offsets, one line each. */
  const differences = (cases: Iterable<[number, number]>) => {
    const problems: string[] = [];
    for (const [time, offset] of cases) {
      const expected = dateTimeAtOffset(time, offset);
      const actual = es5(time, offset);
      if (JSON.stringify(actual) !== JSON.stringify(expected))
        problems.push(
          `${new Date(time).toISOString()} at ${offset}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`,
        );
    }
    return problems;
  };

  it('writes what dateTimeAtOffset writes for every zone’s offset through a year', () => {
    expect(differences(zoneOffsets().map(({ time, offset }) => [time, offset]))).toEqual([]);
  });

  it('writes what dateTimeAtOffset writes at every quarter hour of offset around month, year and leap-day ends', () => {
    const instants = [
      '2026-01-31T23:59:00Z',
      '2026-02-28T12:00:00Z',
      '2028-02-28T23:30:00Z',
      '2028-02-29T10:15:00Z',
      '2026-03-29T00:59:59Z',
      '2026-03-29T01:00:00Z',
      '2026-10-25T00:59:59Z',
      '2026-10-25T01:00:00Z',
      '2026-04-30T13:05:00Z',
      '2026-09-30T18:00:00Z',
      '2026-12-31T23:59:59.999Z',
      '2027-01-01T00:00:00Z',
      '1999-12-31T20:00:00Z',
      '2100-02-28T22:00:00Z',
    ].map((iso) => Date.parse(iso));
    const cases: Array<[number, number]> = [];
    for (const time of instants)
      for (let offset = -12 * 60; offset <= 14 * 60; offset += 15) cases.push([time, offset]);
    // -0, which `-new Date(t).getTimezoneOffset()` gives in UTC, and a historic zone's odd minutes.
    cases.push([instants[0]!, -0], [instants[0]!, 19], [instants[0]!, -(4 * 60 + 56)], [instants[0]!, 1.5]);
    expect(differences(cases)).toEqual([]);
    expect(es5(instants[0]!, -0).zone).toBe('UTC');
  });

  it('is ES5 text: no arrow functions, template strings or block-scoped declarations', () => {
    expect(LOCAL_TIMES_SCRIPT).not.toMatch(/=>|`|\b(?:let|const|class)\b|\.\.\.|padStart/);
    expect(LOCAL_TIMES_SCRIPT).toContain(DATE_TIME_AT_OFFSET_ES5);
  });
});
