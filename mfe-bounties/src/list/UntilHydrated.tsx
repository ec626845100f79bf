import type { ReactNode } from 'react';
import { useHydrated } from '@side-quest/design';

/**
 * Renders `children(hydrated)`: the part of a form that differs once the page has hydrated (a submit
 * button that becomes a plain button, a no-JavaScript-only control). Its own component, so the change
 * at hydration renders only that part again, not the form around it.
 */
export function UntilHydrated({ children }: { children: (hydrated: boolean) => ReactNode }) {
  return children(useHydrated());
}

/** A button's type and form: a submit of `form` (or of its own form) before hydration, a plain button after. */
export const submitsUntil = (hydrated: boolean, form?: string) =>
  hydrated ? { type: 'button' as const } : { type: 'submit' as const, form };
