import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import { QueryClientProvider } from '@side-quest/data/query';
import { theme, useLocation } from '@side-quest/design';
import { MemoryRouter } from '@side-quest/design/memory-router';
import { CONTACT_FORM_RETURN_KEY, createQueryClient, type FormReturn } from '@side-quest/data';
import {
  MARKETING_IDS,
  NO_MARKETING_IDS,
  renderWithProviders,
  setTestRuntimeConfig,
} from '../testing/renderWithProviders';
import { Header } from '../layout/Header';
import { Footer } from '../layout/Footer';
import { DialogsProvider } from './DialogsProvider';
import { EMBED_SCRIPT_ATTRIBUTE } from './useMarketingEmbed';
import { loadShellDialogs } from './lazyShellDialogs';

jest.mock('../federation/sections', () => ({ preloadSection: jest.fn() }));

// The dialogs' chunk, in before rendering, as on the server (which renders once everything has loaded)
// and in the browser once an opener is pointed at (lazyShellDialogs.test.tsx loads it on a click).
beforeAll(() => loadShellDialogs());

function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

/** The site at `route`; `returned` is a refused post of a dialog's form, as the server renders it into the cache. */
const renderSite = (route: string, returned?: FormReturn) =>
  renderWithProviders(
    <>
      <Header />
      <Footer />
      <LocationProbe />
    </>,
    { route, queries: returned ? [[CONTACT_FORM_RETURN_KEY, returned]] : [] },
  );

const location = () => screen.getByTestId('location').textContent;
const embedScripts = () => document.querySelectorAll(`script[${EMBED_SCRIPT_ATTRIBUTE}]`);

/** The site's HTML as the server renders it at `route`, in the document. */
function serverHtml(route: string): HTMLElement {
  const html = renderToString(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[route]}>
          <DialogsProvider>
            <Header />
            <Footer />
          </DialogsProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  document.body.innerHTML = `<div>${html}</div>`;
  return document.body.firstElementChild as HTMLElement;
}

const query = (form: HTMLFormElement, submitter?: HTMLButtonElement) => {
  const data = new URLSearchParams(new FormData(form) as unknown as Record<string, string>);
  if (submitter?.name) data.append(submitter.name, submitter.value);
  return data.toString();
};

afterEach(() => {
  document.body.innerHTML = '';
});

describe('dialog openers without JavaScript', () => {
  beforeEach(() => setTestRuntimeConfig(NO_MARKETING_IDS));

  it.each([
    ['Log In', 'join'],
    ['Contact', 'contact'],
  ])('%s submits a GET form to the same page, keeping its query, with dialog=%s', (name, value) => {
    const root = serverHtml('/bounties?q=rust&skill=Go');
    const button = within(root).getByRole('button', { name, hidden: true }) as HTMLButtonElement;
    expect(button).toHaveAttribute('type', 'submit');
    const form = button.form as HTMLFormElement;
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/bounties');
    expect(query(form, button)).toBe(`q=rust&skill=Go&dialog=${value}`);
  });

  it('with JavaScript opens the dialog on click and never submits', async () => {
    renderSite('/bounties?q=rust');
    const logIn = screen.getByRole('button', { name: 'Log In', hidden: true });
    expect(fireEvent.click(logIn)).toBe(false);
    expect(screen.getByRole('dialog', { name: 'JOIN_SIDE_QUEST' })).toBeInTheDocument();
    expect(location()).toBe('/bounties?q=rust');
  });
});

describe('a dialog named in the URL', () => {
  it('is in the server’s HTML open, with its native form posting to the server', () => {
    setTestRuntimeConfig(MARKETING_IDS);
    const root = serverHtml('/about?x=1&dialog=join');
    const dialog = root.querySelector('dialog[open]') as HTMLDialogElement;
    expect(dialog).toHaveAccessibleName('JOIN_SIDE_QUEST');
    expect(root.querySelectorAll('dialog[open]')).toHaveLength(1);
    const form = within(dialog).getByTestId('fallback-signup') as HTMLFormElement;
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/api/signups');
    (within(form).getByLabelText('Email') as HTMLInputElement).value = 'ada@example.com';
    expect(query(form)).toBe(
      `email=ada%40example.com&pageUri=${encodeURIComponent('/about?x=1&dialog=join')}&source=login`,
    );
    // The close button closes the dialog natively.
    expect(within(dialog).getByRole('button', { name: 'Close' }).closest('form')).toHaveAttribute(
      'method',
      'dialog',
    );
    // Without the URL naming one, no dialog is open in the HTML.
    expect(serverHtml('/about').querySelector('dialog[open]')).toBeNull();
  });

  it('opens at once with the native form even where the embed is configured', () => {
    setTestRuntimeConfig(MARKETING_IDS);
    renderSite('/?dialog=contact');
    const dialog = screen.getByRole('dialog', { name: 'POST_CHALLENGE' });
    expect(within(dialog).getByTestId('fallback-challenge')).toHaveAttribute(
      'action',
      '/api/challenge-requests',
    );
    expect(embedScripts()).toHaveLength(0);
  });

  it('shows the server’s confirmation after an accepted post', () => {
    setTestRuntimeConfig(NO_MARKETING_IDS);
    renderSite('/about?dialog=join&result=ok');
    const status = within(screen.getByRole('dialog', { name: 'JOIN_SIDE_QUEST' })).getByRole('status');
    expect(status).toHaveTextContent('You are signed up');
    expect(status).toHaveTextContent(
      "You're on the list. We'll email you about new bounties and opportunities.",
    );
  });

  it('shows a refused post again with what was typed and the messages beside the fields', () => {
    setTestRuntimeConfig(NO_MARKETING_IDS);
    renderSite('/?dialog=contact', {
      outcome: 'invalid',
      values: { email: 'cto@acme.io', company: 'Acme', challengeDescription: 'Too short' },
    });
    const dialog = within(screen.getByRole('dialog', { name: 'POST_CHALLENGE' }));
    expect(dialog.getByLabelText('Email')).toHaveValue('cto@acme.io');
    expect(dialog.getByLabelText('Company')).toHaveValue('Acme');
    const description = dialog.getByLabelText('Challenge description');
    expect(description).toHaveValue('Too short');
    expect(description).toHaveAccessibleDescription(
      'Please describe your challenge in at least 20 characters.',
    );
    // The field's message and the form's are both announced.
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Please describe your challenge in at least 20 characters.',
      'There was a problem submitting your form. Please try again.',
    ]);
  });

  it('takes neither typed values nor a refusal from the URL, only an accepted post', () => {
    setTestRuntimeConfig(NO_MARKETING_IDS);
    renderSite('/?dialog=contact&result=invalid&email=cto%40acme.io&company=Acme');
    const dialog = within(screen.getByRole('dialog', { name: 'POST_CHALLENGE' }));
    expect(dialog.getByLabelText('Email')).toHaveValue('');
    expect(dialog.getByLabelText('Company')).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('leaves the URL when closed, and opens as an ordinary dialog next time', async () => {
    setTestRuntimeConfig(MARKETING_IDS);
    renderSite('/bounties?q=rust&dialog=join', { outcome: 'failed', values: { email: 'ada@example.com' } });
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'There was a problem submitting your form. Please try again.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(location()).toBe('/bounties?q=rust'));
    await userEvent.click(screen.getByRole('button', { name: 'Log In', hidden: true }));
    expect(screen.getByTestId('form-placeholder')).toBeInTheDocument();
    expect(embedScripts()).toHaveLength(1);
    // What was typed is still the draft, for when the embed fails and the native form shows.
    embedScripts().forEach((script) => script.remove());
  });
});
