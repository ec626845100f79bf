import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while the server renders a page and while the browser hydrates that HTML, true from the render
 * after (and at once for anything the browser renders alone). The pages work without JavaScript as
 * plain HTML forms; a control whose HTML must differ once JavaScript runs (a submit button that becomes
 * a plain button, a no-JavaScript-only button) renders from this, so the first browser render still
 * matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
