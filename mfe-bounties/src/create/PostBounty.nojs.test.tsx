import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import { QueryClientProvider } from '@side-quest/data/query';
import { theme } from '@side-quest/design';
import { MemoryRouter } from '@side-quest/design/memory-router';
import { BOUNTY_DRAFT_RETURN_KEY, createQueryClient, type FormReturn } from '@side-quest/data';
import { currentUrl, renderPage } from '../testing/render';
import { NOT_SUBMITTED_MESSAGE } from './draftDialogStart';
import { PostBounty, preloadBountyDraftDialog } from './PostBounty';

// The dialog's own chunk, in before rendering, as on the server (which renders once everything has
// loaded) and once POST_BOUNTY is pointed at in a browser.
beforeAll(() => preloadBountyDraftDialog());

function queryClientWith(returned?: FormReturn) {
  const queryClient = createQueryClient();
  if (returned) queryClient.setQueryData(BOUNTY_DRAFT_RETURN_KEY, returned);
  return queryClient;
}

/** POST_BOUNTY as the server's HTML has it, before (or without) JavaScript, in the document. */
function serverHtml(route: string, returned?: FormReturn): HTMLElement {
  document.body.innerHTML = `<div>${renderToString(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClientWith(returned)}>
        <MemoryRouter initialEntries={[route]}>
          <PostBounty />
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  )}</div>`;
  return document.body.firstElementChild as HTMLElement;
}

const fields = (form: HTMLFormElement) => [...new FormData(form).entries()].map(([name]) => name);
const field = (root: HTMLElement, name: string) =>
  root.querySelector<HTMLInputElement>(`form[method="post"] [name="${name}"]`)!;

describe('POST_BOUNTY and CREATE_NEW_BOUNTY without JavaScript', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('opens the dialog by a GET form to the same page, which keeps its query and adds dialog=create-bounty', () => {
    const page = serverHtml('/bounties?q=rust&domain=AI%2FML&draft=ok');
    const opener = [...page.querySelectorAll('button')].find(
      (button) => button.textContent === 'POST_BOUNTY',
    )!;
    expect(opener).toHaveAttribute('type', 'submit');
    expect(opener).toHaveAttribute('name', 'dialog');
    expect(opener).toHaveAttribute('value', 'create-bounty');
    const form = opener.form!;
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/bounties');
    expect(new URLSearchParams(new FormData(form) as unknown as Record<string, string>).toString()).toBe(
      'q=rust&domain=AI%2FML',
    );
    expect(page.querySelector('dialog[open]')).toBeNull();
  });

  it('renders the dialog open from the URL, with a native form the browser posts itself', () => {
    const page = serverHtml('/bounties?q=rust&dialog=create-bounty');
    const dialog = page.querySelector('dialog')!;
    expect(dialog).toHaveAttribute('open');
    const form = dialog.querySelector<HTMLFormElement>('form[method="post"]')!;
    expect(form).toHaveAttribute('action', '/api/bounty-submissions');
    expect(fields(form)).toEqual([
      'pageUri',
      'title',
      'company',
      'description',
      'bountyAmount',
      'deadline',
      'domain',
    ]);
    expect(field(page, 'pageUri').value).toBe('/bounties?q=rust&dialog=create-bounty');
    // Enter in a field sends the draft: SUBMIT_BOUNTY is the form's first submit button.
    const submitButtons = [...form.elements].filter(
      (element) => element instanceof HTMLButtonElement && element.type === 'submit',
    );
    expect(submitButtons.map((button) => button.textContent)).toEqual(['SUBMIT_BOUNTY']);
    // CANCEL closes the dialog natively, through a form of its own.
    const cancel = [...dialog.querySelectorAll('button')].find((button) => button.textContent === 'CANCEL')!;
    expect(cancel).toHaveAttribute('type', 'submit');
    expect(cancel.form).toHaveAttribute('method', 'dialog');
  });

  it('shows a refused draft again with what was typed and the messages beside the fields', () => {
    const page = serverHtml('/bounties?dialog=create-bounty', {
      outcome: 'invalid',
      values: {
        title: 'Speed up the parser',
        company: 'Ferris Inc',
        description: 'Twice as fast',
        bountyAmount: '-5',
        deadline: '14',
        domain: 'AI/ML',
      },
    });
    expect(page.querySelector('dialog')).toHaveAttribute('open');
    expect(field(page, 'title').value).toBe('Speed up the parser');
    expect(field(page, 'domain').value).toBe('AI/ML');
    expect(field(page, 'bountyAmount')).toHaveAttribute('aria-invalid', 'true');
    expect(page.textContent).toContain('Bounty amount must be at least 0.');
    expect(page.textContent).not.toContain(NOT_SUBMITTED_MESSAGE);
  });

  it('says a draft refused for another reason (too many, the store down) could not be submitted', () => {
    const page = serverHtml('/bounties?dialog=create-bounty', {
      outcome: 'failed',
      values: { title: 'Speed up the parser', domain: 'Engineering' },
    });
    expect(page.querySelector('[role="alert"]')).toHaveTextContent(NOT_SUBMITTED_MESSAGE);
    expect(field(page, 'title').value).toBe('Speed up the parser');
    expect(field(page, 'domain').value).toBe('Engineering');
  });

  it('says a sent draft was received, the dialog closed', () => {
    const page = serverHtml('/bounties?draft=ok');
    expect(page.querySelector('[role="status"]')).toHaveTextContent(
      'Bounty submitted. Your bounty was received and is pending review.',
    );
    expect(page.querySelector('dialog[open]')).toBeNull();
  });
});

describe('CREATE_NEW_BOUNTY opened from the URL, once the page runs', () => {
  it('takes its parameter out of the URL when it closes, keeping the page’s own', async () => {
    const user = userEvent.setup();
    renderPage(<PostBounty />, { route: '/bounties?q=rust&dialog=create-bounty' });
    expect(screen.getByRole('dialog', { name: 'CREATE_NEW_BOUNTY' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'CANCEL' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(currentUrl(screen)).toBe('/bounties?q=rust');
  });
});
