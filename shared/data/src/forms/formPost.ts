/**
 * A form the browser posts itself (no JavaScript) as application/x-www-form-urlencoded is answered
 * 303 See Other back to the page it came from, whose query string then says how it went:
 * `<param>=ok`, `invalid` (a field failed the same validation the JSON API applies) or `failed`
 * (anything else: too many submissions, a body that cannot be read, a store that is down). After a
 * failure the query string also carries what the visitor typed, so the page shows it again.
 */
export const FORM_POST_OUTCOMES = ['ok', 'invalid', 'failed'] as const;
export type FormPostOutcome = (typeof FORM_POST_OUTCOMES)[number];

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
