import { render } from '@testing-library/react';
import styled from 'styled-components';
import { theme } from '../theme';
import { laidOutNearViewport } from './laidOutNearViewport';

const Block = styled.section`
  ${laidOutNearViewport('300px')}
`;
const Cards = styled.section`
  ${laidOutNearViewport({ phone: '1080px', medium: '690px', large: '360px' })}
`;

/** The rules styled-components injected for the rendered element's classes, media queries included. */
function rulesFor(element: Element): string {
  const css = [...document.querySelectorAll('style')].map((style) => style.textContent ?? '').join('\n');
  return [...element.classList]
    .flatMap((name) => css.match(new RegExp(`(?:@media[^{]*\\{)?\\.${name}\\{[^}]*\\}`, 'g')) ?? [])
    .join('\n');
}

describe('laidOutNearViewport', () => {
  it('skips the block until it nears the viewport, holding the placeholder height, with room for focus outlines', () => {
    const { container } = render(<Block>Below the fold</Block>);
    const rules = rulesFor(container.firstElementChild!);
    expect(rules).toContain('content-visibility:auto;');
    expect(rules).toContain('contain-intrinsic-size:auto 300px;');
    expect(rules).toContain('overflow-clip-margin:0.5em;');
    expect(rules).not.toContain('@media');
  });

  it('holds a placeholder per width where the block is shorter on wider screens', () => {
    const { container } = render(<Cards>Similar bounties</Cards>);
    const rules = rulesFor(container.firstElementChild!);
    const at = (minWidth: string) =>
      new RegExp(
        `@media \\(min-width: ?${minWidth}\\)\\{\\.[\\w-]+\\{contain-intrinsic-size:auto (\\w+);\\}`,
      ).exec(rules)?.[1];
    expect(rules).toMatch(/^\.[\w-]+\{[^}]*contain-intrinsic-size:auto 1080px;/m);
    expect(at(theme.breakpoint.medium)).toBe('690px');
    expect(at(theme.breakpoint.large)).toBe('360px');
  });
});
