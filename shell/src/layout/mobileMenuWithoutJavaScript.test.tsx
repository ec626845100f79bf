import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import type { ReactElement } from 'react';
import { ThemeProvider } from 'styled-components';
import { QueryClientProvider } from '@side-quest/data/query';
import { theme, useLocation } from '@side-quest/design';
import { MemoryRouter } from '@side-quest/design/memory-router';
import { createQueryClient } from '@side-quest/data';
import { renderWithProviders, setTestRuntimeConfig } from '../testing/renderWithProviders';
import { DialogsProvider } from '../dialogs/DialogsProvider';
import { Header } from './Header';
import { preloadMobileMenu } from './lazyMobileMenu';

jest.mock('../federation/sections', () => ({ preloadSection: jest.fn() }));

// The menu's chunk, in before rendering, as on the server (which renders once everything has loaded)
// and in the browser at ?menu=open (the bootstrap loads it before hydrating).
beforeAll(() => preloadMobileMenu());

function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

const location = () => screen.getByTestId('location').textContent;

const renderSite = (route: string) =>
  renderWithProviders(
    <>
      <Header />
      <LocationProbe />
    </>,
    { route },
  );

/** The header as the server and the browser's first render see it at `route`. */
const site = (route: string): ReactElement => (
  <ThemeProvider theme={theme}>
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[route]}>
        <DialogsProvider>
          <Header />
          <LocationProbe />
        </DialogsProvider>
      </MemoryRouter>
    </QueryClientProvider>
  </ThemeProvider>
);

/** The header's HTML as the server renders it at `route`, in the document. */
function serverHtml(route: string): HTMLElement {
  document.body.innerHTML = `<div>${renderToString(site(route))}</div>`;
  return document.body.firstElementChild as HTMLElement;
}

const query = (form: HTMLFormElement, submitter?: HTMLButtonElement) => {
  const data = new URLSearchParams(new FormData(form) as unknown as Record<string, string>);
  if (submitter?.name) data.append(submitter.name, submitter.value);
  return data.toString();
};

beforeEach(() => setTestRuntimeConfig());

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the mobile menu without JavaScript', () => {
  it('opens from a submit button of a GET form to the same page, keeping its query, with menu=open', () => {
    const root = serverHtml('/bounties?q=rust&skill=Go&dialog=join');
    const button = within(root).getByRole('button', { name: 'Open menu' }) as HTMLButtonElement;
    expect(button).toHaveAttribute('type', 'submit');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveAttribute('aria-controls', 'mobile-menu');
    const form = button.form as HTMLFormElement;
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/bounties');
    // The page's own query stays; a dialog's parameters do not.
    expect(query(form, button)).toBe('q=rust&skill=Go&menu=open');
  });

  it('is open in the server’s HTML at ?menu=open, with plain links, a native close and Log In', () => {
    const root = serverHtml('/about?x=1&menu=open');
    const menu = root.querySelector('dialog[open]') as HTMLDialogElement;
    expect(menu).toHaveAccessibleName('Menu');
    expect(menu).toHaveAttribute('id', 'mobile-menu');
    expect(within(root).getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/bounties', '/compass', '/blog', '/for-clients', '/about']);
    expect(within(menu).getByRole('button', { name: 'Close menu' }).closest('form')).toHaveAttribute(
      'method',
      'dialog',
    );
    // Its Log In reloads the page with the Log In dialog open and the menu closed.
    const logIn = within(menu).getByRole('button', { name: 'Log In' }) as HTMLButtonElement;
    expect(logIn).toHaveAttribute('type', 'submit');
    expect(logIn.form).toHaveAttribute('method', 'get');
    expect(logIn.form).toHaveAttribute('action', '/about');
    expect(query(logIn.form as HTMLFormElement, logIn)).toBe('x=1&dialog=join');
    // Reopening it from the open menu's page does not repeat the parameter.
    const menuButton = within(root).getByRole('button', { name: 'Open menu' }) as HTMLButtonElement;
    expect(query(menuButton.form as HTMLFormElement, menuButton)).toBe('x=1&menu=open');
    // Without the parameter the menu is closed in the HTML.
    expect(serverHtml('/about').querySelector('dialog[open]')).toBeNull();
  });

  it('hydrates the server’s open menu without a mismatch and makes it modal', async () => {
    const route = '/about?menu=open';
    const container = serverHtml(route);
    const showModal = jest.spyOn(HTMLDialogElement.prototype, 'showModal');
    const recoverable = jest.fn();
    const root = await act(async () =>
      hydrateRoot(container, site(route), { onRecoverableError: recoverable }),
    );
    try {
      expect(recoverable).not.toHaveBeenCalled();
      expect(showModal).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('dialog', { name: 'Menu' })).toHaveAttribute('open');
    } finally {
      showModal.mockRestore();
      act(() => root.unmount());
    }
  });
});

describe('the mobile menu with JavaScript', () => {
  it('opens on click without submitting or navigating', () => {
    renderSite('/bounties?q=rust');
    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    expect(fireEvent.click(menuButton)).toBe(false);
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(location()).toBe('/bounties?q=rust');
  });

  it('opened by ?menu=open, leaves the URL when closed', async () => {
    renderSite('/bounties?q=rust&menu=open');
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/bounties?q=rust'));
  });

  it('opened by ?menu=open, its Log In opens the Log In dialog without reloading', async () => {
    renderSite('/about?menu=open');
    const logIn = within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('button', {
      name: 'Log In',
    });
    expect(fireEvent.click(logIn)).toBe(false);
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'JOIN_SIDE_QUEST' })).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/about'));
  });

  it('opened by ?menu=open, a link leads to its page', async () => {
    renderSite('/about?menu=open');
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('link', { name: 'Bounties' }),
    );
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/bounties'));
  });
});
