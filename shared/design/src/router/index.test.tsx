import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
} from '.';
import { MemoryRouter } from './memoryRouter';
import { StaticRouter } from './staticRouter';

function Where() {
  const location = useLocation();
  return (
    <p data-testid="where">
      {useNavigationType()} {location.pathname}
      {location.search}
    </p>
  );
}

function Bounty() {
  const { id } = useParams<{ id: string }>();
  return <h1>Bounty {id}</h1>;
}

function Site() {
  return (
    <>
      <nav>
        <NavLink to="/">Home</NavLink>
        <NavLink to="/bounties">Bounties</NavLink>
        <Link to="/bounty/42">Bounty 42</Link>
        <Link to="/about" reloadDocument>
          About
        </Link>
      </nav>
      <Routes>
        <Route path="/" element={<h1>Landing</h1>} />
        <Route path="/bounties" element={<h1>Bounties</h1>} />
        <Route path="/bounty/:id" element={<Bounty />} />
        <Route path="/old" element={<Navigate to="/bounties" replace />} />
        <Route path="*" element={<h1>Not found</h1>} />
      </Routes>
      <Where />
    </>
  );
}

describe('the router', () => {
  it('renders the matching route with its params, and a link click navigates inside the app', async () => {
    render(
      <MemoryRouter initialEntries={['/bounties']}>
        <Site />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading')).toHaveTextContent('Bounties');
    expect(screen.getByRole('link', { name: 'Bounties' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');

    await userEvent.click(screen.getByRole('link', { name: 'Bounty 42' }));
    expect(screen.getByRole('heading')).toHaveTextContent('Bounty 42');
    expect(screen.getByTestId('where')).toHaveTextContent('PUSH /bounty/42');
    expect(screen.getByRole('link', { name: 'Bounties' })).not.toHaveAttribute('aria-current');
  });

  it('leaves a link that reloads the document to the browser', async () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Site />
      </MemoryRouter>,
    );
    const about = screen.getByRole('link', { name: 'About' });
    expect(about).toHaveAttribute('href', '/about');
    // Seen after React's handler; then stopped, as jsdom cannot load another document.
    let preventedByTheApp: boolean | undefined;
    window.addEventListener(
      'click',
      (event) => {
        preventedByTheApp = event.defaultPrevented;
        event.preventDefault();
      },
      { once: true },
    );
    await userEvent.click(about);
    expect(preventedByTheApp).toBe(false);
    expect(screen.getByRole('heading')).toHaveTextContent('Landing');
  });

  it('redirects with Navigate, replacing the entry, and shows the catch-all for an unknown path', () => {
    const { unmount } = render(
      <MemoryRouter initialEntries={['/old']}>
        <Site />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading')).toHaveTextContent('Bounties');
    expect(screen.getByTestId('where')).toHaveTextContent('REPLACE /bounties');
    unmount();
    render(
      <MemoryRouter initialEntries={['/no/such/page']}>
        <Site />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading')).toHaveTextContent('Not found');
  });

  it('renders the server’s one location without navigating', () => {
    render(
      <StaticRouter location="/bounty/7?tab=rules">
        <Site />
      </StaticRouter>,
    );
    expect(screen.getByRole('heading')).toHaveTextContent('Bounty 7');
    expect(screen.getByTestId('where')).toHaveTextContent('POP /bounty/7?tab=rules');
  });

  it('follows the browser’s history: pushState on navigation, back with popstate', async () => {
    window.history.replaceState(null, '', '/bounties');
    function Back() {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => navigate(-1)}>
          Back
        </button>
      );
    }
    render(
      <BrowserRouter>
        <Site />
        <Back />
      </BrowserRouter>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Bounty 42' }));
    expect(window.location.pathname).toBe('/bounty/42');
    expect(screen.getByRole('heading')).toHaveTextContent('Bounty 42');

    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(window.location.pathname).toBe('/bounties');
    expect(screen.getByRole('heading')).toHaveTextContent('Bounties');
    expect(screen.getByTestId('where')).toHaveTextContent('POP /bounties');
  });
});
