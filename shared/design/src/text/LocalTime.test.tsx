import { act, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { LOCAL_TIMES_DONE_ATTRIBUTE, dateTimeAtOffset } from '@side-quest/data';
import { LOCAL_TIMES_SCRIPT } from '@side-quest/data/local-times-script';
import { LocalTime } from './LocalTime';

const ISO = '2026-11-29T23:08:00.000Z';

/** The reader's clock: `offsetAt(time)` minutes east of UTC at each instant (a zone with clock changes). */
function readerClock(offsetAt: (time: number) => number) {
  return jest.spyOn(Date.prototype, 'getTimezoneOffset').mockImplementation(function (this: Date) {
    return -offsetAt(this.getTime());
  });
}

/**
 * The server's HTML of `times`, in a reader's browser whose clock is `offsetAt`: with `script`, the
 * page's inline script runs right after the markup (as document.ts places it), then the page hydrates.
 * What the reader saw before hydration, after it, and any hydration error.
 */
async function readerPage(isos: string[], offsetAt: (time: number) => number, script: boolean) {
  const page = () => (
    <p>
      {isos.map((iso) => (
        <LocalTime key={iso} iso={iso} />
      ))}
    </p>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(page());
  document.body.appendChild(container);
  const clock = readerClock(offsetAt);
  if (script) new Function(LOCAL_TIMES_SCRIPT)();
  const texts = () => [...container.querySelectorAll('time')].map((time) => time.textContent);
  const painted = texts();
  const recoverable = jest.fn();
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const root = await act(async () => hydrateRoot(container, page(), { onRecoverableError: recoverable }));
  const hydrated = texts();
  const errors = recoverable.mock.calls.length + consoleError.mock.calls.length;
  act(() => root.unmount());
  container.remove();
  clock.mockRestore();
  consoleError.mockRestore();
  return { painted, hydrated, errors };
}

const text = (iso: string, offset: number) => {
  const parts = dateTimeAtOffset(Date.parse(iso), offset);
  return `${parts.date}, ${parts.time} ${parts.zone}`;
};

describe('LocalTime', () => {
  afterEach(() => document.documentElement.removeAttribute(LOCAL_TIMES_DONE_ATTRIBUTE));

  it('writes the short UTC form in the server HTML: three parts, one text node each, no reserved width', () => {
    const server = document.createElement('div');
    server.innerHTML = renderToString(<LocalTime iso={ISO} />);
    const time = server.querySelector('time')!;
    expect(time).toHaveAttribute('dateTime', ISO);
    expect(time).toHaveAttribute('data-local-time');
    expect(time.textContent).toBe('29 Nov 2026, 23:08 UTC');
    expect(server.innerHTML).not.toContain('<!--');
    expect(server.innerHTML).not.toContain('width');
    expect([...time.children].map((part) => [part.childNodes.length, part.textContent])).toEqual([
      [1, '29 Nov 2026,'],
      [1, '23:08'],
      [1, 'UTC'],
    ]);
  });

  it('is written at the reader’s offset by the page’s script before paint, and hydrates to the same text', async () => {
    const { painted, hydrated, errors } = await readerPage([ISO], () => 330, true);
    expect(painted).toEqual(['30 Nov 2026, 04:38 UTC+5:30']);
    expect(hydrated).toEqual(painted);
    expect(errors).toBe(0);
    expect(document.documentElement).toHaveAttribute(LOCAL_TIMES_DONE_ATTRIBUTE);
  });

  it('matches the script on both sides of a clock change, at month and year ends, in UTC and west of it', async () => {
    // Europe/London's clock: UTC+1 from 29 Mar 2026 01:00 UTC to 25 Oct 2026 01:00 UTC.
    const london = (time: number) =>
      time >= Date.parse('2026-03-29T01:00:00Z') && time < Date.parse('2026-10-25T01:00:00Z') ? 60 : 0;
    const isos = [
      '2026-03-29T00:59:00.000Z',
      '2026-03-29T01:00:00.000Z',
      '2026-10-25T00:30:00.000Z',
      '2026-10-25T01:30:00.000Z',
      '2026-04-30T23:30:00.000Z',
      '2026-12-31T23:59:00.000Z',
    ];
    const { painted, hydrated, errors } = await readerPage(isos, london, true);
    expect(painted).toEqual([
      '29 Mar 2026, 00:59 UTC',
      '29 Mar 2026, 02:00 UTC+1',
      '25 Oct 2026, 01:30 UTC+1',
      '25 Oct 2026, 01:30 UTC',
      '1 May 2026, 00:30 UTC+1',
      '31 Dec 2026, 23:59 UTC',
    ]);
    expect({ hydrated, errors }).toEqual({ hydrated: painted, errors: 0 });
    for (const offset of [-600, -210, 0, 825]) {
      const page = await readerPage(isos, () => offset, true);
      expect({ hydrated: page.hydrated, errors: page.errors }).toEqual({
        hydrated: isos.map((iso) => text(iso, offset)),
        errors: 0,
      });
      expect(page.painted).toEqual(page.hydrated);
    }
  });

  it('without the script keeps UTC through hydration, then swaps in the reader’s time', async () => {
    const { painted, hydrated, errors } = await readerPage([ISO], () => -480, false);
    expect(painted).toEqual(['29 Nov 2026, 23:08 UTC']);
    expect(hydrated).toEqual(['29 Nov 2026, 15:08 UTC-8']);
    expect(errors).toBe(0);
  });

  it('writes the reader’s time at once when the browser renders it alone', () => {
    const clock = readerClock(() => 330);
    const { container } = render(<LocalTime iso={ISO} />);
    expect(container).toHaveTextContent('30 Nov 2026, 04:38 UTC+5:30');
    clock.mockRestore();
  });

  it('shows a dash for a time it cannot read', () => {
    const { container } = render(<LocalTime iso="not a time" />);
    expect(container).toHaveTextContent('—');
    expect(container.querySelector('time')).toBeNull();
  });
});
