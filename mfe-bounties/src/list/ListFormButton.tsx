import type { ReactNode } from 'react';
import { Button, useHydrated } from '@side-quest/design';
import { submitsUntil } from './UntilHydrated';

/**
 * The button of one of the list's GET forms (docs/decisions.md, "Input before hydration"): until the
 * page hydrates it submits the form, so it works before and without JavaScript; once hydrated it is a
 * plain button that calls `onAct`. Its own component, so the flag's change at hydration renders only it.
 */
export function ListFormButton({ onAct, children }: { onAct: () => void; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <Button
      {...submitsUntil(hydrated)}
      $variant="secondary"
      onClick={(event) => {
        event.preventDefault();
        onAct();
      }}
    >
      {children}
    </Button>
  );
}
