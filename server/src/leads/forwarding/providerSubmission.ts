import type { StoredLead } from '../leadStore';

/** The provider's real form-submission API (HubSpot Forms API v3). */
export const DEFAULT_MARKETING_SUBMIT_URL = 'https://api.hsforms.com';

export function submissionUrl(baseUrl: string, portalId: string, formId: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return `${base}/submissions/v3/integration/submit/${encodeURIComponent(portalId)}/${encodeURIComponent(formId)}`;
}

/**
 * The header an HTTP API takes an idempotency key in (Stripe, Adyen, the IETF httpapi draft
 * "The Idempotency-Key HTTP Header Field"): a provider that honours it answers a repeated key with the
 * first request's answer instead of creating a second record.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/**
 * The idempotency key of a lead's delivery, derived from the stored lead alone: its id in the store (the
 * outbox row's lead_id) and the millisecond it was stored. Every attempt, from every instance, before and
 * after a restart, sends the same key, so a provider that honours it records the lead once however often
 * at-least-once delivery sends it. The timestamp keeps a key from being reused when ids start over (a
 * recreated database): a provider still holding the old key would answer a new lead with the old lead's
 * answer and drop it.
 */
export function idempotencyKey(lead: Pick<StoredLead, 'id' | 'createdAt'>): string {
  return `side-quest-lead-${lead.id}-${Date.parse(lead.createdAt)}`;
}

/**
 * The provider's submission body: the lead's fields as form fields (internal names the lead form on the
 * provider side must define) and the page it came from as the submission context. It holds nothing that
 * changes between attempts (submittedAt is when the lead was stored, not when it is sent), so a retry
 * repeats the first request exactly, as a provider comparing a repeated key's requests expects. The
 * HubSpot form-submission format has no dedupe field of its own; the key travels in the header.
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

/**
 * Whether a failed answer is worth retrying: the provider is down, overloaded or timed out, or (409) still
 * working on an earlier request with the same idempotency key, which the next attempt gets the answer of.
 */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 409 || status === 429;
}

/** Exponential backoff: base, 2×base, 4×base… capped, with ±20% jitter so retries don't align. */
export function backoffDelay(attempts: number, baseMs: number, maxMs: number, random = Math.random): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.min(attempts - 1, 30));
  return Math.round(exponential * (0.8 + 0.4 * random()));
}
