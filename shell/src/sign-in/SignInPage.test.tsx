import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../testing/renderWithProviders';
import { SignInPage } from './SignInPage';

describe('the sign-in page', () => {
  it('asks for an e-mail address first, in a form posted to the server with where to return', () => {
    renderWithProviders(<SignInPage />, { route: '/sign-in?next=%2Faccount' });
    const email = screen.getByLabelText('E-mail address');
    const form = email.closest('form') as HTMLFormElement;
    expect(form).toHaveAttribute('action', '/sign-in');
    expect(form).toHaveAttribute('method', 'post');
    expect((form.elements.namedItem('next') as HTMLInputElement).value).toBe('/account');
    expect(email).toHaveAttribute('autocomplete', 'email');
  });

  it('asks for the code with one-time-code autocomplete, and says what was wrong', () => {
    renderWithProviders(<SignInPage />, { route: '/sign-in?step=code&error=wrong-code' });
    const code = screen.getByLabelText('Code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code.closest('form')).toHaveAttribute('action', '/sign-in/code');
    expect(code).toHaveAccessibleDescription(
      'That code is not right. Check the newest e-mail from us and try again.',
    );
  });

  it('ignores a next that leaves the site', () => {
    renderWithProviders(<SignInPage />, { route: '/sign-in?next=https%3A%2F%2Fevil.example%2F' });
    const form = screen.getByLabelText('E-mail address').closest('form') as HTMLFormElement;
    expect((form.elements.namedItem('next') as HTMLInputElement).value).toBe('/');
  });

  it('offers a passkey, says it needs JavaScript, and replays a click made before hydration', () => {
    renderWithProviders(<SignInPage />, { route: '/sign-in' });
    const passkeys = screen.getByRole('region', { name: 'With a passkey' });
    expect(within(passkeys).getByText(/Passkeys need JavaScript/)).toBeInTheDocument();
    const button = within(passkeys).getByRole('button', { name: 'Sign in with a passkey' });
    expect(button).toBeEnabled();
    expect(button).toHaveAttribute('data-replay', 'passkey:Sign in with a passkey');
  });

  it('tells someone already signed in who they are, with a way on and Sign out', () => {
    renderWithProviders(<SignInPage />, {
      route: '/sign-in',
      viewer: { name: 'Ada', email: 'ada@example.com', handle: null, role: 'talent' },
    });
    expect(screen.getByText('Ada')).toBeInTheDocument();
    expect(screen.queryByLabelText('E-mail address')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' }).closest('form')).toHaveAttribute(
      'action',
      '/sign-out',
    );
  });
});
