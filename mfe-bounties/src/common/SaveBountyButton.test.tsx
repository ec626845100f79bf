import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import { theme } from '@side-quest/design';
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

  it('is marked in the server’s HTML so a click before hydration is replayed after it', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <ThemeProvider theme={theme}>
        <SaveBountyButton bountyId="abc" />
      </ThemeProvider>,
    );
    expect(container.querySelector('button')).toHaveAttribute('data-replay', 'save:abc');
    expect(container.querySelector('button')).toHaveAttribute('aria-pressed', 'false');
  });
});
