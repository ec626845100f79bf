/**
 * The two passkey ceremonies against the server's better-auth endpoints, with @simplewebauthn/browser
 * loaded only when someone presses a passkey button (it is not on any page's first load).
 */

export class PasskeyError extends Error {}

const CANCELLED = 'The passkey prompt was closed or timed out. Try again when you are ready.';

async function json(response: Response, failure: string): Promise<unknown> {
  if (response.ok) return response.json();
  if (response.status === 429) throw new PasskeyError('Too many attempts. Wait a few minutes and try again.');
  throw new PasskeyError(failure);
}

/** Signs in with a passkey this device or a security key holds; resolves once the session is set. */
export async function signInWithPasskey(): Promise<void> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const options = await json(
    await fetch('/api/auth/passkey/generate-authenticate-options', { credentials: 'same-origin' }),
    'Passkey sign-in is not available right now. Use the e-mail code instead.',
  );
  let response;
  try {
    response = await startAuthentication({
      optionsJSON: options as Parameters<typeof startAuthentication>[0]['optionsJSON'],
    });
  } catch {
    throw new PasskeyError(CANCELLED);
  }
  const { clientExtensionResults: _extensions, ...body } = response;
  await json(
    await fetch('/api/auth/passkey/verify-authentication', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ response: body }),
    }),
    'That passkey is not known here. Sign in with an e-mail code, then add a passkey on your account page.',
  );
}

/** Creates a passkey for the signed-in person, named so they can tell their passkeys apart. */
export async function addPasskey(name: string): Promise<void> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const options = await json(
    await fetch(`/api/auth/passkey/generate-register-options?name=${encodeURIComponent(name)}`, {
      credentials: 'same-origin',
    }),
    'Adding a passkey needs a recent sign-in. Sign out, sign in again, then add it.',
  );
  let response;
  try {
    response = await startRegistration({
      optionsJSON: options as Parameters<typeof startRegistration>[0]['optionsJSON'],
    });
  } catch {
    throw new PasskeyError(CANCELLED);
  }
  const { clientExtensionResults: _extensions, ...body } = response;
  await json(
    await fetch('/api/auth/passkey/verify-registration', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ response: body, name }),
    }),
    'The passkey could not be saved. Try again.',
  );
}
