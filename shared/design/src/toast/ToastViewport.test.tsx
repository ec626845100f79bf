import { act, fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { theme } from '../theme';
import { ToastViewport, preloadToast } from './ToastViewport';
import { TOAST_AUTO_CLOSE_MS, toast } from './toastStore';

beforeAll(() => preloadToast());

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

  it('pauses the automatic close while hovered, then closes after the rest of the 5 seconds', () => {
    renderViewport();
    act(() => void toast({ title: 'Reading' }));
    act(() => jest.advanceTimersByTime(3000));
    fireEvent.mouseEnter(screen.getByTestId('toast'));
    act(() => jest.advanceTimersByTime(60_000));
    expect(screen.getByText('Reading')).toBeInTheDocument();
    fireEvent.mouseLeave(screen.getByTestId('toast'));
    act(() => jest.advanceTimersByTime(1999));
    expect(screen.getByText('Reading')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Reading')).not.toBeInTheDocument();
  });

  it('closes on its dismiss button and announces errors as alerts', () => {
    renderViewport();
    act(() => void toast({ title: 'Saved', variant: 'success' }));
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    act(() => void toast({ title: 'Could not save', variant: 'error' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Could not save');
  });

  it('moves focus to the notification area on F8', () => {
    renderViewport();
    fireEvent.keyDown(window, { key: 'F8' });
    expect(screen.getByRole('region', { name: /Notifications/ })).toHaveFocus();
  });
});
