import { screen, within } from '@testing-library/react';
import * as data from '@side-quest/data';
import { BOUNTY_LIST_KEY, createQueryClient } from '@side-quest/data';
import FeaturedBounties from './FeaturedBounties';
import { makeBounty, makeBountyList } from '../testing/fixtures';
import { renderPage } from '../testing/render';
import { errorResult, pendingResult } from '../testing/queryResults';

jest.mock('@side-quest/data', () => {
  const actual = jest.requireActual('@side-quest/data');
  return { ...actual, useBounties: jest.fn(actual.useBounties) };
});
const useBounties = data.useBounties as jest.MockedFunction<typeof data.useBounties>;
afterEach(() => useBounties.mockImplementation(jest.requireActual('@side-quest/data').useBounties));

function renderWith(list: ReturnType<typeof makeBountyList>) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(BOUNTY_LIST_KEY, list);
  return renderPage(<FeaturedBounties />, { queryClient });
}

describe('FeaturedBounties', () => {
  it("says 'Loading bounties...' while loading", () => {
    useBounties.mockReturnValue(pendingResult());
    renderPage(<FeaturedBounties />);
    expect(screen.getByText('Loading bounties...')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'VIEW_ALL_BOUNTIES' })).toHaveAttribute('href', '/bounties');
  });

  it('shows an error line when loading failed', () => {
    useBounties.mockReturnValue(errorResult('503: try later'));
    renderPage(<FeaturedBounties />);
    expect(screen.getByRole('alert')).toHaveTextContent('503: try later');
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
