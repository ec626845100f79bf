import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { SAVED_BOUNTIES_STORAGE_KEY } from './savedIds';
import { toggleSavedBounty, useSavedBounties } from './useSavedBounties';

function SavedCount() {
  const { savedIds } = useSavedBounties();
  return <p>{[...savedIds].join(',') || 'none'}</p>;
}

/** What the browser does when another tab changes the saved bounties. */
function otherTabSaves(ids: string[]) {
  const text = JSON.stringify(ids);
  window.localStorage.setItem(SAVED_BOUNTIES_STORAGE_KEY, text);
  window.dispatchEvent(new StorageEvent('storage', { key: SAVED_BOUNTIES_STORAGE_KEY, newValue: text }));
}

describe('useSavedBounties', () => {
  beforeEach(() => window.localStorage.clear());

  it('reads the saved ids once, however often the page renders, until they change', () => {
    window.localStorage.setItem(SAVED_BOUNTIES_STORAGE_KEY, '["a"]');
    const getItem = jest.spyOn(Storage.prototype, 'getItem');
    const { rerender } = render(<SavedCount />);
    expect(screen.getByText('a')).toBeInTheDocument();
    const reads = getItem.mock.calls.length;
    rerender(<SavedCount />);
    rerender(<SavedCount />);
    expect(getItem.mock.calls.length).toBe(reads);
    getItem.mockRestore();
  });

  it('follows a toggle on this page and a change made in another tab', () => {
    render(<SavedCount />);
    expect(screen.getByText('none')).toBeInTheDocument();
    act(() => {
      toggleSavedBounty('a');
    });
    expect(screen.getByText('a')).toBeInTheDocument();
    act(() => otherTabSaves(['a', 'b']));
    expect(screen.getByText('a,b')).toBeInTheDocument();
  });

  it('reads storage afresh for a page that mounts after a change made while nothing listened', () => {
    const { unmount } = render(<SavedCount />);
    unmount();
    // No listener, so no storage event is followed: the next mount must not trust the old snapshot.
    window.localStorage.setItem(SAVED_BOUNTIES_STORAGE_KEY, '["c"]');
    render(<SavedCount />);
    expect(screen.getByText('c')).toBeInTheDocument();
  });
});

describe('useSavedBounties while a server-rendered page hydrates', () => {
  beforeEach(() => window.localStorage.clear());

  async function hydrateCounting(): Promise<{ renders: number; text: string; done: () => void }> {
    let renders = 0;
    function Counted() {
      renders++;
      return <SavedCount />;
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Counted />);
    document.body.appendChild(container);
    renders = 0;
    const root = await act(async () => hydrateRoot(container, <Counted />));
    return {
      renders,
      text: container.textContent ?? '',
      done: () => {
        act(() => root.unmount());
        container.remove();
      },
    };
  }

  it('renders once when the visitor saved nothing', async () => {
    const page = await hydrateCounting();
    expect(page.text).toBe('none');
    expect(page.renders).toBe(1);
    page.done();
  });

  it('shows what the visitor saved right after hydrating', async () => {
    window.localStorage.setItem(SAVED_BOUNTIES_STORAGE_KEY, '["a"]');
    const page = await hydrateCounting();
    expect(page.text).toBe('a');
    page.done();
  });
});
