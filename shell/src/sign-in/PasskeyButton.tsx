import { useState } from 'react';
import { Button, ErrorText } from '@side-quest/design';
import { replayable } from '@side-quest/data';
import { PasskeyError } from './passkeys';

/**
 * A button that runs a passkey ceremony (the browser's WebAuthn prompt), then goes to `then`. It needs
 * JavaScript: a click before hydration is replayed once the page has hydrated (`data-replay`), and
 * without JavaScript it is not shown. A failure is said beside it.
 */
export function PasskeyButton({
  label,
  busyLabel,
  run,
  then,
  failure,
}: {
  label: string;
  busyLabel: string;
  run: () => Promise<void>;
  /** Where the browser goes once the ceremony succeeded. */
  then: () => string;
  /** What to say when something other than a PasskeyError went wrong. */
  failure: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Button
        $variant="secondary"
        disabled={busy}
        {...replayable(`passkey:${label}`)}
        onClick={async () => {
          setBusy(true);
          setError(null);
          try {
            await run();
            window.location.assign(then());
          } catch (problem) {
            setError(problem instanceof PasskeyError ? problem.message : failure);
            setBusy(false);
          }
        }}
      >
        {busy ? busyLabel : label}
      </Button>
      {error && <ErrorText role="alert">{error}</ErrorText>}
    </>
  );
}
