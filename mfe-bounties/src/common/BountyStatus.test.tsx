import { act, fireEvent, screen } from '@testing-library/react';
import { RENDER_TIME_KEY, createQueryClient } from '@side-quest/data';
import { renderPage } from '../testing/render';
import { BountyStatus, closingMomentText } from './BountyStatus';

const NOW = Date.UTC(2026, 10, 23, 9, 15);

function renderStatus(deadline: string) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(RENDER_TIME_KEY, NOW);
  return renderPage(<BountyStatus deadline={deadline} />, { queryClient });
}

describe('BountyStatus', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('shows OPEN with the days left and the exact closing moment in a <time> element', () => {
    renderStatus('2026-11-30');
    const status = screen.getByTestId('bounty-status');
    expect(status).toHaveTextContent('OPEN7 days left');
    const time = status.querySelector('time');
    expect(time).toHaveAttribute('datetime', '2026-11-30T23:59:59.999Z');
    // UTC as the server wrote it until the visitor points at it, then their locale and time zone.
    expect(time?.getAttribute('title')).toBe(
      closingMomentText(Date.UTC(2026, 10, 30, 23, 59, 59, 999), false),
    );
    fireEvent.pointerOver(time as Element);
    expect(time?.getAttribute('title')).toBe(
      closingMomentText(Date.UTC(2026, 10, 30, 23, 59, 59, 999), true),
    );
  });

  it('shows CLOSED for a passed deadline and No deadline without one', () => {
    renderStatus('2026-11-20');
    expect(screen.getByTestId('bounty-status')).toHaveTextContent('CLOSEDClosed');
  });

  it('says No deadline for a bounty without a dated deadline', () => {
    renderStatus('Rolling submissions');
    expect(screen.getByTestId('bounty-status')).toHaveTextContent('OPENNo deadline');
  });

  it('brings the label up to date every minute while the page is open', () => {
    renderStatus('2026-11-23T10:16:00.000Z');
    expect(screen.getByTestId('bounty-status')).toHaveTextContent('Closes in 1 h');
    act(() => {
      jest.advanceTimersByTime(2 * 60_000);
    });
    expect(screen.getByTestId('bounty-status')).toHaveTextContent('Closes within the hour');
    act(() => {
      jest.advanceTimersByTime(60 * 60_000);
    });
    expect(screen.getByTestId('bounty-status')).toHaveTextContent('CLOSEDClosed');
  });
});

describe('closingMomentText', () => {
  it('writes the server’s text in UTC, so server HTML and hydration agree wherever the visitor is', () => {
    expect(closingMomentText(Date.UTC(2026, 10, 30, 23, 59), false)).toBe(
      'Monday, November 30, 2026 at 11:59 PM UTC',
    );
  });
});
