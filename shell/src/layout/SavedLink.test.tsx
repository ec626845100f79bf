import { act, screen } from '@testing-library/react';
import { toggleSavedBounty } from '@side-quest/data';
import { renderWithProviders } from '../testing/renderWithProviders';
import { SAVED_BOUNTIES_PATH, SavedLink } from './SavedLink';

describe('SavedLink', () => {
  beforeEach(() => window.localStorage.clear());

  it('links to the saved bounties with their number, following a Save made anywhere on the page', () => {
    renderWithProviders(<SavedLink />);
    const link = screen.getByRole('link', { name: 'Saved 0' });
    expect(link).toHaveAttribute('href', SAVED_BOUNTIES_PATH);
    // What a remote's Save button does: the shared store in @side-quest/data.
    act(() => {
      toggleSavedBounty('a');
      toggleSavedBounty('b');
    });
    expect(screen.getByRole('link', { name: 'Saved 2' })).toBe(link);
    act(() => {
      toggleSavedBounty('a');
    });
    expect(link).toHaveAccessibleName('Saved 1');
  });
});
