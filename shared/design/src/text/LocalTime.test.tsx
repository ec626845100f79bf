import { act, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { LocalTime } from './LocalTime';

const ISO = '2026-11-29T23:08:00.000Z';

/** The server's HTML of the time, hydrated in a reader's browser `offsetMinutes` east of UTC. */
async function hydratedAt(offsetMinutes: number) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<LocalTime iso={ISO} />);
  const server = {
    text: container.textContent,
    widths: [...container.querySelectorAll('span')].map((part) => part.style.minWidth),
  };
  document.body.appendChild(container);
  const offset = jest.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(-offsetMinutes);
  const recoverable = jest.fn();
  const root = await act(async () =>
    hydrateRoot(container, <LocalTime iso={ISO} />, { onRecoverableError: recoverable }),
  );
  const time = container.querySelector('time')!;
  const hydrated = {
    text: time.textContent,
    widths: [...time.querySelectorAll('span')].map((part) => part.style.minWidth),
    dateTime: time.getAttribute('dateTime'),
    hydrationErrors: recoverable.mock.calls.length,
  };
  offset.mockRestore();
  act(() => root.unmount());
  container.remove();
  return { server, hydrated };
}

describe('LocalTime', () => {
  it('writes the short UTC form in the server HTML, each part in a box as wide as its longest form', () => {
    const server = document.createElement('div');
    server.innerHTML = renderToString(<LocalTime iso={ISO} />);
    const time = server.querySelector('time')!;
    expect(time).toHaveAttribute('dateTime', ISO);
    expect(time).toHaveTextContent('29 Nov 2026, 23:08 UTC');
    // '28 Nov 2026,', '23:08', and 'UTC+13:45' (Chatham's offset in summer, the longest zone) with a ch
    // more for its capitals.
    expect([...time.querySelectorAll('span')].map((part) => part.style.minWidth)).toEqual([
      '12ch',
      '5ch',
      '10ch',
    ]);
  });

  it('keeps the UTC text for a reader in UTC, with no hydration error', async () => {
    const { server, hydrated } = await hydratedAt(0);
    expect(hydrated).toEqual({ ...server, dateTime: ISO, hydrationErrors: 0 });
  });

  it('swaps in the reader’s own time once hydrated, in boxes of the same widths', async () => {
    const { server, hydrated } = await hydratedAt(330);
    expect(hydrated).toEqual({
      text: '30 Nov 2026, 04:38 UTC+5:30',
      widths: server.widths,
      dateTime: ISO,
      hydrationErrors: 0,
    });
    expect((await hydratedAt(-480)).hydrated.text).toBe('29 Nov 2026, 15:08 UTC-8');
  });

  it('shows a dash for a time it cannot read', () => {
    const { container } = render(<LocalTime iso="not a time" />);
    expect(container).toHaveTextContent('—');
    expect(container.querySelector('time')).toBeNull();
  });
});
