import { screen, within } from '@testing-library/react';
import AllStoriesPage from './AllStoriesPage';
import { listStories } from '../data/storySource';
import { renderPage } from '../testing/render';
import { storyFixture } from '../testing/storyFixture';

jest.mock('../data/storySource', () => {
  const actual = jest.requireActual('../data/storySource');
  return { ...actual, listStories: jest.fn(actual.listStories) };
});
const mockedListStories = listStories as jest.MockedFunction<typeof listStories>;
const realListStories = jest.requireActual('../data/storySource').listStories as typeof listStories;

afterEach(() => mockedListStories.mockImplementation(realListStories));

describe('AllStoriesPage (/blog/all)', () => {
  it('lists every story newest first, with no further "view all" link', async () => {
    renderPage(<AllStoriesPage />, { route: '/blog/all' });
    expect(screen.getByRole('heading', { level: 1, name: 'All Success Stories' })).toBeInTheDocument();
    const cards = await screen.findAllByRole('article');
    expect(
      cards.map((card) =>
        within(card)
          .getByRole('link', { name: /Read Full Story/ })
          .getAttribute('href'),
      ),
    ).toEqual([
      '/blog/nested-skills-research',
      '/blog/deepseek-ai-sidequest',
      '/blog/how-to-sidequest-guide',
    ]);
    expect(screen.queryByRole('link', { name: 'View All Stories' })).toBeNull();
  });

  it('shows more than 3 stories when they exist', async () => {
    mockedListStories.mockResolvedValue(
      ['a', 'b', 'c', 'd', 'e'].map((id) => storyFixture({ id, slug: id })),
    );
    renderPage(<AllStoriesPage />, { route: '/blog/all' });
    expect(await screen.findAllByRole('article')).toHaveLength(5);
  });

  it('shares the list states: placeholders, failure and empty', async () => {
    mockedListStories.mockReturnValue(new Promise(() => undefined));
    const loading = renderPage(<AllStoriesPage />, { route: '/blog/all' });
    expect(screen.getAllByTestId('story-placeholder')).toHaveLength(3);
    loading.unmount();

    mockedListStories.mockRejectedValue(new Error('boom'));
    const failing = renderPage(<AllStoriesPage />, { route: '/blog/all' });
    expect(await screen.findByText('Failed to load stories')).toBeInTheDocument();
    expect(screen.getByText('boom')).toBeInTheDocument();
    failing.unmount();

    mockedListStories.mockResolvedValue([]);
    renderPage(<AllStoriesPage />, { route: '/blog/all' });
    expect(await screen.findByText('No stories yet')).toBeInTheDocument();
  });
});
