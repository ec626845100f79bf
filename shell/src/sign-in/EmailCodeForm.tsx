import { useId } from 'react';
import styled from 'styled-components';
import { Button, ErrorText, FormField, Link, MutedText, StackedForm, theme } from '@side-quest/design';
import { NEXT_PARAM, SIGN_IN_FORM, signInErrorMessage } from '@side-quest/data/account';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space(4)};
`;

export interface EmailCodeFormProps {
  /** 'email' asks for the address; 'code' for the code e-mailed to it. */
  step: 'email' | 'code';
  /** An error code the sign-in forms came back with (`?error=`). */
  error?: string | null;
  /** Where to go once signed in: a same-site path. */
  next: string;
}

/** Where the code step's "another address" link goes: the first step, keeping where to return. */
function firstStep(next: string): string {
  return next === '/' ? '/sign-in' : `/sign-in?${NEXT_PARAM}=${encodeURIComponent(next)}`;
}

/**
 * Sign-in (and sign-up: the same code creates the account) by a code e-mailed to the address. Both
 * steps are plain form posts the server answers, so they work the same before, after and without
 * JavaScript, and the address never travels in a URL.
 */
export function EmailCodeForm({ step, error = null, next }: EmailCodeFormProps) {
  const id = useId();
  const message = signInErrorMessage(error);
  const errorId = `${id}-error`;
  const described = message ? errorId : undefined;

  if (step === 'code') {
    return (
      <StackedForm method="post" action={SIGN_IN_FORM.enterCode}>
        <p>
          We e-mailed you a six-digit code. Enter it here within 10 minutes; it works once. Check your spam
          folder if it has not arrived.
        </p>
        <FormField>
          <label htmlFor={`${id}-code`}>Code</label>
          <input
            id={`${id}-code`}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]{6,7}"
            maxLength={7}
            required
            aria-invalid={message ? true : undefined}
            aria-describedby={described}
          />
        </FormField>
        {message && (
          <ErrorText id={errorId} role="alert">
            {message}
          </ErrorText>
        )}
        <input type="hidden" name={NEXT_PARAM} value={next} />
        <Actions>
          <Button type="submit">Sign in</Button>
          <Link to={firstStep(next)} reloadDocument>
            Use another e-mail address
          </Link>
        </Actions>
      </StackedForm>
    );
  }

  return (
    <StackedForm method="post" action={SIGN_IN_FORM.requestCode}>
      <FormField>
        <label htmlFor={`${id}-email`}>E-mail address</label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          aria-invalid={message ? true : undefined}
          aria-describedby={described}
        />
      </FormField>
      {message && (
        <ErrorText id={errorId} role="alert">
          {message}
        </ErrorText>
      )}
      <input type="hidden" name={NEXT_PARAM} value={next} />
      <Actions>
        <Button type="submit">E-mail me a code</Button>
      </Actions>
      <MutedText>New to Side Quest? The same code creates your account. No password, ever.</MutedText>
    </StackedForm>
  );
}
