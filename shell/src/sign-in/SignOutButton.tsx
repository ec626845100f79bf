import styled from 'styled-components';
import { Button } from '@side-quest/design';
import { SIGN_IN_FORM } from '@side-quest/data/account';

const InlineForm = styled.form`
  display: inline;
`;

/** Signs out with a form post (it works before and without JavaScript); the server goes home after. */
export function SignOutButton({ variant = 'ghost' }: { variant?: 'primary' | 'secondary' | 'ghost' }) {
  return (
    <InlineForm method="post" action={SIGN_IN_FORM.signOut}>
      <Button type="submit" $variant={variant}>
        Sign out
      </Button>
    </InlineForm>
  );
}
