import { useState } from 'react';
import { Button, ErrorText, useHydrated } from '@side-quest/design';
import { PasskeyError } from './passkeys';

/**
 * A button that runs a passkey ceremony (the browser's WebAuthn prompt), then goes to `then`. It needs
 * JavaScript, so it is disabled until the page is interactive; a failure is said beside it.
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
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Button
        $variant="secondary"
        disabled={!hydrated || busy}
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
