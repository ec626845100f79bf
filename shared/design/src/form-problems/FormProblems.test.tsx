import { render, screen, within } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { theme } from '@side-quest/design';
import { FormProblems } from '@side-quest/design/form-problems';

describe('FormProblems', () => {
  it('announces the message with each problem listed under it, and the note after them', () => {
    render(
      <ThemeProvider theme={theme}>
        <FormProblems
          message="The entry has problems."
          problems={['Line 4: not a number', 'Line 6: missing id']}
        >
          <p>Choose the file again.</p>
        </FormProblems>
      </ThemeProvider>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      /^The entry has problems\.Line 4: not a numberLine 6: missing idChoose the file again\.$/,
    );
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Line 4: not a number', 'Line 6: missing id']);
  });

  it('shows no list when the form came back without problems', () => {
    render(<FormProblems message="Send it again in a minute." problems={[]} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Send it again in a minute.');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
