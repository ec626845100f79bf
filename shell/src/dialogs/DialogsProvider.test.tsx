import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  MARKETING_IDS,
  NO_MARKETING_IDS,
  renderWithProviders,
  setTestRuntimeConfig,
} from '../testing/renderWithProviders';
import { useDialogs, type ShellDialog } from './DialogsProvider';
import { EMBED_RENDER_TIMEOUT_MS } from './marketingEmbed';
import { EMBED_SCRIPT_ATTRIBUTE } from './useMarketingEmbed';
import { loadShellDialogs } from './lazyShellDialogs';

function Openers() {
  const { openDialog } = useDialogs();
  return (
    <>
      {(['login', 'contact', 'signup'] as ShellDialog[]).map((dialog) => (
        <button key={dialog} type="button" onClick={() => openDialog(dialog)}>
          open {dialog}
        </button>
      ))}
    </>
  );
}

const embedScripts = () => Array.from(document.querySelectorAll(`script[${EMBED_SCRIPT_ATTRIBUTE}]`));

type FetchMock = jest.Mock<Promise<{ ok: boolean; status: number; json: () => Promise<unknown> }>>;

function mockFetch(status: number, body: unknown): FetchMock {
  const fetchMock: FetchMock = jest.fn(async () => ({
    ok: status >= 200 && status < 300,
    status,
    json: async () => body,
  }));
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

// The dialogs are a chunk loaded on first opening (lazyShellDialogs.test.tsx): here they are in.
beforeAll(() => loadShellDialogs());

afterEach(() => {
  document.querySelectorAll(`script[${EMBED_SCRIPT_ATTRIBUTE}]`).forEach((script) => script.remove());
  delete (window as unknown as { hbspt?: unknown }).hbspt;
});

describe('shell dialogs with the marketing ids not configured', () => {
  beforeEach(() => setTestRuntimeConfig(NO_MARKETING_IDS));

  it('opens Log In with its title and subtitle, labelled, and closes on Escape', async () => {
    renderWithProviders(<Openers />);
    await userEvent.click(screen.getByRole('button', { name: 'open login' }));
    const dialog = screen.getByRole('dialog', { name: 'JOIN_SIDE_QUEST' });
    expect(dialog).toHaveAccessibleDescription(
      'Sign up to receive notifications about new bounties and opportunities.',
    );
    expect(embedScripts()).toHaveLength(0);
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a clear message beside a bad email and sends nothing', async () => {
    const fetchMock = mockFetch(201, { success: true, message: 'ok' });
    renderWithProviders(<Openers />);
    await userEvent.click(screen.getByRole('button', { name: 'open login' }));
    expect(screen.getByRole('dialog', { name: 'JOIN_SIDE_QUEST' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example');
    await userEvent.click(screen.getByRole('button', { name: 'SIGN_UP' }));
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Please enter a valid email address.');
    expect(email).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('creates an account in CREATE_ACCOUNT: an e-mail code form posted to the sign-in, back to this page', async () => {
    renderWithProviders(<Openers />);
    await userEvent.click(screen.getByRole('button', { name: 'open signup' }));
    const dialog = screen.getByRole('dialog', { name: 'CREATE_ACCOUNT' });
    const email = within(dialog).getByLabelText('E-mail address');
    expect(email).toHaveAttribute('type', 'email');
    const form = email.closest('form') as HTMLFormElement;
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/sign-in');
    expect(within(form).getByRole('button', { name: 'E-mail me a code' })).toHaveAttribute('type', 'submit');
    expect((form.elements.namedItem('next') as HTMLInputElement).value).toBe(window.location.pathname);
  });

  it('keeps JOIN_SIDE_QUEST as it is and offers Sign in beside its form', async () => {
    renderWithProviders(<Openers />);
    await userEvent.click(screen.getByRole('button', { name: 'open login' }));
    const dialog = screen.getByRole('dialog', { name: 'JOIN_SIDE_QUEST' });
    expect(dialog).toHaveAccessibleDescription(
      'Sign up to receive notifications about new bounties and opportunities.',
    );
    expect(within(dialog).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
  });

  it('posts a sign-up, confirms it and raises a toast', async () => {
    const fetchMock = mockFetch(201, { success: true, message: "You're on the list." });
    renderWithProviders(<Openers />);
    await userEvent.click(screen.getByRole('button', { name: 'open login' }));
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'SIGN_UP' }));
    const dialog = screen.getByRole('dialog', { name: 'JOIN_SIDE_QUEST' });
    expect(await within(dialog).findByRole('status')).toHaveTextContent('You are signed up');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/signups');
    expect(JSON.parse(String(init.body))).toEqual({
      email: 'ada@example.com',
      source: 'login',
      pageUri: window.location.href,
    });
    expect(screen.getByTestId('toast')).toHaveTextContent("You're on the list.");
    await userEvent.click(within(dialog).getByRole('button', { name: 'DONE' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps everything typed and shows an error when the server fails, even after closing', async () => {
    mockFetch(503, { success: false, message: 'down' });
    renderWithProviders(<Openers />);
    await userEvent.click(screen.getByRole('button', { name: 'open contact' }));
    expect(screen.getByRole('dialog', { name: 'POST_CHALLENGE' })).toHaveAccessibleDescription(
      'Submit your challenge or bounty for talented individuals to solve.',
    );
    await userEvent.type(screen.getByLabelText('Email'), 'cto@acme.io');
    await userEvent.type(screen.getByLabelText('Company'), 'Acme');
    await userEvent.type(screen.getByLabelText('Challenge description'), 'Cut our CI from 40 to 10 minutes.');
    await userEvent.click(screen.getByRole('button', { name: 'SUBMIT_CHALLENGE' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was a problem submitting your form. Please try again.',
    );
    expect(screen.getByLabelText('Company')).toHaveValue('Acme');

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'open contact' }));
    expect(screen.getByLabelText('Challenge description')).toHaveValue('Cut our CI from 40 to 10 minutes.');
  });

  it('shows the server’s field message beside the field', async () => {
    mockFetch(400, {
      success: false,
      message: 'x',
      fieldErrors: { company: 'Please enter your company name.' },
    });
    renderWithProviders(<Openers />);
    await userEvent.click(screen.getByRole('button', { name: 'open contact' }));
    await userEvent.type(screen.getByLabelText('Email'), 'cto@acme.io');
    await userEvent.type(screen.getByLabelText('Company'), 'Acme');
    await userEvent.type(screen.getByLabelText('Challenge description'), 'Cut our CI from 40 to 10 minutes.');
    await userEvent.click(screen.getByRole('button', { name: 'SUBMIT_CHALLENGE' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Company')).toHaveAccessibleDescription('Please enter your company name.'),
    );
  });
});

describe('shell dialogs with the marketing ids configured', () => {
  beforeEach(() => setTestRuntimeConfig(MARKETING_IDS));

  it('loads the form-embed script for Log In with placeholder bars, and removes it on close', async () => {
    renderWithProviders(<Openers />);
    await userEvent.click(screen.getByRole('button', { name: 'open login' }));
    expect(screen.getByTestId('form-placeholder')).toBeInTheDocument();
    const [script] = embedScripts() as HTMLScriptElement[];
    expect(script?.src).toBe('https://js-eu1.hsforms.net/forms/embed/1234567.js');
    const frame = document.querySelector('.hs-form-frame');
    expect(frame).toHaveAttribute('data-region', 'eu1');
    expect(frame).toHaveAttribute('data-portal-id', '1234567');
    expect(frame).toHaveAttribute('data-form-id', MARKETING_IDS.signupFormId);

    // The provider renders its frame: the placeholder goes.
    act(() => void frame?.appendChild(document.createElement('iframe')));
    await waitFor(() => expect(screen.queryByTestId('form-placeholder')).not.toBeInTheDocument());
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(embedScripts()).toHaveLength(0);
  });

  it('loads the v2 script for the contact dialog and creates the form with region eu1', async () => {
    renderWithProviders(<Openers />);
    await userEvent.click(screen.getByRole('button', { name: 'open contact' }));
    const [script] = embedScripts() as HTMLScriptElement[];
    expect(script?.src).toBe('https://js-eu1.hsforms.net/forms/embed/v2.js');
    const create = jest.fn((options: { target: string; onFormReady: () => void }) => {
      document.querySelector(options.target)?.appendChild(document.createElement('form'));
      options.onFormReady();
    });
    (window as unknown as { hbspt: unknown }).hbspt = { forms: { create } };
    act(() => void script?.dispatchEvent(new Event('load')));
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({
        region: 'eu1',
        portalId: '1234567',
        formId: MARKETING_IDS.contactFormId,
        target: '#sq-embed-contact',
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('form-placeholder')).not.toBeInTheDocument());
    expect(screen.queryByTestId('fallback-challenge')).not.toBeInTheDocument();
  });

  it('switches to the native form when the script is blocked', async () => {
    renderWithProviders(<Openers />);
    await userEvent.click(screen.getByRole('button', { name: 'open contact' }));
    const [script] = embedScripts();
    act(() => void script?.dispatchEvent(new Event('error')));
    expect(await screen.findByTestId('fallback-challenge')).toBeInTheDocument();
    expect(screen.queryByTestId('form-placeholder')).not.toBeInTheDocument();
  });

  it('switches to the native form when nothing rendered within 8 seconds', async () => {
    jest.useFakeTimers();
    try {
      renderWithProviders(<Openers />);
      fireEvent.click(screen.getByRole('button', { name: 'open login' }));
      act(() => jest.advanceTimersByTime(EMBED_RENDER_TIMEOUT_MS - 1));
      expect(screen.getByTestId('form-placeholder')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1));
      expect(screen.getByTestId('fallback-signup')).toBeInTheDocument();
      // The late script is gone too, so it cannot render a second form under the fallback.
      expect(embedScripts()).toHaveLength(0);
    } finally {
      jest.useRealTimers();
    }
  });
});
