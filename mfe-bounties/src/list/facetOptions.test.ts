import { facetOptionsHtml, optionText } from './facetOptions';

function optionsOf(html: string) {
  const select = document.createElement('select');
  select.innerHTML = html;
  return {
    options: [...select.options].map((option) => ({
      value: option.value,
      text: option.text,
      empty: option.dataset.empty === 'true',
    })),
    value: select.value,
    select,
  };
}

describe('optionText', () => {
  it('adds the count when there is one', () => {
    expect(optionText('Rust', 3)).toBe('Rust (3)');
    expect(optionText('Rust', undefined)).toBe('Rust');
  });
});

describe('facetOptionsHtml', () => {
  it('is the prompt, then each choice with its count, an empty one marked', () => {
    const counts = new Map([['Rust', 2]]);
    const { options, value } = optionsOf(
      facetOptionsHtml('Select a skill', ['Go', 'Rust'], (skill) => counts.get(skill) ?? 0),
    );
    expect(options).toEqual([
      { value: '', text: 'Select a skill', empty: false },
      { value: 'Go', text: 'Go (0)', empty: true },
      { value: 'Rust', text: 'Rust (2)', empty: false },
    ]);
    expect(value).toBe('');
  });

  it('shows the chosen option chosen, as the server’s page must before any script runs', () => {
    const html = facetOptionsHtml('All Domains', ['AI/ML', 'Software'], undefined, 'Software');
    expect(optionsOf(html).value).toBe('Software');
    expect(optionsOf(html).options.map(({ text }) => text)).toEqual(['All Domains', 'AI/ML', 'Software']);
  });

  it('shows a choice as it is written, markup and quotes included', () => {
    const skill = `"><img src=x onerror=alert(1)> & <b>C++</b>`;
    const { options, select } = optionsOf(facetOptionsHtml('Select a skill', [skill], undefined, skill));
    expect(options[1]).toEqual({ value: skill, text: skill, empty: false });
    expect(select.value).toBe(skill);
    expect(select.querySelector('img, b')).toBeNull();
  });
});
