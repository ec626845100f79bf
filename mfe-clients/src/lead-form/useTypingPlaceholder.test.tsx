import { useRef } from 'react';
import { act, render, screen } from '@testing-library/react';
import { useTypingPlaceholder } from './useTypingPlaceholder';

let renders = 0;

function Probe({ running }: { running: boolean }) {
  renders++;
  const field = useRef<HTMLTextAreaElement>(null);
  const placeholder = useTypingPlaceholder(field, ['hey', 'yo'], running, 'STATIC');
  return <textarea aria-label="Challenge" ref={field} placeholder={placeholder} />;
}

describe('useTypingPlaceholder', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    renders = 0;
  });
  afterEach(() => jest.useRealTimers());

  const shown = () => `[${screen.getByRole('textbox', { name: 'Challenge' }).getAttribute('placeholder')}]`;
  const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));

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

  it('changes only the placeholder: the field does not render again for each character', () => {
    render(<Probe running />);
    advance(5000);
    expect(renders).toBe(1);
  });

  it('stops for good once running turns false, with the static placeholder', () => {
    const { rerender } = render(<Probe running />);
    advance(300);
    expect(shown()).toBe('[hey]');
    rerender(<Probe running={false} />);
    expect(shown()).toBe('[STATIC]');
    advance(10_000);
    expect(shown()).toBe('[STATIC]');
    expect(jest.getTimerCount()).toBe(0);
  });
});
