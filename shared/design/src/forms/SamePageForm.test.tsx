import { renderToString } from 'react-dom/server';
import { MemoryRouter } from '../router/memoryRouter';
import { SamePageForm } from './SamePageForm';

function serverHtml(url: string, without?: readonly string[]) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(
    <MemoryRouter initialEntries={[url]}>
      <SamePageForm without={without}>
        <button type="submit" name="dialog" value="join">
          Log In
        </button>
        <button type="submit">TRY_AGAIN</button>
      </SamePageForm>
    </MemoryRouter>,
  );
  return container.querySelector('form')!;
}

describe('SamePageForm', () => {
  it('is a GET form to the page that keeps its query, so its buttons work without JavaScript', () => {
    const form = serverHtml('/bounties?q=rust&skill=Go&skill=Rust');
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/bounties');
    expect(new URLSearchParams(new FormData(form) as unknown as string[][]).toString()).toBe(
      'q=rust&skill=Go&skill=Rust',
    );
  });

  it('leaves out the parameters that are not the page’s own', () => {
    const form = serverHtml('/bounties?q=rust&dialog=contact&result=ok', ['dialog', 'result']);
    expect(new URLSearchParams(new FormData(form) as unknown as string[][]).toString()).toBe('q=rust');
  });
});
