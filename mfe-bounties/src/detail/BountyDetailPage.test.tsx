import { screen, waitFor, within } from '@testing-library/react';
import * as data from '@side-quest/data/bounty-queries';
import { createQueryClient, type Bounty } from '@side-quest/data';
import { BOUNTY_LIST_KEY, bountyKey } from '@side-quest/data/bounty-queries';
import BountyDetailPage from './BountyDetailPage';
import { makeBounty, makeBountyList } from '@side-quest/data/testing';
import { renderPage } from '../testing/render';
import { errorResult, pendingResult } from '../testing/queryResults';

jest.mock('@side-quest/data/bounty-queries', () => {
  const actual = jest.requireActual('@side-quest/data/bounty-queries');
  return { ...actual, useBounty: jest.fn(actual.useBounty) };
});
const useBounty = data.useBounty as jest.MockedFunction<typeof data.useBounty>;
afterEach(() =>
  useBounty.mockImplementation(jest.requireActual('@side-quest/data/bounty-queries').useBounty),
);

const bounty = makeBounty({
  id: 'weld-1',
  item_title: 'Detect defective welds',
  platform_name: 'Ironvale Fabrication',
  summary_description: 'Flag likely weld defects for review.',
  full_bounty_description: 'Ironvale photographs every weld.\n\nTrain a classifier.',
  learnings: 'Imbalanced industrial data.',
  reward_amount: 13150,
  deadline: '2026-12-31',
  created_at: '2026-01-15T00:00:00.000Z',
  bounty_area: 'AI/ML',
  skill_tags: ['Computer Vision', 'PyTorch'],
  image_url: '/media/bounties/vision.svg',
  item_url: 'https://ironvale.example/apply',
});
const others = [
  makeBounty({ id: 'o1', item_title: 'Other AI', bounty_area: 'AI/ML', reward_amount: 100 }),
  makeBounty({
    id: 'o2',
    item_title: '',
    platform_name: '',
    summary_description: '',
    deadline: '',
    bounty_area: 'Software',
    skill_tags: ['pytorch'],
    reward_amount: 5000,
  }),
  makeBounty({ id: 'o3', item_title: 'Unrelated', bounty_area: 'Engineering', reward_amount: 99999 }),
];

function renderDetail(item: Bounty | null, id = item?.id ?? 'missing') {
  const queryClient = createQueryClient();
  queryClient.setQueryData(bountyKey(id), item);
  queryClient.setQueryData(BOUNTY_LIST_KEY, makeBountyList([...(item ? [item] : []), ...others]));
  return renderPage(<BountyDetailPage />, { route: `/bounty/${id}`, path: '/bounty/:id', queryClient });
}

