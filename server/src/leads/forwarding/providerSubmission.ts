import type { StoredLead } from '../leadStore';

/** The provider's real form-submission API (HubSpot Forms API v3). */
export const DEFAULT_MARKETING_SUBMIT_URL = 'https://api.hsforms.com';

export function submissionUrl(baseUrl: string, portalId: string, formId: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return `${base}/submissions/v3/integration/submit/${encodeURIComponent(portalId)}/${encodeURIComponent(formId)}`;
}

/**
 * The provider's submission body: the lead's fields as form fields (internal names the lead form on the
 * provider side must define) and the page it came from as the submission context.
 */
export function submissionBody(lead: StoredLead) {
  return {
    submittedAt: String(Date.parse(lead.createdAt)),
    fields: [
      { objectTypeId: '0-1', name: 'email', value: lead.email },
      { objectTypeId: '0-1', name: 'challenge_type', value: lead.challengeType },
      { objectTypeId: '0-1', name: 'challenge_description', value: lead.challengeDescription },
      { objectTypeId: '0-1', name: 'cost_impact', value: lead.costImpact },
    ],
    context: { pageUri: lead.pageUri, pageName: lead.pageName },
  };
}

/** Whether a failed answer is worth retrying: the provider is down, overloaded or timed out. */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

/** Exponential backoff: base, 2×base, 4×base… capped, with ±20% jitter so retries don't align. */
export function backoffDelay(attempts: number, baseMs: number, maxMs: number, random = Math.random): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.min(attempts - 1, 30));
  return Math.round(exponential * (0.8 + 0.4 * random()));
}
