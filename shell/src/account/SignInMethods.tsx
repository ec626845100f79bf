import { useId, useState } from 'react';
import styled from 'styled-components';
import { Button, ErrorText, FormField, MutedText, useHydrated } from '@side-quest/design';
import { ACCOUNT_DONE_PARAM, ACCOUNT_FORMS, type AccountOverview } from '@side-quest/data/account';
import { formatUtcDateTime } from '@side-quest/data';
import { PasskeyError, addPasskey } from '../sign-in/passkeys';

const Rows = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space(2)};
    padding: ${({ theme }) => theme.space(3)};
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.medium};
  }
  p {
    margin: 0;
  }
`;

const AddRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(3)};
  > div {
    flex: 1 1 14rem;
  }
`;

/** A one-button form posting an id to one of the account's forms. */
function RowAction({ action, id, label }: { action: string; id: string; label: string }) {
  return (
    <form method="post" action={action}>
      <input type="hidden" name="id" value={id} />
      <Button type="submit" $variant="ghost">
        {label}
      </Button>
    </form>
  );
}

/** Adding a passkey runs the browser's WebAuthn ceremony: JavaScript only, and the text says so. */
function AddPasskey() {
  const id = useId();
  const hydrated = useHydrated();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <AddRow>
        <FormField>
          <label htmlFor={`${id}-name`}>Passkey name</label>
          <input
            id={`${id}-name`}
            value={name}
            maxLength={60}
            placeholder="e.g. My phone"
            onChange={(event) => setName(event.target.value)}
          />
        </FormField>
        <Button
          $variant="secondary"
          disabled={!hydrated || busy}
          onClick={async () => {
            setBusy(true);
            setError(null);
            try {
              await addPasskey(name.trim() || 'Passkey');
              window.location.assign(`/account?${ACCOUNT_DONE_PARAM}=passkey-added`);
            } catch (failure) {
              setError(failure instanceof PasskeyError ? failure.message : 'The passkey could not be added.');
              setBusy(false);
            }
          }}
        >
          {busy ? 'Waiting for your device…' : 'Add a passkey'}
        </Button>
      </AddRow>
      <MutedText>Passkeys need JavaScript, and a sign-in from the last 24 hours.</MutedText>
      {error && <ErrorText role="alert">{error}</ErrorText>}
    </>
  );
}

/** Passkeys and sessions: how this person signs in, and where they are signed in now. */
export function SignInMethods({ overview }: { overview: AccountOverview }) {
  const others = overview.sessions.filter((session) => !session.current).length;
  return (
    <>
      <h3>Passkeys</h3>
      {overview.passkeys.length === 0 ? (
        <MutedText>No passkey yet: you sign in with a code e-mailed to {overview.email}.</MutedText>
      ) : (
        <Rows>
          {overview.passkeys.map((passkey) => (
            <li key={passkey.id}>
              <p>
                <strong>{passkey.name}</strong>
                <br />
                <small>Added {formatUtcDateTime(Date.parse(passkey.createdAt))} UTC</small>
              </p>
              <RowAction action={ACCOUNT_FORMS.deletePasskey} id={passkey.id} label="Remove" />
            </li>
          ))}
        </Rows>
      )}
      <AddPasskey />
      <h3>Sessions</h3>
      <Rows>
        {overview.sessions.map((session) => (
          <li key={session.id}>
            <p>
              <strong>{session.device}</strong>
              {session.current && ' (this browser)'}
              <br />
              <small>Signed in {formatUtcDateTime(Date.parse(session.createdAt))} UTC</small>
            </p>
            {!session.current && (
              <RowAction action={ACCOUNT_FORMS.revokeSession} id={session.id} label="Sign out" />
            )}
          </li>
        ))}
      </Rows>
      {others > 0 && (
        <form method="post" action={ACCOUNT_FORMS.signOutEverywhere}>
          <Button type="submit" $variant="secondary">
            Sign out everywhere else
          </Button>
        </form>
      )}
    </>
  );
}
