import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import StoriesPage from './StoriesPage';
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

function cards() {
  return screen.getAllByRole('article');
}

describe('StoriesPage (/blog)', () => {
  it('shows 3 loading placeholders while the stories load', () => {
    mockedListStories.mockReturnValue(new Promise(() => undefined));
    renderPage(<StoriesPage />, { route: '/blog' });
    expect(screen.getByRole('heading', { level: 1, name: 'Success Stories' })).toBeInTheDocument();
    expect(screen.getAllByTestId('story-placeholder')).toHaveLength(3);
    expect(screen.queryByRole('article')).toBeNull();
  });

  it("shows 'Failed to load stories' with the error", async () => {
    mockedListStories.mockRejectedValue(new Error('network down'));
    renderPage(<StoriesPage />, { route: '/blog' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load stories')).toBeInTheDocument();
    expect(within(alert).getByText('network down')).toBeInTheDocument();
    expect(screen.queryAllByTestId('story-placeholder')).toHaveLength(0);
  });

  it("shows 'No stories yet' when there are none", async () => {
    mockedListStories.mockResolvedValue([]);
    renderPage(<StoriesPage />, { route: '/blog' });
    expect(await screen.findByText('No stories yet')).toBeInTheDocument();
    expect(
      screen.getByText('Check back soon for inspiring success stories from the community.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View All Stories' })).toBeNull();
  });

  it('shows the built-in stories as cards with thumbnail, title, skills, excerpt and a link', async () => {
    renderPage(<StoriesPage />, { route: '/blog' });
    await screen.findAllByRole('article');
    expect(cards()).toHaveLength(3);
    const first = cards()[0] as HTMLElement;
    expect(
      within(first).getByRole('heading', { name: 'Nested Skills: What One Solved Bounty Really Proves' }),
    ).toBeInTheDocument();
    expect(
      within(first).getByText(
        'Proved competence in Research Design, Technical Writing, Qualitative Analysis',
      ),
    ).toBeInTheDocument();
    expect(within(first).getByText(/Skill tags describe the tool/)).toBeInTheDocument();
    expect(first.querySelector('img')).toHaveAttribute('src', 'test-file-stub');
    expect(within(first).getByRole('link', { name: 'Read Full Story' })).toHaveAttribute(
      'href',
      '/blog/nested-skills-research',
    );
    // Exactly 3 stories: no link to the full list.
    expect(screen.queryByRole('link', { name: 'View All Stories' })).toBeNull();
  });

  it('falls back to the author image when a story has no thumbnail', async () => {
    mockedListStories.mockResolvedValue([
      storyFixture({ thumbnailUrl: undefined, authorImageUrl: '/me.svg' }),
    ]);
    renderPage(<StoriesPage />, { route: '/blog' });
    const [card] = await screen.findAllByRole('article');
    expect(card?.querySelector('img')).toHaveAttribute('src', '/me.svg');
  });

  it("shows the newest 3 and 'View All Stories' to /blog/all when there are more than 3", async () => {
    mockedListStories.mockResolvedValue(
      ['d', 'c', 'b', 'a'].map((id) => storyFixture({ id, slug: id, title: `Story ${id}` })),
    );
    renderPage(<StoriesPage />, { route: '/blog' });
    await screen.findAllByRole('article');
    expect(cards().map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Story d',
      'Story c',
      'Story b',
    ]);
    await userEvent.click(screen.getByRole('link', { name: 'View All Stories' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/blog/all');
  });

  it('opens a story from its card', async () => {
    renderPage(<StoriesPage />, { route: '/blog' });
    const [card] = await screen.findAllByRole('article');
    await userEvent.click(within(card as HTMLElement).getByRole('link', { name: /Read Full Story/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/blog/nested-skills-research');
  });
});
