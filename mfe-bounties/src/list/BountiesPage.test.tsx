import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as data from '@side-quest/data/bounty-queries';
import { SAVED_BOUNTIES_STORAGE_KEY, createQueryClient } from '@side-quest/data';
import { BOUNTY_LIST_KEY } from '@side-quest/data/bounty-queries';
import BountiesPage from './BountiesPage';
import { makeBounty, makeBountyList, manyBounties } from '@side-quest/data/testing';
import { currentUrl, renderPage } from '../testing/render';
import { errorResult, pendingResult } from '../testing/queryResults';
import { reloadPage } from '../common/reloadPage';

jest.mock('@side-quest/data/bounty-queries', () => {
  const actual = jest.requireActual('@side-quest/data/bounty-queries');
  return { ...actual, useBounties: jest.fn(actual.useBounties) };
});
jest.mock('../common/reloadPage', () => ({ reloadPage: jest.fn() }));
const useBounties = data.useBounties as jest.MockedFunction<typeof data.useBounties>;
const actualUseBounties = jest.requireActual('@side-quest/data/bounty-queries').useBounties;

afterEach(() => {
  useBounties.mockImplementation(actualUseBounties);
  jest.clearAllMocks();
});

const sample = makeBountyList([
  makeBounty({
    id: 'rust-1',
    item_title: 'Rust parser',
    platform_name: 'Ferris Inc',
    summary_description: 'Write a fast parser',
    bounty_area: 'Software',
    skill_tags: ['Rust', 'Parsing', 'Performance', 'Benchmarks', 'CLI'],
    reward_amount: 500,
  }),
  makeBounty({
    id: 'ml-1',
    item_title: 'Vision model',
    platform_name: 'Deep Co',
    summary_description: 'Train a classifier',
    bounty_area: 'AI/ML',
    skill_tags: ['PyTorch'],
    reward_amount: 2000,
    deadline: '',
  }),
  makeBounty({
    id: 'eng-1',
    item_title: 'Bridge design',
    platform_name: '',
    summary_description: '',
    bounty_area: 'Engineering',
    skill_tags: ['CAD'],
    reward_amount: 0,
    deadline: '2026-03-01',
  }),
]);

function renderList(route = '/bounties', list = sample) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(BOUNTY_LIST_KEY, list);
  return renderPage(<BountiesPage />, { route, path: '/bounties', queryClient });
}

const cardTitles = () =>
  screen.queryAllByTestId('bounty-card').map((card) => within(card).getByRole('heading').textContent);

