import { render } from '@testing-library/react';
import { BreakableText } from './BreakableText';

describe('BreakableText', () => {
  it('renders ordinary text without break opportunities', () => {
    const { container } = render(
      <p>
        <BreakableText text="A short description." />
      </p>,
    );
    expect(container.innerHTML).toBe('<p>A short description.</p>');
  });

  it('puts break opportunities in a very long word and keeps its text whole', () => {
    const word = 'A'.repeat(1000);
    const { container } = render(
      <p>
        <BreakableText text={`Intro ${word}`} />
      </p>,
    );
    const paragraph = container.querySelector('p')!;
    expect(paragraph.textContent).toBe(`Intro ${word}`);
    expect(paragraph.querySelectorAll('wbr').length).toBeGreaterThanOrEqual(20);
  });
});
