import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import { theme } from '@side-quest/design';
import { FilterSelect, type FilterOption } from './FilterSelect';

const OPTIONS: readonly FilterOption[] = [
  { value: '', label: 'All sponsors' },
  { value: 'verified', label: 'Verified sponsors' },
];

function Sponsor({
  value,
  onChange = () => undefined,
}: {
  value: string;
  onChange?: (value: string) => void;
}) {
  return (
    <ThemeProvider theme={theme}>
      <form method="get" action="/bounties">
        <FilterSelect
          id="sponsor"
          label="Sponsor"
          name="sponsor"
          value={value}
          options={OPTIONS}
          onChange={onChange}
        />
      </form>
    </ThemeProvider>
  );
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('FilterSelect', () => {
  it('is a select named by its label, with its options in order and the current one chosen', () => {
    render(<Sponsor value="verified" />);
    const select = screen.getByRole('combobox', { name: 'Sponsor' });
    expect(
      [...select.querySelectorAll('option')].map((option) => [option.value, option.textContent]),
    ).toEqual([
      ['', 'All sponsors'],
      ['verified', 'Verified sponsors'],
    ]);
    expect(select).toHaveValue('verified');
  });

  it('submits its choice under its name without JavaScript (the server’s HTML in a GET form)', () => {
    document.body.innerHTML = renderToString(<Sponsor value="verified" />);
    const form = document.querySelector('form')!;
    expect(new URLSearchParams(new FormData(form) as unknown as Record<string, string>).toString()).toBe(
      'sponsor=verified',
    );
  });

  it('gives the chosen option’s value to onChange', async () => {
    const onChange = jest.fn();
    render(<Sponsor value="" onChange={onChange} />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sponsor' }), 'Verified sponsors');
    expect(onChange).toHaveBeenCalledWith('verified');
  });
});
