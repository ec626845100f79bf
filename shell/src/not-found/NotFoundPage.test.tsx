import { screen } from '@testing-library/react';
import { renderWithProviders, setTestRuntimeConfig } from '../testing/renderWithProviders';
import { NotFoundPage } from './NotFoundPage';

describe('NotFoundPage', () => {
  beforeEach(() => setTestRuntimeConfig());

  it('says the page was not found, links home and asks search engines not to index it', () => {
    renderWithProviders(<NotFoundPage />, { route: '/no/such/page' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Page Not Found');
    expect(screen.getByText("You didn't see this page....")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Back Home' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Page Not Found | Side Quest');
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });
});
