import {
  CONTACT_RESULT_PARAM,
  DIALOG_PARAM,
  CONTACT_TYPED_FIELDS,
  formPostOutcome,
  returnedValue,
  type FormPostOutcome,
  type FormReturn,
} from '@side-quest/data';
import { MENU_PARAM } from '../layout/menuUrl';
import { SHELL_DIALOGS, type ShellDialog } from './dialogCopy';
import { EMPTY_VALUES, type FallbackValues } from './fallbackValues';

/**
 * A dialog in the URL: `?dialog=join|contact|signup`. Without JavaScript an opener submits a GET form
 * that adds it, the server renders that dialog open with its native form, and the form's post comes
 * back here with `&result=ok`, or, refused, as this page rendered again with what was typed in its cache
 * (CONTACT_FORM_RETURN_KEY), never in the URL.
 */
export { DIALOG_PARAM };

/** Each dialog's name in the URL; Log In's dialog is JOIN_SIDE_QUEST, so it is `join`. */
export const DIALOG_URL_NAMES: Record<ShellDialog, string> = {
  login: 'join',
  contact: 'contact',
  signup: 'signup',
};

/**
 * The dialog's own parameters and the mobile menu's (`layout/menuUrl.ts`), which belong to no page:
 * opening a dialog from the menu without JavaScript leaves the menu closed. (The typed fields are here
 * for URLs from before the server stopped putting them there.)
 */
export const DIALOG_PARAMS = [DIALOG_PARAM, CONTACT_RESULT_PARAM, ...CONTACT_TYPED_FIELDS, MENU_PARAM];

export interface DialogUrlState {
  dialog: ShellDialog;
  /** How a post of its native form went, when the URL is the server's answer to one. */
  outcome: FormPostOutcome | null;
  /** What was typed into it, as the server put it back after a refused post. */
  values: FallbackValues;
}

/**
 * The dialog a page's query string opens, or null. `returned` is a refused post of its native form,
 * as the server rendered it into the page's cache; the URL itself only ever says `result=ok`.
 */
export function dialogFromSearch(search: string, returned: FormReturn | null = null): DialogUrlState | null {
  const params = new URLSearchParams(search);
  const name = params.get(DIALOG_PARAM);
  const dialog = SHELL_DIALOGS.find((candidate) => DIALOG_URL_NAMES[candidate] === name);
  if (!dialog) return null;
  const values = { ...EMPTY_VALUES };
  if (returned) for (const field of CONTACT_TYPED_FIELDS) values[field] = returnedValue(returned, field);
  const accepted = formPostOutcome(params, CONTACT_RESULT_PARAM) === 'ok';
  return { dialog, outcome: accepted ? 'ok' : (returned?.outcome ?? null), values };
}

/** The query string without the dialog's parameters: the page as it is with no dialog (or menu) open. */
export function pageSearch(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of DIALOG_PARAMS) params.delete(name);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Whether the query string names one of the shell's dialogs. A remote's own dialog in the URL
 * (`dialog=create-bounty`) is that remote's to open and to take out of the URL.
 */
export function hasDialogParam(search: string): boolean {
  const name = new URLSearchParams(search).get(DIALOG_PARAM);
  return SHELL_DIALOGS.some((dialog) => DIALOG_URL_NAMES[dialog] === name);
}

/**
 * Whether the server rendered the page with a dialog open by a `dialog` parameter: the shell's or a
 * section's (the bounty draft). The menu, a dialog too, has its own (menuOpenInSearch).
 */
export function opensDialog(search: string): boolean {
  return new URLSearchParams(search).has(DIALOG_PARAM);
}

/** The page with `dialog` open: where a native form's post returns to. */
export function dialogPage(pathname: string, search: string, dialog: ShellDialog): string {
  const params = new URLSearchParams(pageSearch(search));
  params.set(DIALOG_PARAM, DIALOG_URL_NAMES[dialog]);
  return `${pathname}?${params.toString()}`;
}
