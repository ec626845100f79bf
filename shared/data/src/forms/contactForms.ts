/**
 * The shell dialogs' native forms (shell/README.md, "Dialogs"): sign-ups (POST /api/signups) and
 * challenge requests (POST /api/challenge-requests). Their fields carry the JSON bodies' names; these
 * are the parts the server's answer and the page showing it share.
 */

/** The query parameter that reports a posted dialog form's outcome (`?dialog=join&result=ok`). */
export const CONTACT_RESULT_PARAM = 'result';

/** Where the page rendered in answer to a refused post finds it (a FormReturn) in its query cache. */
export const CONTACT_FORM_RETURN_KEY = ['form-return', 'contact'] as const;

/** What a visitor types into the dialogs' forms; shown again on the page rendered after a refused post. */
export const CONTACT_TYPED_FIELDS = ['email', 'company', 'challengeDescription'] as const;

export const SIGNUP_RECEIVED_MESSAGE =
  "You're on the list. We'll email you about new bounties and opportunities.";
export const CHALLENGE_RECEIVED_MESSAGE = 'Thanks! Your challenge was received and we will be in touch.';
