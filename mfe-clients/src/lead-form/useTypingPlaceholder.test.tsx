import { act, render, screen } from '@testing-library/react';
import { useTypingPlaceholder } from './useTypingPlaceholder';

function Probe({ running }: { running: boolean }) {
  const text = useTypingPlaceholder(['hey', 'yo'], running);
  return <output>{text === null ? 'STATIC' : `[${text}]`}</output>;
}

describe('useTypingPlaceholder', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const shown = () => screen.getByRole('status').textContent;
  // Millisecond by millisecond, so each re-render schedules its next timer at the moment a browser would.
  const advance = (ms: number) => {
    for (let i = 0; i < ms; i++) act(() => jest.advanceTimersByTime(1));
  };

  it('types at 100 ms a character, holds 1500 ms, deletes at 50 ms, waits 500 ms before the next', () => {
    render(<Probe running />);
    expect(shown()).toBe('[]');
    advance(99);
    expect(shown()).toBe('[]');
    advance(1);
    expect(shown()).toBe('[h]');
    advance(200);
    expect(shown()).toBe('[hey]');
    advance(1499);
    expect(shown()).toBe('[hey]');
    advance(1 + 50);
    expect(shown()).toBe('[he]');
    advance(100);
    expect(shown()).toBe('[]');
    advance(499);
    expect(shown()).toBe('[]');
    advance(1 + 100);
    expect(shown()).toBe('[y]');
  });

  it('stops for good once running turns false', () => {
    const { rerender } = render(<Probe running />);
    advance(300);
    rerender(<Probe running={false} />);
    expect(shown()).toBe('STATIC');
    advance(10_000);
    expect(shown()).toBe('STATIC');
    expect(jest.getTimerCount()).toBe(0);
  });
});
