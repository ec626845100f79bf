import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import { theme } from '@side-quest/design';
import { DEFAULT_LIST_QUERY, type ListQuery, type SortField } from '@side-quest/data/bounty-query';
import { BountyControls } from './BountyControls';

/** A list state with a chosen skill, whose `search` counts how often it is read: each render of the panel reads it as often. */
function countingQuery() {
  const counter = { reads: 0 };
  const query: ListQuery = { ...DEFAULT_LIST_QUERY, skills: ['Rust'] };
  Object.defineProperty(query, 'search', {
    get: () => {
      counter.reads++;
      return '';
    },
  });
  return { query, counter };
}

function Panel({ query }: { query: ListQuery }) {
  const ignore = () => undefined;
  return (
    <ThemeProvider theme={theme}>
      <BountyControls
        query={query}
        domains={['Software']}
        skills={['Rust', 'Go']}
        onSearch={ignore}
        onFilter={ignore}
        onDomain={ignore}
        onAddSkill={ignore}
        onRemoveSkill={ignore}
        onSort={ignore}
        onReset={ignore}
      />
    </ThemeProvider>
  );
}

describe('BountyControls at hydration', () => {
  it('turns its submit buttons plain and drops APPLY and the hidden forms without rendering the panel again', async () => {
    const { query, counter } = countingQuery();
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Panel query={query} />);
    const readsPerRender = counter.reads;
    document.body.appendChild(container);
    expect(container.querySelectorAll('form[hidden]').length).toBeGreaterThan(0);
    expect(container.querySelector('button[type="submit"]')).not.toBeNull();

    counter.reads = 0;
    const root = await act(async () => hydrateRoot(container, <Panel query={query} />));
    expect(counter.reads).toBe(readsPerRender);
    expect(container.querySelectorAll('form[hidden]')).toHaveLength(0);
    expect(container.querySelector('button[type="submit"]')).toBeNull();
    expect([...container.querySelectorAll('button')].map((button) => button.textContent)).not.toContain(
      'APPLY',
    );
    expect(container.querySelector('button[aria-label="Remove skill Rust"]')).toHaveAttribute(
      'type',
      'button',
    );
    act(() => root.unmount());
    container.remove();
  });
});

describe('BountyControls handlers', () => {
  it('calls the handlers of its latest render, though its memoised controls kept the first ones', async () => {
    const container = document.createElement('div');
    document.body.appendChild(container);
    const root = createRoot(container);
    const first = jest.fn();
    const latest = jest.fn();
    const panel = (onSort: (field: SortField) => void) => (
      <ThemeProvider theme={theme}>
        <BountyControls
          query={DEFAULT_LIST_QUERY}
          domains={['Software']}
          skills={['Rust']}
          onSearch={() => undefined}
          onFilter={() => undefined}
          onDomain={() => undefined}
          onAddSkill={() => undefined}
          onRemoveSkill={() => undefined}
          onSort={onSort}
          onReset={() => undefined}
        />
      </ThemeProvider>
    );
    await act(async () => root.render(panel(first)));
    await act(async () => root.render(panel(latest)));
    const deadline = [...container.querySelectorAll('button')].find((button) =>
      button.textContent?.startsWith('Deadline'),
    );
    await act(async () => deadline?.click());
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledWith('deadline');
    act(() => root.unmount());
    container.remove();
  });
});
