import { act, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { theme } from '../theme';
import { ToastViewport } from './ToastViewport';
import { toast } from './toastStore';

// No preload here: the first toast asks for the toast's chunk.
describe('ToastViewport before any toast', () => {
  it('has its live region on the page, and shows the first toast once its code is in', async () => {
    render(
      <ThemeProvider theme={theme}>
        <ToastViewport />
      </ThemeProvider>,
    );
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
    await act(async () => void toast({ title: 'Saved', variant: 'success' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved');
  });
});
