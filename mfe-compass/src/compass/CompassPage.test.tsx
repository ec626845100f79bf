import { apiSourceConfig } from '@side-quest/data/testing';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider, type QueryClient } from '@side-quest/data/query';
import { Route, Routes, useLocation } from '@side-quest/design';
import { MemoryRouter } from '@side-quest/design/memory-router';
import { ThemeProvider } from 'styled-components';
import { createQueryClient, setRuntimeConfig, type Bounty } from '@side-quest/data';
import { BOUNTY_LIST_KEY, deriveBountyList } from '@side-quest/data/bounty-queries';
import { theme } from '@side-quest/design';
import { makeBounty } from '../testing/makeBounty';
import CompassPage from './CompassPage';

const HEADLINE = 'Value Compass - In-Demand Skills';
const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000).toISOString();

/** Eight skills (so the top 6 cut shows), three areas, pay data for four skills with 2+ bounties. */
const BOUNTIES: Bounty[] = [
  makeBounty({
    skill_tags: ['React', 'TypeScript', 'C++'],
    bounty_area: 'Software',
    reward_amount: 12000,
    created_at: daysAgo(2),
  }),
  makeBounty({
    skill_tags: ['react', 'TypeScript', 'C++'],
    bounty_area: 'Software',
    reward_amount: 8000,
    created_at: daysAgo(5),
  }),
  makeBounty({
    skill_tags: ['React', 'Python', 'C++'],
    bounty_area: 'AI/ML',
    reward_amount: 30000,
    created_at: daysAgo(3),
  }),
  makeBounty({
    skill_tags: ['React', 'Python', 'Go'],
    bounty_area: 'AI/ML',
    reward_amount: 20000,
    created_at: null,
  }),
  makeBounty({
    skill_tags: ['React', 'Rust', 'Go'],
    bounty_area: 'Engineering',
    reward_amount: 1000,
    created_at: daysAgo(400),
  }),
  makeBounty({
    skill_tags: ['Figma', 'SQL'],
    bounty_area: 'Design',
    reward_amount: 500,
    created_at: daysAgo(300),
  }),
];

const okResponse = (body: unknown) =>
  ({
    ok: true,
    status: 200,
    statusText: 'OK',
    json: async () => body,
    text: async () => JSON.stringify(body),
  }) as Response;
let skillPay: unknown = { skills: [], areas: [], demo: false };
afterEach(() => {
  skillPay = { skills: [], areas: [], demo: false };
});

const failedResponse = (status: number, text: string) =>
  ({ ok: false, status, statusText: 'Error', json: async () => ({}), text: async () => text }) as Response;

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

