// A module of its own: Sign out, in every signed-in header, takes its action without the sign-in
// page's messages.

/** Where the sign-in forms post. */
export const SIGN_IN_FORM = {
  /** Posts `email` (and `next`): e-mails a code, then the page asks for it. */
  requestCode: '/sign-in',
  /** Posts `code` (and `next`): signs in with the code for the address the browser asked for. */
  enterCode: '/sign-in/code',
  /** Posts nothing: ends this session. */
  signOut: '/sign-out',
} as const;
