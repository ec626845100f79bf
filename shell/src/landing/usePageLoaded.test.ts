import { act, renderHook } from '@testing-library/react';
import { usePageLoaded } from './usePageLoaded';

function setReadyState(state: DocumentReadyState) {
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => state });
}

afterEach(() => {
  Reflect.deleteProperty(document, 'readyState');
});

describe('usePageLoaded', () => {
  it('is true at once when the page has already loaded (a later in-app visit)', () => {
    setReadyState('complete');
    const { result } = renderHook(() => usePageLoaded());
    expect(result.current).toBe(true);
  });

  it('waits for the load event while the page is still loading', () => {
    setReadyState('interactive');
    const { result } = renderHook(() => usePageLoaded());
    expect(result.current).toBe(false);
    act(() => {
      window.dispatchEvent(new Event('load'));
    });
    expect(result.current).toBe(true);
  });
});
