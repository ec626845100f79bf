import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storyPreviewImage } from '@side-quest/design';
import StoryDetailPage from './StoryDetailPage';
import { storyPreviewCard } from './storyDetailRules';
import { getStoryBySlug } from '../data/storySource';
import { renderPage } from '../testing/render';
import { storyFixture } from '../testing/storyFixture';

jest.mock('../data/storySource', () => {
  const actual = jest.requireActual('../data/storySource');
  return { ...actual, getStoryBySlug: jest.fn(actual.getStoryBySlug) };
});
const mockedGetStory = getStoryBySlug as jest.MockedFunction<typeof getStoryBySlug>;
const realGetStory = jest.requireActual('../data/storySource').getStoryBySlug as typeof getStoryBySlug;

afterEach(() => mockedGetStory.mockImplementation(realGetStory));

function renderStory(slug: string) {
  return renderPage(<StoryDetailPage />, { route: `/blog/${slug}`, path: '/blog/:slug' });
}

function jsonLd(): Record<string, unknown> {
  const script = document.querySelector('script[type="application/ld+json"]');
  return JSON.parse(script?.textContent ?? 'null');
}

describe('StoryDetailPage (/blog/:slug)', () => {
  it('keeps the body the server rendered into the page instead of parsing the markdown again', async () => {
    // What server rendering left in the document before hydration.
    const leftover = document.createElement('div');
    leftover.dataset.storyBody = 'deepseek-ai-sidequest';
    leftover.innerHTML = '<h2>Rendered on the server</h2><p><a href="/bounties">Find a bounty</a></p>';
    document.body.append(leftover);
    try {
      renderStory('deepseek-ai-sidequest');
      const body = await screen.findByTestId('story-body');
      leftover.remove();
      expect(within(body).getByRole('heading', { name: 'Rendered on the server' })).toBeInTheDocument();
      // Its internal links stay in the app.
      await userEvent.click(within(body).getByRole('link', { name: 'Find a bounty' }));
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/bounties$/);
    } finally {
      leftover.remove();
    }
  });

  it("shows a skeleton titled 'Loading Story...' while the story loads", () => {
    mockedGetStory.mockReturnValue(new Promise(() => undefined));
    renderStory('anything');
    expect(screen.getByTestId('story-skeleton')).toHaveAttribute('aria-busy', 'true');
    expect(document.title).toBe('Loading Story... | Side Quest');
  });

  it('shows the not-found panel for an unknown slug', async () => {
    renderStory('no-such-story');
    expect(await screen.findByRole('heading', { level: 1, name: 'Story not found' })).toBeInTheDocument();
    expect(
      screen.getByText("The story you're looking for doesn't exist or has been removed."),
    ).toBeInTheDocument();
    expect(document.title).toBe('Story Not Found | Side Quest');
    await userEvent.click(screen.getByRole('link', { name: 'Browse all stories' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/blog$/);
  });

  it("shows 'Failed to load story' with the error when loading fails", async () => {
    mockedGetStory.mockRejectedValue(new Error('disk on fire'));
    renderStory('deepseek-ai-sidequest');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Failed to load story' })).toBeInTheDocument();
    expect(within(alert).getByText('disk on fire')).toBeInTheDocument();
  });

  it('shows a built-in story: title, author, proven skills, main image, markdown body and footer', async () => {
    renderStory('deepseek-ai-sidequest');
    const title = 'From Late-Night Experiments to a Paid AI Bounty with Open DeepSeek Models';
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText('Mara Okafor')).toBeInTheDocument();
    expect(screen.getByText('Proved competence in')).toHaveTextContent(
      'Proved competence in Python, LLM Inference, vLLM, Evaluation Design',
    );
    expect(screen.getByTestId('story-main-image')).toHaveAttribute('src', 'test-file-stub');
    // The lazily loaded markdown body, its '#' sections rendered as h2.
    expect(
      await screen.findByRole('heading', { level: 2, name: 'The bounty that caught my eye' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 3, name: 'Step one: reproduce the baseline' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'vLLM' })).toHaveAttribute('href', 'https://docs.vllm.ai/');
    expect(document.title).toBe(`${title} | Side Quest`);
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      expect.stringContaining('A backend developer turned her evenings'),
    );
    expect(screen.getByRole('link', { name: 'Explore Bounties' })).toHaveAttribute('href', '/bounties');
    await userEvent.click(screen.getByRole('link', { name: 'Back to Stories' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/blog$/);
  });

  it('attaches Article structured data with the body cut at 5000 characters', async () => {
    renderStory('nested-skills-research');
    await screen.findByRole('heading', { level: 1 });
    const data = jsonLd();
    expect(data).toMatchObject({
      '@type': 'Article',
      headline: 'Nested Skills: What One Solved Bounty Really Proves',
      author: { '@type': 'Person', name: 'Priya Raman' },
      datePublished: '2025-06-02',
    });
    expect(String(data.articleBody)).toHaveLength(5000);
    expect(String(data.articleBody)).toMatch(/^Every bounty on Side Quest has a skill list/);
  });

  it('keeps hostile story content inert: JSON-LD cannot break out, markdown links and HTML are dropped', async () => {
    mockedGetStory.mockResolvedValue(
      storyFixture({
        title: 'Evil </script><script>window.pwned = 1</script>',
        content:
          '# Hi\n\n[x](javascript:window.pwned=1)\n\n<script>window.pwned = 1</script>\n\n<img src=x onerror="window.pwned=1">',
      }),
    );
    renderStory('a-story');
    await screen.findByRole('heading', { level: 2, name: 'Hi' });
    const scripts = Array.from(document.querySelectorAll('script'));
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.textContent).not.toMatch(/<\/script/i);
    expect(screen.getByTestId('story-body').querySelector('a, img, script')).toBeNull();
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();
  });

  it('uses the thumbnail, then the author image, as the main image when there are no imageUrls', async () => {
    mockedGetStory.mockResolvedValue(
      storyFixture({ imageUrls: [], thumbnailUrl: '', authorImageUrl: '/me.svg' }),
    );
    renderStory('a-story');
    await waitFor(() => expect(screen.getByTestId('story-main-image')).toHaveAttribute('src', '/me.svg'));
  });
});

describe("the page's link-preview image", () => {
  it("links the image the server draws of the story's card (StoryDetailPage.server.test.ts)", async () => {
    const story = await getStoryBySlug('deepseek-ai-sidequest');
    renderStory('deepseek-ai-sidequest');
    await screen.findByRole('heading', { level: 1, name: story!.title });
    const image = storyPreviewImage('deepseek-ai-sidequest', storyPreviewCard(story!));
    expect(document.querySelector('meta[property="og:image"]')?.getAttribute('content')).toMatch(
      new RegExp(`${image.replace(/[?.]/g, '\\$&')}$`),
    );
    expect(document.querySelector('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  });
});
