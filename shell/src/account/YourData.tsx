import { useId } from 'react';
import { Button, ErrorText, FormField, MutedText, StackedForm } from '@side-quest/design';
import { ACCOUNT_EXPORT_PATH, ACCOUNT_FORMS, DELETE_CONFIRMATION } from '@side-quest/data/account';

/** Download my data, and delete my account after typing the confirmation word. */
export function YourData({ deleteError }: { deleteError: string | null }) {
  const id = useId();
  return (
    <>
      <h3>Download your data</h3>
      <MutedText>
        A JSON file with everything Side Quest stores about you: profile, sign-in methods, sessions,
        organisations, invitations, e-mail choices and bounty alerts.
      </MutedText>
      <p>
        <a href={ACCOUNT_EXPORT_PATH} download>
          Download my data
        </a>
      </p>
      <h3>Delete your account</h3>
      <StackedForm method="post" action={ACCOUNT_FORMS.deleteAccount}>
        <MutedText>
          This signs you out everywhere, removes your passkeys, profile and memberships, and any organisation
          only you belong to. It cannot be undone. If you are the last owner of an organisation with other
          members, make one of them an owner first.
        </MutedText>
        <FormField>
          <label htmlFor={`${id}-confirm`}>Type {DELETE_CONFIRMATION} to confirm</label>
          <input
            id={`${id}-confirm`}
            name="confirm"
            autoComplete="off"
            required
            aria-invalid={deleteError ? true : undefined}
            aria-describedby={deleteError ? `${id}-error` : undefined}
          />
        </FormField>
        {deleteError && (
          <ErrorText id={`${id}-error`} role="alert">
            {deleteError}
          </ErrorText>
        )}
        <div>
          <Button type="submit" $variant="secondary">
            Delete my account
          </Button>
        </div>
      </StackedForm>
    </>
  );
}
