import type { ReactNode } from 'react';
import { render as renderTree, screen, within } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { theme } from '@side-quest/design';
import { MemoryRouter } from '@side-quest/design/memory-router';
import { PageLoading, PageNotFound } from '@side-quest/design/page-states';

function render(page: ReactNode) {
  return renderTree(
    <ThemeProvider theme={theme}>
      <MemoryRouter>{page}</MemoryRouter>
    </ThemeProvider>,
  );
}

function head(name: string) {
  return document.head.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? null;
}

describe('PageLoading', () => {
  it('shows the heading and a grey block for each placeholder, in a container marked busy', () => {
    const { container } = render(
      <PageLoading
        title="Loading Bounty..."
        heading="Loading Bounty..."
        blocks={['14rem', { height: '1rem', width: '40%' }]}
        data-testid="placeholder"
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Loading Bounty...' })).toBeInTheDocument();
    expect(container.firstElementChild).toHaveAttribute('aria-busy', 'true');
    const blocks = screen.getByTestId('placeholder').children;
    expect(blocks).toHaveLength(2);
    expect(blocks[0]).toHaveStyle({ height: '14rem', width: '100%' });
    expect(blocks[1]).toHaveStyle({ height: '1rem', width: '40%' });
    expect(document.title).toBe('Loading Bounty... | Side Quest');
  });

  it('without a heading or head: only the blocks, and the tab title left as it is', () => {
    document.title = 'Before';
    const { container } = render(<PageLoading blocks={['20rem']} data-testid="placeholder" />);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(container.firstElementChild).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByTestId('placeholder').children).toHaveLength(1);
    expect(screen.getByTestId('placeholder')).not.toHaveStyle({ marginTop: '1.5rem' });
    expect(document.title).toBe('Before');
  });
});

describe('PageNotFound', () => {
  it('shows the heading, why, and the link back, with a head search engines do not index', () => {
    const view = render(
      <PageNotFound
        description="Your organisation."
        heading="Organisation not found"
        message="There is no organisation here that you belong to."
        back={{ to: '/sponsor', label: 'Your organisations' }}
      />,
    );
    const heading = screen.getByRole('heading', { level: 1, name: 'Organisation not found' });
    const page = heading.parentElement!;
    expect(within(page).getByText('There is no organisation here that you belong to.')).toBeInTheDocument();
    expect(within(page).getByRole('link', { name: 'Your organisations' })).toHaveAttribute(
      'href',
      '/sponsor',
    );
    expect(page).not.toHaveAttribute('aria-busy');
    expect(document.title).toBe('Page Not Found | Side Quest');
    expect(head('description')).toBe('Your organisation.');
    expect(head('robots')).toBe('noindex');
    view.unmount();
    expect(head('robots')).toBeNull();
  });
});
