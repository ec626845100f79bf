import { MutedText } from '@side-quest/design';
import { PasskeyButton } from './PasskeyButton';
import { signInWithPasskey } from './passkeys';

/** Sign-in with a passkey: it needs JavaScript (the browser's WebAuthn API), and the text says so. */
export function PasskeySignIn({ next, headingId }: { next: string; headingId: string }) {
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>With a passkey</h2>
      <MutedText>
        Added a passkey on your account page? Sign in with your fingerprint, face or device PIN. Passkeys need
        JavaScript.
      </MutedText>
      <PasskeyButton
        label="Sign in with a passkey"
        busyLabel="Waiting for your passkey…"
        run={signInWithPasskey}
        then={() => next}
        failure="Passkey sign-in failed. Try the e-mail code."
      />
    </section>
  );
}