describe('BountyDetailPage', () => {
  it("shows 'Loading Bounty...' with placeholder blocks while loading", async () => {
    useBounty.mockReturnValue(pendingResult());
    renderPage(<BountyDetailPage />, { route: '/bounty/x', path: '/bounty/:id' });
    expect(screen.getByRole('heading', { level: 1, name: 'Loading Bounty...' })).toBeInTheDocument();
    expect(screen.getByTestId('detail-placeholder')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Loading Bounty... | Side Quest'));
  });

  it('shows BOUNTY_NOT_FOUND when the bounty does not exist', () => {
    renderDetail(null, 'nope');
    expect(screen.getByRole('heading', { level: 1, name: 'BOUNTY_NOT_FOUND' })).toBeInTheDocument();
    expect(
      screen.getByText("The bounty you're looking for does not exist or has been removed."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'RETURN_TO_BOUNTIES' })).toHaveAttribute('href', '/bounties');
  });

  it('shows the error text when loading failed, or the product fallback when it has none', () => {
    useBounty.mockReturnValue(errorResult('500: store unavailable'));
    const { unmount } = renderPage(<BountyDetailPage />, { route: '/bounty/x', path: '/bounty/:id' });
    expect(screen.getByRole('heading', { name: 'BOUNTY_NOT_FOUND' })).toBeInTheDocument();
    expect(screen.getByText('500: store unavailable')).toBeInTheDocument();
    unmount();
    useBounty.mockReturnValue(errorResult(''));
    renderPage(<BountyDetailPage />, { route: '/bounty/x', path: '/bounty/:id' });
    expect(screen.getByText('Failed to load bounty details.')).toBeInTheDocument();
  });

  it('shows every part of a loaded bounty', async () => {
    renderDetail(bounty);
    expect(screen.getByRole('link', { name: /BACK_TO_BOUNTIES/ })).toHaveAttribute('href', '/bounties');
    expect(screen.getByRole('heading', { level: 1, name: 'Detect defective welds' })).toBeInTheDocument();
    expect(screen.getByTestId('reward-badge')).toHaveTextContent('$13,150');
    expect(document.querySelector('img')).toHaveAttribute('src', '/media/bounties/vision.svg');
    const description = screen.getByRole('region', { name: 'DESCRIPTION' });
    expect(description).toHaveTextContent('Ironvale photographs every weld. Train a classifier.');
    expect(within(screen.getByRole('region', { name: 'SKILLS' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('region', { name: 'LEARNINGS' })).toHaveTextContent(
      'Imbalanced industrial data.',
    );
    const details = screen.getByRole('complementary', { name: 'BOUNTY_DETAILS' });
    const rows = Array.from(details.querySelectorAll('dt')).map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(rows).toEqual([
      ['POSTED_BY', 'Ironvale Fabrication'],
      ['AREA', 'AI/ML'],
      ['POSTED_DATE', 'Jan 15, 2026'],
      ['BOUNTY_REWARD', '$13,150'],
      ['DEADLINE', 'Dec 31, 2026'],
    ]);
    const apply = screen.getByRole('link', { name: /APPLY_NOW/ });
    expect(apply).toHaveAttribute('href', 'https://ironvale.example/apply');
    expect(apply).toHaveAttribute('target', '_blank');
    expect(apply).toHaveAttribute('rel', 'noopener noreferrer');
    await waitFor(() => expect(document.title).toBe('Detect defective welds | Side Quest'));
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'Flag likely weld defects for review.',
    );
  });

  it("points the link preview at the bounty's own image, versioned by what it shows", async () => {
    const view = renderDetail(bounty);
    await waitFor(() => expect(document.title).toBe('Detect defective welds | Side Quest'));
    const image = () => document.querySelector('meta[property="og:image"]')?.getAttribute('content') ?? '';
    expect(image()).toMatch(/\/og\/bounty\/weld-1\.png\?v=[0-9a-f]{8}$/);
    const version = image().split('?v=')[1];
    // The version follows the image's content (title, reward, skills), so a changed bounty gets a new URL.
    view.unmount();
    renderDetail({ ...bounty, reward_amount: 20000 });
    await waitFor(() => expect(image().split('?v=')[1]).not.toBe(version));
  });

  it('lists similar bounties by reward with the product fallbacks', () => {
    renderDetail(bounty);
    const cards = within(screen.getByRole('region', { name: 'SIMILAR_BOUNTIES' })).getAllByTestId(
      'similar-bounty',
    );
    expect(cards).toHaveLength(2);
    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading', { level: 3 })).toHaveTextContent('Untitled Bounty');
    expect(within(first).getByText('Unknown')).toBeInTheDocument();
    expect(within(first).getByText('$5,000')).toBeInTheDocument();
    expect(within(first).getByText('No description available')).toBeInTheDocument();
    expect(within(first).getByText('No deadline')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Details →' })).toHaveAttribute('href', '/bounty/o2');
    expect(within(second).getByRole('heading', { level: 3 })).toHaveTextContent('Other AI');
  });

  it('attaches JobPosting structured data', () => {
    renderDetail(bounty);
    const script = document.querySelector('script[type="application/ld+json"]');
    const json = JSON.parse(script?.textContent ?? '{}');
    expect(json).toMatchObject({
      '@type': 'JobPosting',
      title: 'Detect defective welds',
      employmentType: 'CONTRACTOR',
      jobLocationType: 'TELECOMMUTE',
      datePosted: '2026-01-15T00:00:00.000Z',
      baseSalary: { currency: 'USD' },
    });
  });

  it('uses the fallbacks and hides optional parts of a sparse bounty', () => {
    renderDetail(
      makeBounty({
        id: 'sparse',
        item_title: '',
        platform_name: '',
        summary_description: '',
        full_bounty_description: '',
        reward_amount: 0,
        deadline: '',
        bounty_area: '',
        skill_tags: [],
        created_at: null,
        image_url: 'javascript:alert(1)',
        item_url: 'javascript:alert(1)',
      }),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Untitled Bounty' })).toBeInTheDocument();
    expect(screen.queryByTestId('reward-badge')).toBeNull();
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByText('No description provided.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'SKILLS' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'LEARNINGS' })).toBeNull();
    const details = screen.getByRole('complementary', { name: 'BOUNTY_DETAILS' });
    expect(Array.from(details.querySelectorAll('dt')).map((dt) => dt.textContent)).toEqual(['POSTED_DATE']);
    expect(within(details).getByText('Unknown')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /APPLY_NOW/ })).toBeNull();
  });

  it('uses the summary when there is no full description', () => {
    renderDetail({ ...bounty, full_bounty_description: '' });
    expect(screen.getByRole('region', { name: 'DESCRIPTION' })).toHaveTextContent(
      'Flag likely weld defects for review.',
    );
  });

  it('shows a description that is one very long word whole, with places to wrap it', () => {
    const word = 'A'.repeat(50_000);
    renderDetail({ ...bounty, full_bounty_description: `Logs: ${word}` });
    const description = screen.getByRole('region', { name: 'DESCRIPTION' });
    expect(description.querySelector('p')?.textContent).toBe(`Logs: ${word}`);
    expect(description.querySelectorAll('wbr').length).toBeGreaterThan(1000);
  });
});
