import { useId, useState } from 'react';
import styled from 'styled-components';
import { Button, FormField, MutedText, RowList, theme } from '@side-quest/design';
import { ACCOUNT_DONE_PARAM, ACCOUNT_FORMS, type AccountOverview } from '@side-quest/data/account';
import { formatUtcDateTime } from '@side-quest/data';
import { addPasskey } from '../sign-in/passkeys';
import { PasskeyButton } from '../sign-in/PasskeyButton';

const AddRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${theme.space(3)};
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
  const [name, setName] = useState('');
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
        <PasskeyButton
          label="Add a passkey"
          busyLabel="Waiting for your device…"
          run={() => addPasskey(name.trim() || 'Passkey')}
          then={() => `/account?${ACCOUNT_DONE_PARAM}=passkey-added`}
          failure="The passkey could not be added."
        />
      </AddRow>
      <MutedText>Passkeys need JavaScript, and a sign-in from the last 24 hours.</MutedText>
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
        <RowList>
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
        </RowList>
      )}
      <AddPasskey />
      <h3>Sessions</h3>
      <RowList>
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
      </RowList>
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
