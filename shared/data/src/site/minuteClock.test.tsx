import { act } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { QueryClientProvider } from '../query';
import { createQueryClient } from '../http/queryClient';
import { CLOCK_TICK_MS, toClockMinute, useMinuteClock } from './minuteClock';
import { RENDER_TIME_KEY } from './renderTime';

const RENDERED_AT = Date.UTC(2026, 10, 26, 12, 0, 10);

describe('toClockMinute', () => {
  it('drops the seconds', () => {
    expect(toClockMinute(RENDERED_AT)).toBe(Date.UTC(2026, 10, 26, 12, 0, 0));
    expect(toClockMinute(Date.UTC(2026, 10, 26, 12, 0, 0))).toBe(Date.UTC(2026, 10, 26, 12, 0, 0));
  });
});

describe('useMinuteClock on a server-rendered page', () => {
  afterEach(() => jest.useRealTimers());

  async function hydrateAt(browserNow: number) {
    const times: number[] = [];
    function Clock() {
      const now = useMinuteClock();
      times.push(now);
      return <p>{new Date(now).toISOString()}</p>;
    }
    const page = (client: ReturnType<typeof createQueryClient>) => (
      <QueryClientProvider client={client}>
        <Clock />
      </QueryClientProvider>
    );
    const serverClient = createQueryClient();
    serverClient.setQueryData(RENDER_TIME_KEY, RENDERED_AT);
    const container = document.createElement('div');
    container.innerHTML = renderToString(page(serverClient));
    document.body.appendChild(container);
    times.length = 0;
    jest.useFakeTimers({ now: browserNow });
    const browserClient = createQueryClient();
    browserClient.setQueryData(RENDER_TIME_KEY, RENDERED_AT);
    const root = await act(async () => hydrateRoot(container, page(browserClient)));
    return {
      times,
      text: () => container.textContent,
      done: () => {
        act(() => root.unmount());
        container.remove();
      },
    };
  }

  it('renders once when the browser hydrates within the minute the server rendered', async () => {
    const page = await hydrateAt(RENDERED_AT + 20_000);
    expect(page.times).toEqual([Date.UTC(2026, 10, 26, 12, 0, 0)]);
    page.done();
  });

  it('takes over with the browser minute when the page is older, then ticks every minute', async () => {
    const page = await hydrateAt(RENDERED_AT + 5 * CLOCK_TICK_MS);
    expect(page.text()).toBe('2026-11-26T12:05:00.000Z');
    act(() => jest.advanceTimersByTime(CLOCK_TICK_MS));
    expect(page.text()).toBe('2026-11-26T12:06:00.000Z');
    page.done();
  });
});