describe('BountiesPage states', () => {
  it('shows the heading and six skeleton cards while loading', () => {
    useBounties.mockReturnValue(pendingResult());
    renderPage(<BountiesPage />, { route: '/bounties' });
    expect(screen.getByRole('heading', { level: 1, name: 'BOUNTIES_MARKETPLACE' })).toBeInTheDocument();
    expect(screen.getAllByTestId('bounty-skeleton')).toHaveLength(6);
  });

  it('shows the error with its message and TRY_AGAIN reloads the page', async () => {
    useBounties.mockReturnValue(errorResult('500: database down'));
    renderPage(<BountiesPage />, { route: '/bounties' });
    expect(screen.getByRole('heading', { name: 'Error Loading Bounties' })).toBeInTheDocument();
    expect(screen.getByText('500: database down')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'TRY_AGAIN' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it("falls back to 'Failed to load bounties.' when the error has no message", () => {
    useBounties.mockReturnValue(errorResult(''));
    renderPage(<BountiesPage />, { route: '/bounties' });
    expect(screen.getByText('Failed to load bounties.')).toBeInTheDocument();
  });

  it('shows the empty state, and Reset Filters brings every bounty back', async () => {
    const view = renderList('/bounties?q=nothing-matches&sort=title');
    expect(screen.getByRole('heading', { name: 'No bounties found' })).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your filters to see more results.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reset Filters' }));
    expect(cardTitles()).toEqual(['Vision model', 'Rust parser', 'Bridge design']);
    expect(currentUrl(view)).toBe('/bounties');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });
});

describe('BountiesPage cards', () => {
  it('sorts by reward descending by default and shows each card as the product rules say', () => {
    renderList();
    expect(cardTitles()).toEqual(['Vision model', 'Rust parser', 'Bridge design']);
    const [vision, rust, bridge] = screen.getAllByTestId('bounty-card') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(rust).getByText('$500')).toBeInTheDocument();
    expect(within(rust).getByText('Ferris Inc')).toBeInTheDocument();
    expect(within(rust).getByText('Write a fast parser')).toBeInTheDocument();
    expect(within(rust).getByText('Deadline: Dec 31, 2026')).toBeInTheDocument();
    expect(
      within(rust)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Rust', 'Parsing', 'Performance', '...and 2 more']);
    expect(within(rust).getByRole('link', { name: 'Details →' })).toHaveAttribute('href', '/bounty/rust-1');
    expect(within(vision).getByText('No deadline')).toBeInTheDocument();
    expect(within(vision).queryByTestId('more-skills')).toBeNull();
    // Reward 0: no badge; empty fields use the product's fallbacks (mfe-bounties/README.md).
    expect(within(bridge).queryByText(/\$/)).toBeNull();
    expect(within(bridge).getByText('Unknown Platform')).toBeInTheDocument();
    expect(within(bridge).getByText('No description available.')).toBeInTheDocument();
  });

  it('shows 10 at a time, LOAD_MORE_BOUNTIES adds 10, then says all are shown', async () => {
    const view = renderList('/bounties', makeBountyList(manyBounties(25)));
    expect(screen.getAllByTestId('bounty-card')).toHaveLength(10);
    await userEvent.click(screen.getByRole('button', { name: 'LOAD_MORE_BOUNTIES' }));
    expect(screen.getAllByTestId('bounty-card')).toHaveLength(20);
    expect(screen.queryByText(/Showing all/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'LOAD_MORE_BOUNTIES' }));
    expect(screen.getAllByTestId('bounty-card')).toHaveLength(25);
    expect(screen.queryByRole('button', { name: 'LOAD_MORE_BOUNTIES' })).toBeNull();
    expect(screen.getByText('Showing all 25 of 25 bounties.')).toBeInTheDocument();
    expect(currentUrl(view)).toBe('/bounties?pages=3');
  });

  it('does not show the all-shown line for 10 or fewer results', () => {
    renderList('/bounties', makeBountyList(manyBounties(10)));
    expect(screen.getAllByTestId('bounty-card')).toHaveLength(10);
    expect(screen.queryByRole('button', { name: 'LOAD_MORE_BOUNTIES' })).toBeNull();
    expect(screen.queryByText(/Showing all/)).toBeNull();
  });

  it('counts N as the matching bounties and M as the whole marketplace', () => {
    // manyBounties gives every 4th bounty the area "Software" and some other area otherwise.
    renderList('/bounties?domain=Software&pages=2', makeBountyList(manyBounties(60)));
    expect(screen.getByText('Showing all 15 of 60 bounties.')).toBeInTheDocument();
  });
});

describe('BountiesPage controls', () => {
  it('searches title, summary and company case-insensitively and keeps the search in the URL', async () => {
    const view = renderList();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'DEEP');
    expect(cardTitles()).toEqual(['Vision model']);
    expect(currentUrl(view)).toBe('/bounties?q=DEEP');
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'fast parser');
    expect(cardTitles()).toEqual(['Rust parser']);
  });

  it('filters by domain with an All Domains choice', async () => {
    const view = renderList();
    const domain = screen.getByRole('combobox', { name: 'Domain' });
    expect(
      within(domain)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All Domains', 'AI/ML (1)', 'Engineering (1)', 'Software (1)']);
    await userEvent.selectOptions(domain, 'AI/ML');
    expect(cardTitles()).toEqual(['Vision model']);
    expect(currentUrl(view)).toBe('/bounties?domain=AI%2FML');
    await userEvent.selectOptions(domain, 'All Domains');
    expect(cardTitles()).toHaveLength(3);
  });

  it('adds skills with ADD as removable chips and matches any of them', async () => {
    const view = renderList();
    const add = screen.getByRole('button', { name: 'ADD' });
    expect(add).toBeDisabled();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Skill' }), 'CAD');
    await userEvent.click(add);
    expect(cardTitles()).toEqual(['Bridge design']);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Skill' }), 'PyTorch');
    await userEvent.click(screen.getByRole('button', { name: 'ADD' }));
    expect(cardTitles()).toEqual(['Vision model', 'Bridge design']);
    expect(currentUrl(view)).toBe('/bounties?skill=CAD&skill=PyTorch');
    // A selected skill is no longer offered, so it cannot be added twice.
    expect(
      within(screen.getByRole('combobox', { name: 'Skill' })).queryByRole('option', { name: 'CAD' }),
    ).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Remove skill CAD' }));
    expect(cardTitles()).toEqual(['Vision model']);
  });

  it('opens pre-filtered from /bounties?skill=rust, matching the skill case-insensitively', () => {
    renderList('/bounties?skill=rust');
    expect(cardTitles()).toEqual(['Rust parser']);
    expect(screen.getByRole('button', { name: 'Remove skill Rust' })).toBeInTheDocument();
  });

  it('toggles the active sort and starts a new field in its own direction', async () => {
    const view = renderList();
    const reward = screen.getByRole('button', { name: /^Reward/ });
    expect(reward).toHaveAttribute('aria-pressed', 'true');
    expect(reward).toHaveAccessibleName('Reward descending');
    await userEvent.click(reward);
    expect(cardTitles()).toEqual(['Bridge design', 'Rust parser', 'Vision model']);
    expect(currentUrl(view)).toBe('/bounties?dir=asc');
    await userEvent.click(screen.getByRole('button', { name: /^Title/ }));
    expect(cardTitles()).toEqual(['Bridge design', 'Rust parser', 'Vision model']);
    await userEvent.click(screen.getByRole('button', { name: /^Title/ }));
    expect(cardTitles()).toEqual(['Vision model', 'Rust parser', 'Bridge design']);
    expect(currentUrl(view)).toBe('/bounties?sort=title&dir=desc');
    await userEvent.click(screen.getByRole('button', { name: /^Deadline/ }));
    // Ascending deadline; the bounty without one sorts last.
    expect(cardTitles()).toEqual(['Bridge design', 'Rust parser', 'Vision model']);
    await userEvent.click(screen.getByRole('button', { name: /^Deadline/ }));
    expect(cardTitles()).toEqual(['Rust parser', 'Bridge design', 'Vision model']);
  });

  it('Reset All restores empty search, All Domains, no skills and reward descending', async () => {
    const view = renderList('/bounties?q=r&domain=Software&skill=Rust&sort=title&dir=desc');
    expect(cardTitles()).toEqual(['Rust parser']);
    await userEvent.click(screen.getByRole('button', { name: 'Reset All' }));
    expect(currentUrl(view)).toBe('/bounties');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Domain' })).toHaveValue('');
    expect(screen.queryByRole('button', { name: /Remove skill/ })).toBeNull();
    expect(cardTitles()).toEqual(['Vision model', 'Rust parser', 'Bridge design']);
  });

  it('keeps fast typing intact while the URL catches up', () => {
    renderList();
    const box = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: 'v' } });
    fireEvent.change(box, { target: { value: 'vi' } });
    fireEvent.change(box, { target: { value: 'vis' } });
    expect(box).toHaveValue('vis');
    expect(cardTitles()).toEqual(['Vision model']);
  });
});

