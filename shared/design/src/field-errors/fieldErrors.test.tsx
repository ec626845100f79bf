import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { theme } from '@side-quest/design';
import { fieldErrors } from '@side-quest/design/field-errors';

function Form({ errors }: { errors: Partial<Record<'name' | 'email', string>> }) {
  const { describedBy, message } = fieldErrors('signup', errors);
  return (
    <ThemeProvider theme={theme}>
      <label htmlFor="name">Name</label>
      <input id="name" {...describedBy('name')} />
      {message('name')}
      <label htmlFor="email">Email</label>
      <input id="email" {...describedBy('email')} />
      {message('email')}
    </ThemeProvider>
  );
}

it('marks an invalid field and reads its message with it, announced', () => {
  render(<Form errors={{ email: 'Enter an email address' }} />);
  const email = screen.getByLabelText('Email');
  expect(email).toHaveAttribute('aria-invalid', 'true');
  expect(email).toHaveAccessibleDescription('Enter an email address');
  expect(screen.getByRole('alert')).toHaveTextContent('Enter an email address');
});

it('leaves a valid field unmarked, with no message', () => {
  render(<Form errors={{ email: 'Enter an email address' }} />);
  const name = screen.getByLabelText('Name');
  expect(name).not.toHaveAttribute('aria-invalid');
  expect(name).not.toHaveAttribute('aria-describedby');
  expect(screen.getAllByRole('alert')).toHaveLength(1);
});
