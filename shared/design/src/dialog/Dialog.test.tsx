import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { theme } from '../theme';
import { Dialog } from './Dialog';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <ThemeProvider theme={theme}>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="POST_CHALLENGE" subtitle="Say what you need.">
        <input aria-label="Email" />
      </Dialog>
    </ThemeProvider>
  );
}

describe('Dialog', () => {
  it('is a modal labelled by its title and described by its subtitle', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    const dialog = screen.getByRole('dialog', { name: 'POST_CHALLENGE' });
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveAccessibleDescription('Say what you need.');
  });

  it('closes on Escape (the cancel event) and on its close button, returning focus to the opener', async () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'open' });
    await userEvent.click(opener);
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes when the browser closes it natively', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    fireEvent(screen.getByRole('dialog'), new Event('close'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays open when clicking inside it', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    await userEvent.click(screen.getByRole('textbox', { name: 'Email' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('Dialog focus trap', () => {
  it('wraps Tab from the last control to the first and Shift+Tab back', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    const close = screen.getByRole('button', { name: 'Close' });
    const email = screen.getByRole('textbox', { name: 'Email' });
    // jsdom lays nothing out; give the controls a box so they count as focusable.
    for (const element of [close, email]) element.getClientRects = () => [{}] as unknown as DOMRectList;
    email.focus();
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(email).toHaveFocus();
  });
});

describe('full-screen Dialog', () => {
  function FullScreenHarness() {
    const [open, setOpen] = useState(false);
    return (
      <ThemeProvider theme={theme}>
        <button type="button" onClick={() => setOpen(true)}>
          menu
        </button>
        <Dialog
          id="menu"
          open={open}
          onClose={() => setOpen(false)}
          title="Menu"
          closeLabel="Close menu"
          fullScreen
          decoration={<span>BRAND</span>}
        >
          <a href="/x">X</a>
        </Dialog>
      </ThemeProvider>
    );
  }

  it('is still named by its title while the top bar shows the decoration', async () => {
    render(<FullScreenHarness />);
    await userEvent.click(screen.getByRole('button', { name: 'menu' }));
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(dialog).toHaveAttribute('id', 'menu');
    expect(screen.getByRole('heading', { name: 'Menu' })).toHaveClass('visually-hidden');
    expect(screen.getByText('BRAND').parentElement).toHaveAttribute('aria-hidden', 'true');
  });

  it('closes on its labelled close button, returning focus, and locks page scrolling only while open', async () => {
    document.body.style.overflow = 'clip';
    render(<FullScreenHarness />);
    const opener = screen.getByRole('button', { name: 'menu' });
    await userEvent.click(opener);
    expect(document.body.style.overflow).toBe('hidden');
    await userEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(document.body.style.overflow).toBe('clip');
    document.body.style.overflow = '';
  });

  it('leaves page scrolling alone for the centred dialog', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(document.body.style.overflow).toBe('');
  });
});

describe('Dialog open in the server’s HTML', () => {
  function OpenAtFirst() {
    const [open, setOpen] = useState(true);
    return (
      <ThemeProvider theme={theme}>
        <Dialog open={open} onClose={() => setOpen(false)} title="JOIN_SIDE_QUEST">
          <input aria-label="Email" />
        </Dialog>
      </ThemeProvider>
    );
  }

  it('carries the open attribute and a close button that works without JavaScript', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<OpenAtFirst />);
    const dialog = container.querySelector('dialog');
    expect(dialog).toHaveAttribute('open');
    const close = container.querySelector('button[aria-label="Close"]') as HTMLButtonElement;
    expect(close).toHaveAttribute('type', 'submit');
    expect(close.form).toHaveAttribute('method', 'dialog');
  });

  it('becomes a modal once hydrated, without a hydration error, and closes as usual', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<OpenAtFirst />);
    document.body.appendChild(container);
    const showModal = jest.spyOn(HTMLDialogElement.prototype, 'showModal');
    const recoverable = jest.fn();
    const root = await act(async () =>
      hydrateRoot(container, <OpenAtFirst />, { onRecoverableError: recoverable }),
    );
    try {
      expect(recoverable).not.toHaveBeenCalled();
      expect(showModal).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('dialog', { name: 'JOIN_SIDE_QUEST' })).toHaveAttribute('open');
      await userEvent.click(screen.getByRole('button', { name: 'Close' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    } finally {
      showModal.mockRestore();
      act(() => root.unmount());
      container.remove();
    }
  });

  it('stays closed when the visitor closed it before the page hydrated', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<OpenAtFirst />);
    document.body.appendChild(container);
    // Its method="dialog" close button, pressed before any script ran.
    container.querySelector('dialog')!.removeAttribute('open');
    const showModal = jest.spyOn(HTMLDialogElement.prototype, 'showModal');
    const root = await act(async () => hydrateRoot(container, <OpenAtFirst />));
    try {
      expect(showModal).not.toHaveBeenCalled();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    } finally {
      showModal.mockRestore();
      act(() => root.unmount());
      container.remove();
    }
  });
});
