import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../testing/renderWithProviders';
import { ReleaseBanner } from './ReleaseBanner';

describe('ReleaseBanner', () => {
  it('shows nothing while no release is overridden', () => {
    renderWithProviders(<ReleaseBanner overrides={[]} />);
    expect(screen.queryByRole('complementary', { name: 'Release overrides' })).toBeNull();
  });

  it('names each overridden section and its release', () => {
    renderWithProviders(
      <ReleaseBanner
        overrides={[
          { name: 'compass', label: 'Value Compass', version: '1.4.0-abc1234' },
          { name: 'stories', label: 'Success Stories', version: '2.0.0-def5678' },
        ]}
      />,
    );
    const banner = screen.getByRole('complementary', { name: 'Release overrides' });
    expect(banner).toHaveTextContent(
      'This browser runs Value Compass on release 1.4.0-abc1234, Success Stories on release 2.0.0-def5678.',
    );
  });

  it('resets through a GET form to the same page, keeping its other query parameters', () => {
    renderWithProviders(
      <ReleaseBanner overrides={[{ name: 'compass', label: 'Value Compass', version: '1.4.0-abc1234' }]} />,
      { route: '/bounties?q=api&release=compass%401.0.0&domain=Data' },
    );
    const banner = screen.getByRole('complementary', { name: 'Release overrides' });
    const reset = within(banner).getByRole('button', { name: 'Reset' });
    const form = reset.closest('form') as HTMLFormElement;
    expect(form.method).toBe('get');
    expect(form.getAttribute('action')).toBe('/bounties');
    expect(Object.fromEntries(new FormData(form))).toEqual({ q: 'api', domain: 'Data', release: 'reset' });
    expect(reset).toHaveAttribute('type', 'submit');
  });
});
