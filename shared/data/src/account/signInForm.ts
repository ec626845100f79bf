/**
 * The sign-in page's forms (their actions: signInPaths.ts), posted by the browser itself (with or
 * without JavaScript): the query parameters of the page they come back to and the messages it shows.
 * No address ever travels in a URL: the page comes back with `step` and an `error` code only.
 */
export const SIGN_IN_STEP_PARAM = 'step';
export const SIGN_IN_CODE_STEP = 'code';
export const SIGN_IN_ERROR_PARAM = 'error';

export const SIGN_IN_ERRORS = {
  'invalid-email': 'Enter a valid e-mail address.',
  'wrong-code': 'That code is not right. Check the newest e-mail from us and try again.',
  'expired-code': 'That code has expired or was tried too often. Ask for a new one.',
  'no-pending': 'Ask for a code first: enter your e-mail address.',
  failed: 'Something went wrong on our side. Please try again.',
} as const;

export type SignInError = keyof typeof SIGN_IN_ERRORS;

export function signInErrorMessage(code: string | null): string | null {
  return code && Object.hasOwn(SIGN_IN_ERRORS, code) ? SIGN_IN_ERRORS[code as SignInError] : null;
}
