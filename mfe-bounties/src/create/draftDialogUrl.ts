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
  type FormReturn,
} from '@side-quest/data';

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

/**
 * Whether the page starts with the dialog open: the URL names it or the page answers a refused post
 * (`returned`). `submitted`: the page is the answer to a draft the server accepted (`?draft=ok`).
 */
export function draftDialogOpens(search: string, returned: FormReturn | null) {
  const params = new URLSearchParams(search);
  const submitted = formPostOutcome(params, BOUNTY_DRAFT_RESULT_PARAM) === 'ok';
  const open = returned !== null || (!submitted && params.get(DIALOG_PARAM) === BOUNTY_DRAFT_DIALOG);
  return { open, submitted: returned === null && submitted };
}
