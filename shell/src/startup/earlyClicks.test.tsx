import { Suspense, startTransition, useLayoutEffect, useState } from 'react';
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { replayEarlyClicks, replayable } from '@side-quest/data';
import { CAPTURE_CLICKS_SCRIPT, EARLY_CLICKS_GLOBAL } from '@side-quest/data/early-clicks';

/** A Save toggle that only JavaScript can carry out, inside a Suspense boundary as the sections are. */
function SaveToggle({ onRender }: { onRender: (saved: boolean) => void }) {
  const [saved, setSaved] = useState(false);
  onRender(saved);
  return (
    <button type="button" aria-pressed={saved} onClick={() => setSaved(!saved)} {...replayable('save:7')}>
      Save
    </button>
  );
}

/** As the shell does it (App's onFirstCommit): a microtask from the root's first layout effect. */
function Root({ onRender, replay }: { onRender: (saved: boolean) => void; replay: boolean }) {
  useLayoutEffect(() => {
    if (replay) queueMicrotask(() => replayEarlyClicks(document));
  }, [replay]);
  return (
    <Suspense fallback={null}>
      <SaveToggle onRender={onRender} />
    </Suspense>
  );
}

/** The server's page with its capture script, clicked before any script of the app ran. */
function serverPageClicked(): { container: HTMLElement; removeCapture: () => void } {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Root onRender={() => undefined} replay />);
  document.body.append(container);
  const add = jest.spyOn(document, 'addEventListener');
  new Function(CAPTURE_CLICKS_SCRIPT)();
  const [type, listener] = add.mock.calls[0] as [string, EventListener];
  add.mockRestore();
  container.querySelector('button')!.click();
  return { container, removeCapture: () => document.removeEventListener(type, listener, true) };
}

/** Hydrates as the browser does: in a transition, its effects in later tasks. */
async function hydrate(container: HTMLElement, replay: boolean): Promise<boolean[]> {
  const renders: boolean[] = [];
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    startTransition(() => {
      hydrateRoot(container, <Root onRender={(saved) => renders.push(saved)} replay={replay} />);
    });
    for (let tries = 0; tries < 50 && renders.length === 0; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  }
  return renders;
}

describe('a click before hydration on a control that needs JavaScript', () => {
  let removeCapture = () => undefined as void;
  afterEach(() => {
    removeCapture();
    delete (window as unknown as Record<string, unknown>)[EARLY_CLICKS_GLOBAL];
    document.body.innerHTML = '';
  });

  it('is lost when nothing replays it', async () => {
    const page = serverPageClicked();
    removeCapture = page.removeCapture;
    const renders = await hydrate(page.container, false);
    expect(renders.at(-1)).toBe(false);
    expect(page.container.querySelector('button')!.getAttribute('aria-pressed')).toBe('false');
  });

  it('is applied right after hydration’s first commit', async () => {
    const page = serverPageClicked();
    removeCapture = page.removeCapture;
    const renders = await hydrate(page.container, true);
    expect(renders.at(-1)).toBe(true);
    const button = page.container.querySelector('button')!;
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(button.hasAttribute('data-replay-pending')).toBe(false);
    // Once hydrated, a click goes to React at once.
    await act(async () => button.click());
    expect(button.getAttribute('aria-pressed')).toBe('false');
  });
});
