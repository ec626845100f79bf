import { isEmptyMarkup, sectionMarkup } from './sectionRender';

describe('the contract frame', () => {
  it("finds the section's own markup between the marks", () => {
    const page =
      '<style></style><i hidden="" data-sq-contract-check="start"></i><main>Compass</main><i hidden="" data-sq-contract-check="end"></i>';
    expect(sectionMarkup(page)).toBe('<main>Compass</main>');
    expect(sectionMarkup('<main>no marks</main>')).toBeNull();
    expect(
      sectionMarkup(
        '<i hidden="" data-sq-contract-check="end"></i><i hidden="" data-sq-contract-check="start"></i>',
      ),
    ).toBeNull();
  });

  it('calls markup with only comments and whitespace empty', () => {
    expect(isEmptyMarkup(' <!--$--> <!--/$-->\n')).toBe(true);
    expect(isEmptyMarkup('<!-- -->text')).toBe(false);
    expect(isEmptyMarkup('<main></main>')).toBe(false);
  });
});
