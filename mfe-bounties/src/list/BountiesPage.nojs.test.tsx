import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import { QueryClientProvider } from '@side-quest/data/query';
import { theme } from '@side-quest/design';
import { MemoryRouter } from '@side-quest/design/memory-router';
import { createQueryClient, type BountyList } from '@side-quest/data';
import { BOUNTY_LIST_KEY } from '@side-quest/data/bounty-queries';
import BountiesPage from './BountiesPage';
import { parseListQuery } from '@side-quest/data/bounty-query';
import { makeBounty, makeBountyList, manyBounties } from '@side-quest/data/testing';
import { currentUrl, renderPage } from '../testing/render';

const sample = makeBountyList([
  makeBounty({ id: 'rust-1', item_title: 'Rust parser', bounty_area: 'Software', skill_tags: ['Rust'] }),
  makeBounty({ id: 'ml-1', item_title: 'Vision model', bounty_area: 'AI/ML', skill_tags: ['PyTorch'] }),
  makeBounty({ id: 'eng-1', item_title: 'Bridge design', bounty_area: 'Engineering', skill_tags: ['CAD'] }),
]);

function clientQueryClient(list: BountyList) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(BOUNTY_LIST_KEY, list);
  return queryClient;
}

/** The page as the browser renders it with JavaScript. */
function renderList(route: string, list = sample) {
  return renderPage(<BountiesPage />, { route, path: '/bounties', queryClient: clientQueryClient(list) });
}

/** The page as the server's HTML has it, before (or without) JavaScript, in the document. */
function serverHtml(route: string, list = sample): HTMLElement {
  const html = renderToString(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={clientQueryClient(list)}>
        <MemoryRouter initialEntries={[route]}>
          <BountiesPage />
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  document.body.innerHTML = `<div>${html}</div>`;
  return document.body.firstElementChild as HTMLElement;
}

/** The query string a GET form submits, with the button that submits it (when it has a name). */
function submitted(form: HTMLFormElement): string {
  return new URLSearchParams(new FormData(form) as unknown as Record<string, string>).toString();
}

/** The form a button submits without JavaScript: its `form` attribute's, else its ancestor. */
function formOf(button: HTMLButtonElement): HTMLFormElement {
  const form = button.form;
  if (!form) throw new Error(`${button.textContent} submits no form`);
  expect(button).toHaveAttribute('type', 'submit');
  expect(form).toHaveAttribute('method', 'get');
  expect(form).toHaveAttribute('action', '/bounties');
  return form;
}

const buttonNamed = (root: HTMLElement, name: RegExp) =>
  [...root.querySelectorAll('button')].find((button) =>
    name.test(button.getAttribute('aria-label') ?? button.textContent ?? ''),
  ) as HTMLButtonElement;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the bounty list without JavaScript', () => {
  it('renders its controls as a GET form to /bounties with the URL state’s field names', () => {
    const root = serverHtml('/bounties?q=parser&domain=Software&skill=Rust&sort=title&dir=desc&pages=2');
    const form = root.querySelector('form[role="search"]') as HTMLFormElement;
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/bounties');
    expect(form.querySelector('input[type="search"]')).toHaveAttribute('name', 'q');
    // Enter in the search box submits through the first submit button: APPLY, which adds no field.
    const firstSubmit = form.querySelector('button[type="submit"]') as HTMLButtonElement;
    expect(firstSubmit).toHaveTextContent('APPLY');
    expect(firstSubmit).not.toHaveAttribute('name');
    // The form reads back as the same state, on the first page again (any change but paging).
    expect(submitted(form)).toBe(
      'q=parser&domain=Software&skill=Rust&skill=&sort=title&dir=desc&status=&stage=&sponsor=&min=&max=',
    );
    expect(parseListQuery(new URLSearchParams(submitted(form)))).toEqual({
      ...parseListQuery(new URLSearchParams('q=parser&domain=Software&skill=Rust&sort=title&dir=desc')),
      pages: 1,
    });
  });

  it('adds a skill with ADD, a submit button that is enabled without JavaScript', () => {
    const root = serverHtml('/bounties?skill=Rust');
    const add = buttonNamed(root, /^ADD$/);
    expect(add).not.toBeDisabled();
    const form = formOf(add);
    (form.querySelector('select[name="skill"]') as HTMLSelectElement).value = 'CAD';
    expect(submitted(form)).toBe('q=&domain=&skill=Rust&skill=CAD&status=&stage=&sponsor=&min=&max=');
    expect(parseListQuery(new URLSearchParams(submitted(form))).skills).toEqual(['Rust', 'CAD']);
  });

  it.each([
    ['/bounties?skill=Rust&sort=title', /^Title/],
    ['/bounties?skill=Rust&sort=title', /^Reward/],
    ['/bounties?skill=Rust&sort=title', /^Deadline/],
    ['/bounties?q=r&skill=Rust&dir=asc&pages=2', /^Reward/],
    ['/bounties?q=r&skill=Rust&skill=CAD&sort=deadline', /^Remove skill Rust/],
    ['/bounties?q=r&domain=Software&skill=Rust&sort=title&dir=desc', /^Reset All/],
  ])('at %s, %s leads to the URL the list writes with JavaScript', async (route, name) => {
    const viaForm = submitted(formOf(buttonNamed(serverHtml(route), name)));
    document.body.innerHTML = '';
    const view = renderList(route);
    await userEvent.click(buttonNamed(document.body, name));
    const url = currentUrl(view) as string;
    expect(viaForm).toBe(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');
  });

  it('pages with LOAD_MORE_BOUNTIES as the list does with JavaScript', async () => {
    const list = makeBountyList(manyBounties(25));
    const more = buttonNamed(serverHtml('/bounties?domain=&sort=title&pages=1', list), /LOAD_MORE_BOUNTIES/);
    expect(submitted(formOf(more))).toBe('sort=title&pages=2');
    document.body.innerHTML = '';
    const view = renderList('/bounties?domain=&sort=title&pages=1', list);
    await userEvent.click(screen.getByRole('button', { name: 'LOAD_MORE_BOUNTIES' }));
    expect(currentUrl(view)).toBe('/bounties?sort=title&pages=2');
  });

  it('resets from the empty state with Reset Filters', () => {
    const reset = buttonNamed(serverHtml('/bounties?q=nothing-matches'), /^Reset Filters$/);
    expect(submitted(formOf(reset))).toBe('');
  });
});

describe('the bounty list with JavaScript', () => {
  it('prevents every submit, drops APPLY and keeps its buttons plain', async () => {
    const view = renderList('/bounties?skill=Rust');
    const form = screen.getByRole('search', { name: 'Filter bounties' }) as HTMLFormElement;
    expect(screen.queryByRole('button', { name: 'APPLY' })).toBeNull();
    expect(screen.getByRole('button', { name: 'ADD' })).toHaveAttribute('type', 'button');
    expect(screen.getByRole('button', { name: /^Title/ })).toHaveAttribute('type', 'button');
    expect(screen.getByRole('button', { name: 'Remove skill Rust' })).not.toHaveAttribute('form');
    expect(fireEvent.submit(form)).toBe(false);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'rust{Enter}');
    expect(currentUrl(view)).toBe('/bounties?q=rust&skill=Rust');
    expect(document.querySelectorAll('form[hidden]')).toHaveLength(0);
  });
});
