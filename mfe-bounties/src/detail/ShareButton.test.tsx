import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import { theme } from '@side-quest/design';
import { renderPage } from '../testing/render';
import { ShareButton } from './ShareButton';

describe('ShareButton', () => {
  it('is in the server’s HTML, marked so a click before hydration is replayed after it', () => {
    const html = renderToString(
      <ThemeProvider theme={theme}>
        <ShareButton title="Fix the cache" path="/bounty/7" />
      </ThemeProvider>,
    );
    const container = document.createElement('div');
    container.innerHTML = html;
    const button = container.querySelector('button');
    expect(button).toHaveTextContent('Share');
    expect(button).toHaveAttribute('data-replay', 'share');
  });

  it('copies the page’s clean link where there is no share sheet, and says so', async () => {
    const writeText = jest.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPage(<ShareButton title="Fix the cache" path="/bounty/7" />, { route: '/?utm_source=x' });
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/bounty/7`);
  });
});
