/**
 * CREATE_NEW_BOUNTY in the page's URL (`?dialog=create-bounty`), so POST_BOUNTY and the dialog's form
 * work as plain HTML: before the page hydrates and without JavaScript. POST_BOUNTY is a GET form to
 * the same page that adds the parameter; the server renders the dialog open with its native form,
 * which posts to /api/bounty-submissions. Sent, the browser comes back to the page without the dialog
 * and `?draft=ok`; refused, the page comes back with the dialog open and what was typed in its cache
 * (BOUNTY_DRAFT_RETURN_KEY), never in the URL.
 */
import {
  BOUNTY_DRAFT_DIALOG,
  BOUNTY_DRAFT_RESULT_PARAM,
  DIALOG_PARAM,
  formPostOutcome,
  returnedValue,
  type FormReturn,
} from '@side-quest/data';
import {
  DRAFT_FIELDS,
  EMPTY_DRAFT,
  validateBountyDraft,
  type BountyDraftErrors,
  type BountyDraftValues,
} from './bountyDraft';

/** Said in the dialog when the server refused a draft the page's own rules find nothing wrong with. */
export const NOT_SUBMITTED_MESSAGE =
  'Your bounty could not be submitted. Your draft is kept: please try again.';

/** Not the page's own: the dialog and the outcome of an earlier post. POST_BOUNTY's form drops them. */
export const OPENER_DROPS = [DIALOG_PARAM, BOUNTY_DRAFT_RESULT_PARAM] as const;

/** The page's own query parameters. */
function pageParams(search: string): URLSearchParams {
  const params = new URLSearchParams(search);
  for (const name of OPENER_DROPS) params.delete(name);
  return params;
}

/** The page's query string without the dialog: where closing the dialog leaves the address bar. */
export function searchWithoutDialog(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(DIALOG_PARAM);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The page with the dialog open: what the form posts as its pageUri, so a refusal comes back there. */
export function dialogPage(pathname: string, search: string): string {
  const params = pageParams(search);
  params.set(DIALOG_PARAM, BOUNTY_DRAFT_DIALOG);
  return `${pathname}?${params.toString()}`;
}

export interface DraftDialogStart {
  open: boolean;
  values: BountyDraftValues;
  errors: BountyDraftErrors;
  /** A message for the whole form, when a refusal is not explained by a field's. */
  failure: string;
  /** The page is the answer to a draft the server accepted (`?draft=ok`). */
  submitted: boolean;
}

/**
 * How the dialog starts on a page: open when the URL names it or the page answers a refused post
 * (`returned`), with what was typed and the messages this form would have shown for it.
 */
export function draftDialogStart(search: string, returned: FormReturn | null): DraftDialogStart {
  const params = new URLSearchParams(search);
  const submitted = formPostOutcome(params, BOUNTY_DRAFT_RESULT_PARAM) === 'ok';
  if (!returned) {
    const open = !submitted && params.get(DIALOG_PARAM) === BOUNTY_DRAFT_DIALOG;
    return { open, values: EMPTY_DRAFT, errors: {}, failure: '', submitted };
  }
  const values = { ...EMPTY_DRAFT };
  for (const field of DRAFT_FIELDS) {
    const value = returnedValue(returned, field);
    if (value || field !== 'domain') values[field] = value;
  }
  const errors = returned.outcome === 'invalid' ? validateBountyDraft(values) : {};
  const failure = Object.keys(errors).length === 0 ? NOT_SUBMITTED_MESSAGE : '';
  return { open: true, values, errors, failure, submitted: false };
}
