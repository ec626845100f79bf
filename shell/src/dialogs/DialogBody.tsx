import styled from 'styled-components';
import { Link, theme } from '@side-quest/design';
import { safeNextPath, signInUrl } from '@side-quest/data/account';
import { EmailCodeForm } from '../sign-in/EmailCodeForm';
import type { ShellDialog } from './dialogCopy';
import { DialogForm, type DialogFormProps } from './DialogForm';

const SignInOffer = styled.p`
  margin: ${theme.space(5)} 0 0;
  padding-top: ${theme.space(4)};
  border-top: 1px solid ${theme.color.border};
  a {
    font-weight: 700;
  }
`;

export interface DialogBodyProps extends DialogFormProps {
  dialog: ShellDialog;
  /** The page behind the dialog (its path and query without the dialog's parameters): where sign-in comes back to. */
  page: string;
}

/**
 * What an open shell dialog holds below its title: the e-mail-code sign-up for CREATE_ACCOUNT, else the
 * dialog's form, and for Log In the way to a real account. In the dialogs' chunk (lazyShellDialogs.tsx).
 */
export function DialogBody({ page, ...form }: DialogBodyProps) {
  return (
    <>
      {form.dialog === 'signup' ? (
        // A real account: the e-mail-code sign-up, coming back to this page once signed in.
        <EmailCodeForm step="email" next={safeNextPath(page)} />
      ) : (
        <DialogForm {...form} />
      )}
      {form.dialog === 'login' && (
        <SignInOffer>
          Have an account, or want one to take part in bounties?{' '}
          <Link to={signInUrl(page)} reloadDocument>
            Sign in
          </Link>
        </SignInOffer>
      )}
    </>
  );
}
