import { render } from '@testing-library/react';
import styled from 'styled-components';
import { laidOutNearViewport } from './laidOutNearViewport';

const Block = styled.section`
  ${laidOutNearViewport('300px')}
`;

/** The rules styled-components injected for the rendered element's classes. */
function rulesFor(element: Element): string {
  const css = [...document.querySelectorAll('style')].map((style) => style.textContent ?? '').join('\n');
  return [...element.classList]
    .flatMap((name) => css.match(new RegExp(`\\.${name}\\{[^}]*\\}`, 'g')) ?? [])
    .join('\n');
}

describe('laidOutNearViewport', () => {
  it('skips the block until it nears the viewport, holding the placeholder height, with room for focus outlines', () => {
    const { container } = render(<Block>Below the fold</Block>);
    const rules = rulesFor(container.firstElementChild!);
    expect(rules).toContain('content-visibility:auto;');
    expect(rules).toContain('contain-intrinsic-size:auto 300px;');
    expect(rules).toContain('overflow-clip-margin:0.5em;');
  });
});
