import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SAVED_BOUNTIES_STORAGE_KEY } from '@side-quest/data';
import { renderPage } from '../testing/render';
import { SaveBountyButton } from './SaveBountyButton';

describe('SaveBountyButton', () => {
  beforeEach(() => window.localStorage.clear());

  it('toggles the bounty in and out of the saved ones, kept in this browser', async () => {
    renderPage(<SaveBountyButton bountyId="abc" />);
    const button = screen.getByRole('button', { name: 'Save bounty' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(JSON.parse(window.localStorage.getItem(SAVED_BOUNTIES_STORAGE_KEY) ?? '[]')).toEqual(['abc']);
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(JSON.parse(window.localStorage.getItem(SAVED_BOUNTIES_STORAGE_KEY) ?? '[]')).toEqual([]);
  });

  it('shows a bounty saved earlier (another visit) as pressed, and every button of it follows', async () => {
    window.localStorage.setItem(SAVED_BOUNTIES_STORAGE_KEY, JSON.stringify(['abc']));
    renderPage(
      <>
        <SaveBountyButton bountyId="abc" />
        <SaveBountyButton bountyId="abc" withText />
      </>,
    );
    const [first, second] = screen.getAllByRole('button', { name: 'Save bounty' });
    expect(first).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(first!);
    expect(second).toHaveAttribute('aria-pressed', 'false');
  });
});
