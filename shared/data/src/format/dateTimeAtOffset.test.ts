import { dateTimeAtOffset, widestDateTimeAnywhere } from './dateTimeAtOffset';

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

describe('widestDateTimeAnywhere', () => {
  it('counts the longest date the moment falls on anywhere, the time’s five characters and the longest zone', () => {
    // 28 to 30 November.
    expect(widestDateTimeAnywhere(at)).toEqual({ date: 11, time: 5, zone: 9 });
    // 30 September to 1 October: the longest is 30 September's.
    expect(widestDateTimeAnywhere(Date.parse('2026-09-30T18:00:00Z')).date).toBe('30 Sep 2026'.length);
    // 1 to 2 March: one-digit days only.
    expect(widestDateTimeAnywhere(Date.parse('2026-03-01T13:00:00Z')).date).toBe('1 Mar 2026'.length);
  });

  it('holds every time zone’s text, which agrees with Intl’s clock there, over a whole year', () => {
    const ours = (time: number, offset: number) => {
      const shifted = new Date(time + offset * 60_000);
      return `${shifted.getUTCMonth() + 1}/${shifted.getUTCDate()}/${shifted.getUTCFullYear()}, ${dateTimeAtOffset(time, offset).time}`;
    };
    const problems: string[] = [];
    for (const timeZone of Intl.supportedValuesOf('timeZone')) {
      const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
      const wallFormat = new Intl.DateTimeFormat('en-US', {
        timeZone,
        day: 'numeric',
        month: 'numeric',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
      // Every 9 days and 7 hours through 2026, so each zone's days, hours and both sides of its clock changes are met.
      for (
        let time = Date.parse('2026-01-01T00:00:00Z');
        time < Date.parse('2027-01-01T00:00:00Z');
        time += 223 * 3_600_000
      ) {
        const offset = intlOffset(offsetFormat, time);
        const wall = wallFormat.format(time);
        const text = dateTimeAtOffset(time, offset);
        const widest = widestDateTimeAnywhere(time);
        if (ours(time, offset) !== wall)
          problems.push(`${timeZone} ${new Date(time).toISOString()}: ${ours(time, offset)} ≠ ${wall}`);
        if (
          text.date.length > widest.date ||
          text.time.length > widest.time ||
          text.zone.length > widest.zone
        )
          problems.push(
            `${timeZone} ${new Date(time).toISOString()}: ${text.date}, ${text.time} ${text.zone} is wider than ${JSON.stringify(widest)}`,
          );
      }
    }
    expect(problems).toEqual([]);
  });
});
