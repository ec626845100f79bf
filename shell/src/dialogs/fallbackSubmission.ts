import { isValidEmail } from '@side-quest/data/forms';
import type { FallbackField, FallbackValues } from './fallbackValues';

export { EMPTY_VALUES, type FallbackField, type FallbackValues } from './fallbackValues';

/**
 * Field rules, payloads and submission for the native forms shown when the provider's embedded form
 * cannot be used (the component is FallbackForm.tsx). Field rules match the server's
 * (server/src/signups/contactValidation.ts), so most mistakes are caught before a round trip.
 */
export type FallbackKind = 'signup' | 'challenge';

export type FallbackErrors = Partial<Record<FallbackField, string>>;

export const FALLBACK_FIELDS: Record<FallbackKind, readonly FallbackField[]> = {
  signup: ['email'],
  challenge: ['email', 'company', 'challengeDescription'],
};

/** Length limits, the same as the server's. */
export const MIN_DESCRIPTION_LENGTH = 20;
export const MAX_DESCRIPTION_LENGTH = 5000;
export const MAX_COMPANY_LENGTH = 200;

/** Where each form posts (server/src/signups). */
export const FALLBACK_ENDPOINT: Record<FallbackKind, string> = {
  signup: '/api/signups',
  challenge: '/api/challenge-requests',
};

export const SUBMIT_FAILED_MESSAGE = 'There was a problem submitting your form. Please try again.';

export function validateFallback(kind: FallbackKind, values: FallbackValues): FallbackErrors {
  const errors: FallbackErrors = {};
  const email = values.email.trim();
  if (!email) errors.email = 'Please enter your email address.';
  else if (!isValidEmail(email)) errors.email = 'Please enter a valid email address.';
  if (kind === 'challenge') {
    const company = values.company.trim();
    if (!company) errors.company = 'Please enter your company name.';
    else if (company.length > MAX_COMPANY_LENGTH)
      errors.company = `Company name must be at most ${MAX_COMPANY_LENGTH} characters.`;
    const description = values.challengeDescription.trim();
    if (!description) errors.challengeDescription = 'Please describe your challenge.';
    else if (description.length < MIN_DESCRIPTION_LENGTH)
      errors.challengeDescription = `Please describe your challenge in at least ${MIN_DESCRIPTION_LENGTH} characters.`;
    else if (description.length > MAX_DESCRIPTION_LENGTH)
      errors.challengeDescription = `Please keep the description under ${MAX_DESCRIPTION_LENGTH} characters.`;
  }
  return errors;
}

/** The JSON body each endpoint expects; `source` tells which dialog a sign-up came from. */
export function fallbackPayload(
  kind: FallbackKind,
  values: FallbackValues,
  source: 'login' | 'signup',
  pageUri: string,
): Record<string, string> {
  if (kind === 'signup') return { email: values.email.trim(), source, pageUri };
  return {
    email: values.email.trim(),
    company: values.company.trim(),
    challengeDescription: values.challengeDescription.trim(),
    pageUri,
  };
}

export type SubmitOutcome =
  { ok: true; message: string } | { ok: false; message: string; fieldErrors: FallbackErrors };

/**
 * Posts the form. A 2xx with success true is the only success; a 400 carries per-field messages;
 * anything else (other statuses, success false, network error) is a generic failure.
 */
export async function submitFallback(
  kind: FallbackKind,
  payload: Record<string, string>,
  fetcher: typeof fetch = fetch,
): Promise<SubmitOutcome> {
  try {
    const response = await fetcher(FALLBACK_ENDPOINT[kind], {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(payload),
    });
    const body = (await response.json().catch(() => null)) as {
      success?: boolean;
      message?: string;
      fieldErrors?: Record<string, string>;
    } | null;
    if (response.ok && body?.success === true) return { ok: true, message: body.message ?? '' };
    if (response.status === 400 && body?.fieldErrors) {
      const fieldErrors: FallbackErrors = {};
      for (const field of FALLBACK_FIELDS[kind]) {
        const message = body.fieldErrors[field];
        if (message) fieldErrors[field] = message;
      }
      if (Object.keys(fieldErrors).length > 0)
        return { ok: false, message: SUBMIT_FAILED_MESSAGE, fieldErrors };
    }
    return { ok: false, message: SUBMIT_FAILED_MESSAGE, fieldErrors: {} };
  } catch {
    return { ok: false, message: SUBMIT_FAILED_MESSAGE, fieldErrors: {} };
  }
}
