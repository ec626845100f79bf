import { optionText, skillOptionsHtml } from './facetOptions';

function optionsOf(html: string) {
  const select = document.createElement('select');
  select.innerHTML = html;
  return [...select.options].map((option) => ({
    value: option.value,
    text: option.text,
    empty: option.dataset.empty === 'true',
  }));
}

describe('optionText', () => {
  it('adds the count when there is one', () => {
    expect(optionText('Rust', 3)).toBe('Rust (3)');
    expect(optionText('Rust', undefined)).toBe('Rust');
  });
});

describe('skillOptionsHtml', () => {
  it('is the prompt, then each skill with its count, an empty one marked', () => {
    const facets = { domains: new Map(), skills: new Map([['rust', 2]]) };
    expect(optionsOf(skillOptionsHtml('Select a skill', ['Go', 'Rust'], facets))).toEqual([
      { value: '', text: 'Select a skill', empty: false },
      { value: 'Go', text: 'Go (0)', empty: true },
      { value: 'Rust', text: 'Rust (2)', empty: false },
    ]);
  });

  it('shows a skill as it is written, markup and quotes included, without counts before there are any', () => {
    const skill = `"><img src=x onerror=alert(1)> & <b>C++</b>`;
    const options = optionsOf(skillOptionsHtml('Select a skill', [skill], undefined));
    expect(options[1]).toEqual({ value: skill, text: skill, empty: false });
    const select = document.createElement('select');
    select.innerHTML = skillOptionsHtml('Select a skill', [skill], undefined);
    expect(select.querySelector('img, b')).toBeNull();
  });
});
