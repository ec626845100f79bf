import { act, screen } from '@testing-library/react';
import { PostBounty } from './PostBounty';
import { renderPage } from '../testing/render';

// No preload here: the dialog's chunk is first asked for by the visitor's click.
describe('POST_BOUNTY before the dialog’s code has loaded', () => {
  it('loads the dialog on the first click and opens it', async () => {
    renderPage(<PostBounty />);
    expect(screen.queryByRole('dialog')).toBeNull();
    const opener = screen.getByRole('button', { name: 'POST_BOUNTY' });
    await act(async () => opener.click());
    expect(await screen.findByRole('dialog', { name: 'CREATE_NEW_BOUNTY' })).toBeInTheDocument();
    expect(screen.getByLabelText('Domain')).toHaveValue('Software');
  });
});