describe('BountiesPage status, reward and saved filters', () => {
  const dated = makeBountyList([
    makeBounty({
      id: 'open-big',
      item_title: 'Open big',
      reward_amount: 5000,
      deadline: '2099-01-01',
      skill_tags: ['Go'],
    }),
    makeBounty({
      id: 'open-small',
      item_title: 'Open small',
      reward_amount: 300,
      deadline: '2099-01-01',
      skill_tags: ['Go'],
    }),
    makeBounty({
      id: 'closed',
      item_title: 'Closed one',
      reward_amount: 1000,
      deadline: '2001-01-01',
      skill_tags: ['Rust'],
    }),
  ]);

  beforeEach(() => window.localStorage.clear());

  it('filters by status from the Status control, with the badge on each card', async () => {
    const view = renderList('/bounties', dated);
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Closed');
    expect(cardTitles()).toEqual(['Closed one']);
    expect(within(screen.getByTestId('bounty-card')).getByTestId('bounty-status')).toHaveTextContent(
      'CLOSED',
    );
    expect(currentUrl(view)).toBe('/bounties?status=closed');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Open');
    expect(cardTitles()).toEqual(['Open big', 'Open small']);
  });

  it('applies reward bounds from the URL, counts skill options under them, and Reset All clears them', async () => {
    const view = renderList('/bounties?min=500&max=2500', dated);
    expect(cardTitles()).toEqual(['Closed one']);
    expect(screen.getByLabelText('Min reward')).toHaveValue('500');
    expect(screen.getByLabelText('Max reward')).toHaveValue('2500');
    const skillOptions = within(screen.getByLabelText('Skill'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(skillOptions).toEqual(['Select a skill', 'Go (0)', 'Rust (1)']);
    await userEvent.click(screen.getByRole('button', { name: 'Reset All' }));
    expect(cardTitles()).toHaveLength(3);
    expect(currentUrl(view)).toBe('/bounties');
  });

  it('shows only saved bounties with ?saved=1, and how to save one when there are none', async () => {
    renderList('/bounties?saved=1', dated);
    expect(screen.getByRole('heading', { name: 'No saved bounties yet' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show all bounties' }));
    const [first] = screen.getAllByRole('button', { name: 'Save bounty' });
    await userEvent.click(first!);
    expect(first).toHaveAttribute('aria-pressed', 'true');
  });

  it('lists the bounties saved in this browser under ?saved=1', () => {
    window.localStorage.setItem(SAVED_BOUNTIES_STORAGE_KEY, JSON.stringify(['closed', 'open-small']));
    renderList('/bounties?saved=1', dated);
    // In the list's order: reward, highest first.
    expect(cardTitles()).toEqual(['Closed one', 'Open small']);
  });
});

describe('BountiesPage feed of the current filters', () => {
  it('links Subscribe (RSS) and the head to the feed of the filters shown, without paging or saved', async () => {
    renderList('/bounties?skill=Rust&status=open&pages=2&saved=1');
    const subscribe = screen.getByRole('link', { name: 'Subscribe (RSS)' });
    expect(new URL(subscribe.getAttribute('href') ?? '').pathname).toBe('/feeds/bounties.xml');
    expect(new URL(subscribe.getAttribute('href') ?? '').search).toBe('?skill=Rust&status=open');
    const alternate = document.head.querySelector('link[rel="alternate"][type="application/rss+xml"]');
    expect(alternate).toHaveAttribute('href', subscribe.getAttribute('href'));
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Closed');
    expect(screen.getByRole('link', { name: 'Subscribe (RSS)' }).getAttribute('href')).toMatch(
      /status=closed$/,
    );
  });
});
