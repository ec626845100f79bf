import { returnedValue, type FormReturn } from '@side-quest/data';
import {
  DRAFT_FIELDS,
  EMPTY_DRAFT,
  validateBountyDraft,
  type BountyDraftErrors,
  type BountyDraftValues,
} from './bountyDraft';
import { draftDialogOpens } from './draftDialogUrl';

/** Said in the dialog when the server refused a draft the page's own rules find nothing wrong with. */
export const NOT_SUBMITTED_MESSAGE =
  'Your bounty could not be submitted. Your draft is kept: please try again.';

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
  if (!returned) return { ...draftDialogOpens(search, null), values: EMPTY_DRAFT, errors: {}, failure: '' };
  const values = { ...EMPTY_DRAFT };
  for (const field of DRAFT_FIELDS) {
    const value = returnedValue(returned, field);
    if (value || field !== 'domain') values[field] = value;
  }
  const errors = returned.outcome === 'invalid' ? validateBountyDraft(values) : {};
  const failure = Object.keys(errors).length === 0 ? NOT_SUBMITTED_MESSAGE : '';
  return { open: true, values, errors, failure, submitted: false };
}
