import { act } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { GlobalStyle, globalCss } from './GlobalStyle';
import { theme } from './theme';

describe('GlobalStyle', () => {
  it('holds the page colours and font of the theme', () => {
    const css = globalCss(theme);
    expect(css).toContain(`background: ${theme.color.background};`);
    expect(css).toContain(`font-family: ${theme.font.body};`);
    expect(css).toContain('.visually-hidden');
  });

  it('is in the server-rendered HTML and hydrates without replacing it', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<GlobalStyle />);
    document.body.appendChild(container);
    const served = container.querySelector('style');
    expect(served?.textContent).toBe(globalCss(theme));
    const recoverable = jest.fn();
    const root = await act(async () =>
      hydrateRoot(container, <GlobalStyle />, { onRecoverableError: recoverable }),
    );
    try {
      expect(recoverable).not.toHaveBeenCalled();
      expect(container.querySelectorAll('style')).toHaveLength(1);
      expect(container.querySelector('style')).toBe(served);
      // styled-components added no rules of its own for it.
      expect(document.head.querySelectorAll('style[data-styled]')).toHaveLength(0);
    } finally {
      act(() => root.unmount());
      container.remove();
    }
  });
});
