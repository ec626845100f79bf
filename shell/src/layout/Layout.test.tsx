import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useNavigate } from '@side-quest/design';
import { renderWithProviders, setTestRuntimeConfig, withProviders } from '../testing/renderWithProviders';
import { Layout } from './Layout';
import { AccountMenu } from './AccountMenu';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';

jest.mock('../federation/sections', () => ({ preloadSection: jest.fn() }));

function Page({ title }: { title: string }) {
  return <h1>{title}</h1>;
}

/** A page whose heading appears late, like a remote section that is still loading. */
function SlowPage() {
  return <p>loading…</p>;
}

/** jsdom applies no media queries (so the desktop nav counts as hidden) and names no hidden element. */
function desktopNav(): HTMLElement {
  const nav = document.querySelector<HTMLElement>('nav[aria-label="Main"]');
  if (!nav) throw new Error('no desktop navigation');
  return nav;
}

function renderSite(route = '/') {
  return renderWithProviders(
    <Layout>
      <Routes>
        <Route path="/" element={<Page title="Home" />} />
        <Route path="/bounties" element={<Page title="Bounties page" />} />
        <Route path="/about" element={<Page title="About page" />} />
        <Route path="/compass" element={<SlowPage />} />
        <Route path="*" element={<Page title="Other" />} />
      </Routes>
    </Layout>,
    { route },
  );
}

describe('header', () => {
  beforeEach(() => setTestRuntimeConfig());

  it('has the brand linking home and the navigation in the product order, marking the current page', () => {
    renderSite('/about');
    expect(screen.getByRole('link', { name: 'SIDE_QUEST' })).toHaveAttribute('href', '/');
    const nav = desktopNav();
    const links = within(nav).getAllByRole('link', { hidden: true });
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Bounties', '/bounties'],
      ['Compass', '/compass'],
      ['Stories', '/blog'],
      ['For Clients', '/for-clients'],
      ['About', '/about'],
    ]);
    expect(within(nav).getByText('About')).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByText('Bounties')).not.toHaveAttribute('aria-current');
  });

  it('opens the Log In dialog', async () => {
    renderSite();
    await userEvent.click(screen.getByRole('button', { name: 'Log In', hidden: true }));
    expect(screen.getByRole('dialog', { name: 'JOIN_SIDE_QUEST' })).toBeInTheDocument();
  });
});

/** jsdom lays nothing out; the dialog's focus trap skips controls without a box. */
function giveBoxes(container: HTMLElement) {
  for (const element of container.querySelectorAll<HTMLElement>('a[href], button')) {
    element.getClientRects = () => [{}] as unknown as DOMRectList;
  }
}

describe('mobile menu', () => {
  beforeEach(() => setTestRuntimeConfig());

  it('shows the brand, the same links, Log In and a close button; a link closes it', async () => {
    renderSite();
    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menuButton);
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(menu).toHaveAttribute('id', menuButton.getAttribute('aria-controls'));
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(menu).toHaveTextContent('SIDE_QUEST');
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Bounties', 'Compass', 'Stories', 'For Clients', 'About']);
    expect(within(menu).getByRole('button', { name: 'Log In' })).toBeInTheDocument();
    await userEvent.click(within(menu).getByRole('link', { name: 'Bounties' }));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Bounties page');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes with its close button or Escape and gives focus back to the menu button', async () => {
    renderSite();
    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    await userEvent.click(menuButton);
    await userEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
    await userEvent.click(menuButton);
    // Browsers turn Escape on a modal dialog into `cancel`; jsdom does not.
    fireEvent(screen.getByRole('dialog', { name: 'Menu' }), new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
  });

  it('keeps Tab inside the open menu, starting from the close button', async () => {
    renderSite();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    const close = within(menu).getByRole('button', { name: 'Close menu' });
    // showModal() focuses the first control, which jsdom's stand-in does not do.
    expect(menu.querySelector('a[href], button')).toBe(close);
    giveBoxes(menu);
    close.focus();
    await userEvent.tab({ shift: true });
    expect(within(menu).getByRole('button', { name: 'Log In' })).toHaveFocus();
    await userEvent.tab();
    expect(within(menu).getByRole('button', { name: 'Close menu' })).toHaveFocus();
  });

  it('closes on Log In and opens the Log In dialog', async () => {
    renderSite();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('button', { name: 'Log In' }),
    );
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'JOIN_SIDE_QUEST' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });

  it('keeps the page behind it from scrolling while open', async () => {
    renderSite();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(document.body.style.overflow).toBe('hidden');
    await userEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(document.body.style.overflow).toBe('');
  });
});

