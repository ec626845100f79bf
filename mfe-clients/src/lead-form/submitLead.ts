import type { LeadPayload } from './leadPayload';

export const SUBMIT_FORM_PATH = '/api/submit-form';

/**
 * POSTs the lead (mfe-clients/README.md, "Submission"). Resolves only when the answer is OK and says
 * success; a non-OK status, success false or a network error rejects. The server's message is never
 * shown to the visitor, so it is only carried in the error for logs.
 */
export async function submitLead(payload: LeadPayload, fetchImpl: typeof fetch = fetch): Promise<void> {
  const response = await fetchImpl(SUBMIT_FORM_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify(payload),
  });
  const body: unknown = await response.json().catch(() => null);
  const success =
    typeof body === 'object' && body !== null && (body as { success?: unknown }).success === true;
  if (!response.ok || !success) {
    const message = (body as { message?: unknown } | null)?.message;
    throw new Error(`${response.status}: ${typeof message === 'string' ? message : response.statusText}`);
  }
}
