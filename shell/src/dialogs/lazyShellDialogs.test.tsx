import { act, screen, within } from '@testing-library/react';
import { renderWithProviders, setTestRuntimeConfig } from '../testing/renderWithProviders';
import { DialogOpener } from './DialogOpener';

describe('the dialogs’ forms, a chunk of their own', () => {
  // Without the provider's ids the dialog holds the native form.
  beforeEach(() => setTestRuntimeConfig());

  it('load on the first opening and show the form', async () => {
    renderWithProviders(
      <DialogOpener dialog="login">{(opener) => <button {...opener}>open login</button>}</DialogOpener>,
    );
    // A click inside an awaited act, which waits for the suspended dialogs until their code is in.
    await act(async () => screen.getByRole('button', { name: 'open login' }).click());
    const dialog = await screen.findByRole('dialog', { name: 'JOIN_SIDE_QUEST' });
    expect(within(dialog).getByLabelText('Email')).toBeInTheDocument();
    expect(within(dialog).queryByTestId('form-placeholder')).not.toBeInTheDocument();
  });
});