describe('footer', () => {
  beforeEach(() => setTestRuntimeConfig());

  it('has the Platform, Company and Legal columns with their links', () => {
    renderSite();
    const footer = screen.getByRole('contentinfo');
    const column = (name: string) =>
      within(within(footer).getByRole('navigation', { name }))
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(column('Platform')).toEqual([
      ['Bounties', '/bounties'],
      ['Value Compass', '/compass'],
      ['Success Stories', '/blog'],
      ['For Businesses', '/for-clients'],
    ]);
    expect(column('Company')).toEqual([
      ['About Us', '/about'],
      ['Blog', '/blog'],
    ]);
    expect(column('Legal')).toEqual([
      ['Terms of Service', '#'],
      ['Privacy Policy', '#'],
      ['Cookie Policy', '#'],
    ]);
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Side Quest`);
  });

  it('opens the post-challenge dialog from Contact', async () => {
    renderSite();
    await userEvent.click(within(screen.getByRole('contentinfo')).getByRole('button', { name: 'Contact' }));
    expect(screen.getByRole('dialog', { name: 'POST_CHALLENGE' })).toBeInTheDocument();
  });
});

describe('route changes', () => {
  beforeEach(() => setTestRuntimeConfig());

  it('scroll to the top and move focus to the new page’s main heading', async () => {
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderSite();
    scrollTo.mockClear();
    const nav = desktopNav();
    await userEvent.click(within(nav).getByText('About'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(screen.getByRole('heading', { level: 1, name: 'About page' })).toHaveFocus();
    scrollTo.mockRestore();
  });

  it('leave the scroll position alone on the first render: a server-rendered page the reader has already scrolled keeps its place when the app starts', () => {
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderSite();
    expect(scrollTo).not.toHaveBeenCalled();
    scrollTo.mockRestore();
  });

  it('wait for a late heading, as a loading remote section renders it', async () => {
    function Navigator() {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => navigate('/compass')}>
          go
        </button>
      );
    }
    renderWithProviders(
      <>
        <Navigator />
        <Layout>
          <Routes>
            <Route path="/" element={<Page title="Home" />} />
            <Route path="/compass" element={<SlowPage />} />
          </Routes>
        </Layout>
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'go' }));
    const heading = document.createElement('h1');
    heading.textContent = 'Compass';
    act(() => void screen.getByRole('main').appendChild(heading));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(heading).toHaveFocus();
  });
});

describe('the header for a signed-in person', () => {
  it("shows the person's name where Log In was, opening a menu of their pages and Sign out", async () => {
    renderWithProviders(
      <Layout>
        <Routes>
          <Route path="*" element={<Page title="Home" />} />
        </Routes>
      </Layout>,
      { viewer: { name: '', email: 'grace@example.com', handle: null, role: 'talent' } },
    );
    // jsdom applies no media queries, so the desktop header counts as hidden: asked for with hidden.
    expect(screen.queryByRole('button', { name: 'Log In', hidden: true })).not.toBeInTheDocument();
    const menu = screen.getByText('grace').closest('details') as HTMLDetailsElement;
    await userEvent.click(within(menu).getByLabelText('Account menu for grace'));
    expect(menu.open).toBe(true);
    expect(within(menu).getByRole('link', { name: 'Account', hidden: true })).toHaveAttribute(
      'href',
      '/account',
    );
    expect(within(menu).getByRole('link', { name: 'My submissions', hidden: true })).toHaveAttribute(
      'href',
      '/account/submissions',
    );
    expect(within(menu).getByRole('link', { name: 'My organisations', hidden: true })).toHaveAttribute(
      'href',
      '/sponsor',
    );
    expect(
      within(menu).getByRole('button', { name: 'Sign out', hidden: true }).closest('form'),
    ).toHaveAttribute('action', '/sign-out');
  });
});

describe('the account menu before hydration', () => {
  it('stays open when it was opened before the page hydrated', async () => {
    const viewer = { name: 'Ada', email: 'ada@example.com', handle: null, role: 'talent' as const };
    const page = () => withProviders(<AccountMenu viewer={viewer} />);
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(page());
    // The visitor opens the menu on the server's HTML, before the scripts ran.
    (container.querySelector('details') as HTMLDetailsElement).open = true;
    // React's development build reports the attributes that differ from the server's (the open menu
    // among them); what counts here is what the page does after hydrating.
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await act(async () => {
        hydrateRoot(container, page());
      });
    } finally {
      quiet.mockRestore();
    }
    expect((container.querySelector('details') as HTMLDetailsElement).open).toBe(true);
    container.remove();
  });
});
