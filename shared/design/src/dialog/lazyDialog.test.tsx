import { useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { theme } from '../theme';
import { Dialog } from './lazyDialog';

// No preload here: the first opening asks for the dialog's chunk, as on a page nobody pointed at.
function Page() {
  const [open, setOpen] = useState(false);
  return (
    <ThemeProvider theme={theme}>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Join">
        <label>
          Name <input />
        </label>
      </Dialog>
    </ThemeProvider>
  );
}

describe('Dialog, its code loaded on first opening', () => {
  it('renders nothing before it is opened, then opens once its code is in, and stays mounted', async () => {
    const { container } = render(<Page />);
    expect(container.querySelector('dialog')).toBeNull();
    await act(async () => screen.getByRole('button', { name: 'Open' }).click());
    const dialog = await screen.findByRole('dialog', { name: 'Join' });
    expect(screen.getByLabelText('Name')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(dialog).not.toHaveAttribute('open');
    // Closed, the same element stays (a second opening needs no loading).
    expect(container.querySelector('dialog')).toBe(dialog);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(dialog).toHaveAttribute('open');
  });
});
