import { useState } from 'react';
import { Button, ErrorText, MutedText, useHydrated } from '@side-quest/design';
import { PasskeyError, signInWithPasskey } from './passkeys';

/**
 * Sign-in with a passkey. It needs JavaScript (the browser's WebAuthn API), so the button is disabled
 * until the page is interactive and the text says so for anyone without it.
 */
export function PasskeySignIn({ next, headingId }: { next: string; headingId: string }) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>With a passkey</h2>
      <MutedText>
        Added a passkey on your account page? Sign in with your fingerprint, face or device PIN. Passkeys need
        JavaScript.
      </MutedText>
      <Button
        $variant="secondary"
        disabled={!hydrated || busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          try {
            await signInWithPasskey();
            window.location.assign(next);
          } catch (failure) {
            setError(
              failure instanceof PasskeyError
                ? failure.message
                : 'Passkey sign-in failed. Try the e-mail code.',
            );
            setBusy(false);
          }
        }}
      >
        {busy ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
      </Button>
      {error && <ErrorText role="alert">{error}</ErrorText>}
    </section>
  );
}
