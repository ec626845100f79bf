import { screen, within } from '@testing-library/react';
import { createQueryClient, setRuntimeConfig } from '@side-quest/data';
import { BOUNTY_LIST_KEY } from '@side-quest/data/bounty-queries';
import FeaturedBounties from './FeaturedBounties';
import { makeBounty, makeBountyList, apiSourceConfig } from '@side-quest/data/testing';
import { renderPage } from '../testing/render';

const realFetch = global.fetch;
beforeEach(() => {
  setRuntimeConfig(apiSourceConfig());
});
afterEach(() => {
  global.fetch = realFetch;
});

function renderWith(list: ReturnType<typeof makeBountyList>) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(BOUNTY_LIST_KEY, list);
  return renderPage(<FeaturedBounties />, { queryClient });
}

describe('FeaturedBounties', () => {
  it("says 'Loading bounties...' while loading", () => {
    global.fetch = jest.fn(() => new Promise<Response>(() => undefined));
    renderPage(<FeaturedBounties />);
    expect(screen.getByText('Loading bounties...')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'VIEW_ALL_BOUNTIES' })).toHaveAttribute('href', '/bounties');
  });

  it('shows an error line when loading failed', async () => {
    global.fetch = jest.fn(async () => ({
      ok: false,
      status: 503,
      statusText: 'Service Unavailable',
      text: async () => 'try later',
    })) as unknown as typeof fetch;
    renderPage(<FeaturedBounties />);
    expect(await screen.findByRole('alert')).toHaveTextContent('503: try later');
  });

  it("says 'No featured bounties found.' for an empty list", () => {
    renderWith(makeBountyList([]));
    expect(screen.getByText('No featured bounties found.')).toBeInTheDocument();
  });

  it('shows the 3 highest rewards as cards with h3 titles and no h1', () => {
    renderWith(
      makeBountyList(
        [100, 4000, 250, 9000, 50].map((reward, index) =>
          makeBounty({ id: `f${index}`, item_title: `Bounty ${reward}`, reward_amount: reward }),
        ),
      ),
    );
    const cards = screen.getAllByTestId('bounty-card');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Bounty 9000',
      'Bounty 4000',
      'Bounty 250',
    ]);
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.getByRole('link', { name: 'VIEW_ALL_BOUNTIES' })).toHaveAttribute('href', '/bounties');
  });
});
