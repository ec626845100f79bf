import { screen } from '@testing-library/react';
import StoryDetailPage from './StoryDetailPage';
import { renderPage } from '../testing/render';

// The markdown renderer's chunk cannot be fetched (e.g. a deploy removed it while the tab was open).
jest.mock('./MarkdownBody', () => {
  throw new Error('Loading chunk story-markdown failed');
});

describe('StoryDetailPage when the markdown renderer fails to load', () => {
  it('keeps the story readable as plain text, with its title and footer', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage(<StoryDetailPage />, { route: '/blog/how-to-sidequest-guide', path: '/blog/:slug' });
    expect(
      await screen.findByText('The formatted story could not be loaded; showing it as plain text.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('How to Side Quest');
    expect(screen.getByText(/You have opened the \[bounty marketplace\]/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore Bounties' })).toBeInTheDocument();
  });
});
