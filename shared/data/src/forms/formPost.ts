/**
 * A form the browser posts itself (no JavaScript) as application/x-www-form-urlencoded. Accepted, it is
 * answered 303 See Other back to the page it came from, whose query string then says `<param>=ok`.
 * Refused, it is answered with that page rendered again, holding what the visitor typed and how it went
 * (a FormReturn in the page's query cache under the form's key): 422 when a field failed the same
 * validation the JSON API applies (`invalid`), else the refusal's own status (`failed`: 413, 429, 503…).
 * What was typed never goes into a URL, where it would land in history, server logs and analytics.
 */
export const FORM_POST_OUTCOMES = ['ok', 'invalid', 'failed'] as const;
export type FormPostOutcome = (typeof FORM_POST_OUTCOMES)[number];

/** A refused form post, as the page rendered in answer to it finds it in its query cache. */
export interface FormReturn {
  outcome: Exclude<FormPostOutcome, 'ok'>;
  /** What the visitor typed, by field name: each typed field's first posted value. */
  values: Record<string, string>;
}

/** What was typed into `field` of a refused post, or '' when nothing was. */
export function returnedValue({ values }: FormReturn, field: string): string {
  return Object.hasOwn(values, field) ? String(values[field]) : '';
}

/**
 * The query parameter naming the dialog a page opens with (`?dialog=join`, `?dialog=create-bounty`):
 * an opener is a GET form that adds it, so the server renders the dialog open with its native form.
 */
export const DIALOG_PARAM = 'dialog';

/** The posted field naming the page the form is on: the answer goes back there. */
export const RETURN_PAGE_FIELD = 'pageUri';

/** The outcome a page's query string reports under `param`, or null when it reports none. */
export function formPostOutcome(params: URLSearchParams, param: string): FormPostOutcome | null {
  const value = params.get(param);
  return (FORM_POST_OUTCOMES as readonly string[]).includes(value ?? '') ? (value as FormPostOutcome) : null;
}

/** `value` as an absolute URL against `origin` (a posted site path becomes this site's page URL). */
export function absoluteOn(value: string, origin: string): string {
  try {
    return new URL(value, origin).href;
  } catch {
    return value;
  }
}
