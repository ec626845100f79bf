import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, setTestRuntimeConfig } from '../testing/renderWithProviders';
import { AboutPage } from './AboutPage';
import { SOURCES, STATISTICS } from './aboutContent';

describe('AboutPage', () => {
  beforeEach(() => setTestRuntimeConfig());

  it('has every section the product lists, headings in order', () => {
    renderWithProviders(<AboutPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('About Side Quest');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Our Mission',
      'Our Philosophy: Five Core Values',
      'Key Concepts',
      'Why Now? The AI Context',
      'Start Your Side Quest',
    ]);
    expect(document.title).toBe('About | Side Quest');
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content');
  });

  it('lists five core values and the four key concepts', () => {
    renderWithProviders(<AboutPage />);
    const values = screen.getByRole('region', { name: 'Our Philosophy: Five Core Values' });
    expect(within(values).getAllByRole('listitem')).toHaveLength(5);
    const concepts = screen.getByRole('region', { name: 'Key Concepts' });
    expect(
      within(concepts)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Quests (bounties)', 'Proof of Competence', 'Golden Bridge', 'Value Compass']);
  });

  it('cites every statistic with a numbered footnote that names and links its source', () => {
    renderWithProviders(<AboutPage />);
    const stats = screen.getByRole('list', { name: 'AI and skills statistics' });
    const items = within(stats).getAllByRole('listitem');
    expect(items).toHaveLength(STATISTICS.length);
    for (const item of items) {
      const footnoteLink = within(item).getByRole('link', { name: /^Source \d$/ });
      const target = document.getElementById(footnoteLink.getAttribute('href')!.slice(1));
      expect(target).not.toBeNull();
      const sourceLink = within(target!).getByRole('link');
      expect(sourceLink.getAttribute('href')).toMatch(/^https:\/\//);
      expect(sourceLink).toHaveAttribute('rel', 'noopener noreferrer');
    }
    const footnotes = within(screen.getByRole('list', { name: 'Sources' })).getAllByRole('listitem');
    expect(footnotes.map((footnote) => footnote.textContent)).toEqual(
      SOURCES.map((source) => `${source.publisher}, ${source.name}, ${source.published}.`),
    );
  });

  it('ends with links to the bounties and a Create Account button that opens the sign-up dialog', async () => {
    renderWithProviders(<AboutPage />);
    expect(screen.getByRole('link', { name: 'Browse Bounties' })).toHaveAttribute('href', '/bounties');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByRole('dialog', { name: 'CREATE_ACCOUNT' })).toBeInTheDocument();
  });
});
