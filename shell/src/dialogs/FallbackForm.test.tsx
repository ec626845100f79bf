import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectFieldMessage } from '@side-quest/design/field-errors/testing';
import { renderWithProviders } from '../testing/renderWithProviders';
import { FallbackForm } from './FallbackForm';
import { EMPTY_VALUES } from './fallbackValues';

/** The contact dialog's native form, holding what is typed as the dialogs provider does. */
function ChallengeForm() {
  const [values, setValues] = useState(EMPTY_VALUES);
  return (
    <FallbackForm
      dialog="contact"
      kind="challenge"
      source="signup"
      values={values}
      onValuesChange={setValues}
      onSubmitted={() => undefined}
      onClose={() => undefined}
    />
  );
}

describe('FallbackForm, submitted invalid', () => {
  it('shows each field’s message under it, announced and read with the field, and sends nothing', async () => {
    const fetchMock = jest.fn();
    globalThis.fetch = fetchMock;
    const user = userEvent.setup();
    renderWithProviders(<ChallengeForm />);
    await user.type(screen.getByLabelText('Email'), 'cto@acme');
    await user.type(screen.getByLabelText('Challenge description'), 'Too short');
    await user.click(screen.getByRole('button', { name: 'SUBMIT_CHALLENGE' }));
    expectFieldMessage(screen.getByLabelText('Email'), 'Please enter a valid email address.');
    expectFieldMessage(screen.getByLabelText('Company'), 'Please enter your company name.');
    expectFieldMessage(
      screen.getByLabelText('Challenge description'),
      'Please describe your challenge in at least 20 characters.',
    );
    expect(screen.getAllByRole('alert')).toHaveLength(3);
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