function renderPage(queryClient: QueryClient = createQueryClient()) {
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/compass']}>
          <Routes>
            <Route path="/compass" element={<CompassPage />} />
            <Route path="/bounties" element={<LocationProbe />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return queryClient;
}

function seeded(bounties: Bounty[]): QueryClient {
  const queryClient = createQueryClient();
  queryClient.setQueryData(BOUNTY_LIST_KEY, deriveBountyList(bounties));
  return queryClient;
}

const section = (name: string) => screen.getByRole('region', { name });

let fetchMock: jest.Mock;
beforeEach(() => {
  setRuntimeConfig(apiSourceConfig());
  fetchMock = jest.fn();
  // What skills pay has its own request (GET /api/v1/skills/pay); the bounty list's tests queue theirs.
  global.fetch = jest.fn((url: string, init?: RequestInit) =>
    String(url).endsWith('/api/v1/skills/pay') ? Promise.resolve(okResponse(skillPay)) : fetchMock(url, init),
  ) as unknown as typeof fetch;
});

describe('CompassPage', () => {
  it('shows 6, 4 and 4 placeholder rows under the headline while the bounties load', async () => {
    fetchMock.mockReturnValue(new Promise(() => undefined));
    renderPage();

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(HEADLINE);
    expect(within(section('Most In-Demand Skills')).getAllByTestId('compass-placeholder')).toHaveLength(6);
    expect(within(section('Trending Areas')).getAllByTestId('compass-placeholder')).toHaveLength(4);
    expect(within(section('Highest Paying Skills')).getAllByTestId('compass-placeholder')).toHaveLength(4);
    expect(section('Trending Areas')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Loading bounties...');
    // The request leaves once the bounty sources' own chunk is in.
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/bounties', expect.anything()));
  });

  it('shows the error and loads again on TRY_AGAIN', async () => {
    fetchMock
      .mockResolvedValueOnce(failedResponse(503, 'Service Unavailable'))
      .mockResolvedValueOnce(okResponse(BOUNTIES));
    renderPage();

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error Loading Bounties')).toBeInTheDocument();
    expect(within(alert).getByText('503: Service Unavailable')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(HEADLINE);
    expect(screen.queryByRole('region', { name: 'Trending Areas' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'TRY_AGAIN' }));
    expect(
      await within(await screen.findByRole('region', { name: 'Most In-Demand Skills' })).findByRole('link', {
        name: 'React',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('shows the three empty texts when there are no bounties', () => {
    renderPage(seeded([]));

    expect(
      within(section('Most In-Demand Skills')).getByText('No skill data available yet'),
    ).toBeInTheDocument();
    expect(within(section('Trending Areas')).getByText('No trending areas yet')).toBeInTheDocument();
    expect(within(section('Highest Paying Skills')).getByText('No payment data yet')).toBeInTheDocument();
  });

  it('shows the empty trending and pay texts when bounties are old and single', () => {
    renderPage(
      seeded([
        makeBounty({
          skill_tags: ['Go'],
          bounty_area: 'Software',
          reward_amount: 900,
          created_at: daysAgo(90),
        }),
      ]),
    );

    expect(within(section('Most In-Demand Skills')).getByRole('link', { name: 'Go' })).toBeInTheDocument();
    expect(within(section('Trending Areas')).getByText('No trending areas yet')).toBeInTheDocument();
    expect(within(section('Highest Paying Skills')).getByText('No payment data yet')).toBeInTheDocument();
  });

  it('ranks the top 6 skills with demand meters readable as values', () => {
    renderPage(seeded(BOUNTIES));
    expect(fetchMock).not.toHaveBeenCalled(); // the list already loaded by another page is reused

    const demand = section('Most In-Demand Skills');
    const links = within(demand).getAllByRole('link');
    // React 5, C++ 3, then 2 each: Go, Python, TypeScript ordered by recent mentions, then name.
    expect(links.map((link) => link.textContent)).toEqual([
      'React',
      'C++',
      'Python',
      'TypeScript',
      'Go',
      'Figma',
    ]);
    const meters = within(demand).getAllByRole('meter');
    expect(meters).toHaveLength(6);
    expect(meters[0]).toHaveAccessibleName('React demand');
    expect(meters[0]).toHaveAttribute('aria-valuenow', '100');
    expect(meters[1]).toHaveAttribute('aria-valuenow', '60');
    expect(meters[1]).toHaveAttribute('aria-valuemin', '0');
    expect(meters[1]).toHaveAttribute('aria-valuemax', '100');
    expect(within(demand).getByText('60%')).toBeInTheDocument();
    expect(within(demand).getAllByText('40%')).toHaveLength(3);
    expect(within(demand).getByText('20%')).toBeInTheDocument();
  });

  it('lists trending areas with their recent counts', () => {
    renderPage(seeded(BOUNTIES));

    const items = within(section('Trending Areas')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['AI/ML(2 recent)', 'Software(2 recent)']);
    expect(within(items[0]!).getByRole('link', { name: 'AI/ML' })).toHaveAttribute(
      'href',
      '/bounties?domain=AI%2FML',
    );
  });

  it('lists the highest paying skills as thousands per bounty', () => {
    renderPage(seeded(BOUNTIES));

    const items = within(section('Highest Paying Skills')).getAllByRole('listitem');
    // Python 25K, C++ 16.67K, Go 10.5K, React 14.2K, TypeScript 10K: top 4 by exact average.
    expect(items.map((item) => item.textContent)).toEqual([
      'Python25K avg',
      'C++17K avg',
      'React14K avg',
      'Go11K avg',
    ]);
  });

  it('leads from a skill to the bounties filtered by it', async () => {
    renderPage(seeded(BOUNTIES));

    const link = within(section('Most In-Demand Skills')).getByRole('link', { name: 'C++' });
    expect(link).toHaveAttribute('href', '/bounties?skill=C%2B%2B');
    await userEvent.click(link);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/bounties?skill=C%2B%2B'));
  });

  it('sets the page title', async () => {
    renderPage(seeded(BOUNTIES));
    await waitFor(() => expect(document.title).toBe('Value Compass | Side Quest'));
  });

  it('adds what skills pay beside the statistics: awarded, paid and median prize, each skill a linked row', async () => {
    fetchMock.mockResolvedValue(okResponse(BOUNTIES));
    skillPay = {
      skills: [{ name: 'C++', bounties: 3, awarded: 9500, paid: 2500, medianPrize: 2250 }],
      areas: [{ name: 'AI/ML', bounties: 1, awarded: 4000, paid: 0, medianPrize: 4000 }],
      demo: true,
    };
    renderPage();
    const pay = await screen.findByRole('table', { name: 'Skill' });
    const row = within(pay).getByRole('row', { name: /C\+\+/ });
    expect(row).toHaveAttribute('id', 'pay-skill-cpp');
    expect(row).toHaveTextContent('C++3 bounties$9,500$2,500$2,250');
    expect(within(row).getByRole('link', { name: 'C++' })).toHaveAttribute('href', '/bounties?skill=C%2B%2B');
    const areas = screen.getByRole('table', { name: 'Area' });
    expect(within(areas).getByRole('link', { name: 'AI/ML' })).toHaveAttribute(
      'href',
      '/bounties?domain=AI%2FML',
    );
    expect(screen.getByTestId('skill-pay-demo')).toBeInTheDocument();
    // The SPEC's sections are there as before.
    expect(section('Highest Paying Skills')).toBeInTheDocument();
  });

  it('says when no prize has been awarded yet', async () => {
    fetchMock.mockResolvedValue(okResponse(BOUNTIES));
    renderPage();
    expect(await screen.findByText('No prize has been awarded on Side Quest yet.')).toBeInTheDocument();
  });
});
