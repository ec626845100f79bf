import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectFieldMessage } from '@side-quest/design/field-errors/testing';
import { PostBounty, preloadBountyDraftDialog } from './PostBounty';
import { renderPage } from '../testing/render';

// The dialog's own chunk, in before rendering, as on the server (which renders once everything has
// loaded) and once POST_BOUNTY is pointed at in a browser.
beforeAll(() => preloadBountyDraftDialog());

type FetchMock = jest.Mock<Promise<unknown>, [string, RequestInit]>;
const fetchMock: FetchMock = jest.fn();

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

const answer = (status: number, body: unknown) =>
  Promise.resolve({ ok: status >= 200 && status < 300, status, json: () => Promise.resolve(body) });

async function openDialog() {
  const user = userEvent.setup();
  renderPage(<PostBounty />);
  await user.click(screen.getByRole('button', { name: 'POST_BOUNTY' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'CREATE_NEW_BOUNTY' }) };
}

async function fillValidDraft(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Title'), 'Speed up the parser');
  await user.type(screen.getByLabelText('Company'), 'Ferris Inc');
  await user.type(screen.getByLabelText('Description'), 'Make it twice as fast.');
  await user.type(screen.getByLabelText('Bounty amount (USD)'), '1500');
  await user.type(screen.getByLabelText('Deadline (days)'), '14');
  await user.selectOptions(screen.getByLabelText('Domain'), 'AI/ML');
}

describe('POST_BOUNTY and the CREATE_NEW_BOUNTY dialog', () => {
  it('has the six fields with Software as the default domain', async () => {
    await openDialog();
    expect(screen.getByLabelText('Domain')).toHaveValue('Software');
    expect(
      Array.from((screen.getByLabelText('Domain') as HTMLSelectElement).options).map((o) => o.value),
    ).toEqual(['Software', 'AI/ML', 'Engineering']);
  });

  it('marks every missing field with a message under it, announced, and sends nothing', async () => {
    const { user } = await openDialog();
    await user.click(screen.getByRole('button', { name: 'SUBMIT_BOUNTY' }));
    const title = screen.getByLabelText('Title');
    expectFieldMessage(title, 'Title is required.');
    expect(title).toHaveFocus();
    expectFieldMessage(screen.getByLabelText('Company'), 'Company is required.');
    expectFieldMessage(screen.getByLabelText('Description'), 'Description is required.');
    expectFieldMessage(screen.getByLabelText('Bounty amount (USD)'), 'Bounty amount is required.');
    expectFieldMessage(screen.getByLabelText('Deadline (days)'), 'Deadline is required.');
    expect(screen.getByLabelText('Domain')).not.toHaveAttribute('aria-invalid');
    expect(screen.getAllByRole('alert')).toHaveLength(5);
    expect(fetchMock).not.toHaveBeenCalled();
    // Fixing a field clears its message.
    await user.type(title, 'A title');
    expect(title).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Title is required.')).toBeNull();
  });

  it('rejects a negative amount and a deadline under 1 day', async () => {
    const { user } = await openDialog();
    await fillValidDraft(user);
    await user.clear(screen.getByLabelText('Bounty amount (USD)'));
    await user.type(screen.getByLabelText('Bounty amount (USD)'), '-5');
    await user.clear(screen.getByLabelText('Deadline (days)'));
    await user.type(screen.getByLabelText('Deadline (days)'), '0');
    await user.click(screen.getByRole('button', { name: 'SUBMIT_BOUNTY' }));
    expect(screen.getByLabelText('Bounty amount (USD)')).toHaveAccessibleDescription(
      'Bounty amount must be at least 0.',
    );
    expect(screen.getByLabelText('Deadline (days)')).toHaveAccessibleDescription(
      'Deadline must be at least 1 day.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('on a valid submit closes and clears the form, posts the draft and confirms with a toast', async () => {
    fetchMock.mockReturnValue(answer(201, { success: true, id: 7, status: 'pending', message: 'ok' }));
    const { user } = await openDialog();
    await fillValidDraft(user);
    await user.click(screen.getByRole('button', { name: 'SUBMIT_BOUNTY' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.getByText('Bounty submitted')).toBeInTheDocument());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/bounty-submissions');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({
      title: 'Speed up the parser',
      company: 'Ferris Inc',
      description: 'Make it twice as fast.',
      bountyAmount: 1500,
      deadline: 14,
      domain: 'AI/ML',
    });
    await user.click(screen.getByRole('button', { name: 'POST_BOUNTY' }));
    expect(screen.getByLabelText('Title')).toHaveValue('');
    expect(screen.getByLabelText('Domain')).toHaveValue('Software');
  });

  it('keeps the draft when the server refuses it: the dialog reopens with the values and the reason', async () => {
    fetchMock.mockReturnValue(answer(503, { success: false, message: 'The bounty could not be stored.' }));
    const { user } = await openDialog();
    await fillValidDraft(user);
    await user.click(screen.getByRole('button', { name: 'SUBMIT_BOUNTY' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The bounty could not be stored.');
    expect(alert).toHaveTextContent('Your draft is kept');
    expect(screen.getByRole('dialog', { name: 'CREATE_NEW_BOUNTY' })).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Speed up the parser');
    expect(screen.getByLabelText('Domain')).toHaveValue('AI/ML');
  });

  it('keeps the draft when rate limited and says how long to wait', async () => {
    fetchMock.mockReturnValue(
      answer(429, { success: false, message: 'Too many attempts — try again in 42 seconds.' }),
    );
    const { user } = await openDialog();
    await fillValidDraft(user);
    await user.click(screen.getByRole('button', { name: 'SUBMIT_BOUNTY' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many attempts — try again in 42 seconds.');
    expect(alert).toHaveTextContent('Your draft is kept');
    expect(screen.getByLabelText('Title')).toHaveValue('Speed up the parser');
  });

  it('keeps the draft when the network is down', async () => {
    fetchMock.mockReturnValue(Promise.reject(new TypeError('Failed to fetch')));
    const { user } = await openDialog();
    await fillValidDraft(user);
    await user.click(screen.getByRole('button', { name: 'SUBMIT_BOUNTY' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The server could not be reached.');
    expect(screen.getByLabelText('Company')).toHaveValue('Ferris Inc');
  });
});
