import { act, fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { theme } from '../theme';
import { ToastViewport } from './ToastViewport';
import { TOAST_AUTO_CLOSE_MS, toast } from './toastStore';

function renderViewport() {
  return render(
    <ThemeProvider theme={theme}>
      <ToastViewport />
    </ThemeProvider>,
  );
}

describe('ToastViewport', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows one toast at a time and closes it automatically after 5 seconds', () => {
    renderViewport();
    act(() => void toast({ title: 'One' }));
    act(() => void toast({ title: 'Two', description: 'replaces one' }));
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    expect(screen.getByText('Two')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(TOAST_AUTO_CLOSE_MS));
    expect(screen.queryByText('Two')).not.toBeInTheDocument();
  });

  it('dismisses on a swipe to the right past 50 px, not on a shorter one', () => {
    renderViewport();
    act(() => void toast({ title: 'Swipe me' }));
    const box = screen.getByTestId('toast');
    fireEvent.pointerDown(box, { clientX: 100 });
    fireEvent.pointerUp(box, { clientX: 140 });
    expect(screen.getByText('Swipe me')).toBeInTheDocument();
    fireEvent.pointerDown(box, { clientX: 100 });
    fireEvent.pointerUp(box, { clientX: 151 });
    expect(screen.queryByText('Swipe me')).not.toBeInTheDocument();
  });

  it('moves focus to the notification area on F8', () => {
    renderViewport();
    fireEvent.keyDown(window, { key: 'F8' });
    expect(screen.getByRole('region', { name: /Notifications/ })).toHaveFocus();
  });
});
