import { EMAIL_PATTERN } from '@side-quest/data/forms';
import { CHALLENGE_TYPES, type ChallengeType, type LeadSubmission } from '@side-quest/data/forms';
import type { Validation } from '../http/jsonBody';
/** A lead as the for-clients form sends it: the shared LeadSubmission contract (@side-quest/data/forms). */
export type LeadInput = LeadSubmission;

/** Limits on each field; generous for people, tight enough that no body can bloat the database. */
export const LEAD_LIMITS = {
  email: 254,
  challengeDescription: 5000,
  costImpact: 32,
  pageUri: 2048,
  pageName: 300,
} as const;

export type LeadValidation = Validation<LeadInput>;

const FIELDS = [
  'email',
  'challengeType',
  'challengeDescription',
  'costImpact',
  'pageUri',
  'pageName',
] as const;

// Control characters other than tab and newlines have no business in a lead and would end up in CSVs.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

// A UTF-16 surrogate without its pair (JSON allows "\ud800") cannot be stored or exported as UTF-8.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?:^|[^\ud800-\udbff])[\udc00-\udfff]/;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

type LeadField = (typeof FIELDS)[number];

/** The first problem found, named by its field so the answer's fieldErrors can point at it. */
const invalid = (field: LeadField, message: string): LeadValidation => ({
  ok: false,
  message,
  fieldErrors: { [field]: message },
});

/**
 * Checks a request body field by field and returns either the cleaned lead or the first problem as a
 * message a client developer can act on. Never throws, whatever the body is.
 */
export function validateLead(body: unknown): LeadValidation {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, message: 'The request body must be a JSON object.' };
  }
  const record = body as Record<string, unknown>;
  for (const field of FIELDS) {
    if (typeof record[field] !== 'string') {
      return invalid(field, `${field} is required and must be a string.`);
    }
  }
  const text = (field: LeadField) => (record[field] as string).trim();
  for (const field of FIELDS) {
    if (CONTROL_CHARACTERS.test(record[field] as string)) {
      return invalid(field, `${field} contains control characters.`);
    }
    if (LONE_SURROGATE.test(record[field] as string)) {
      return invalid(field, `${field} is not well-formed Unicode text.`);
    }
  }

  const email = text('email');
  if (email.length > LEAD_LIMITS.email || !EMAIL_PATTERN.test(email)) {
    return invalid('email', 'email must be a valid email address.');
  }
  const challengeType = text('challengeType');
  if (!(CHALLENGE_TYPES as readonly string[]).includes(challengeType)) {
    return invalid('challengeType', 'challengeType must be "hiring" or "bottleneck".');
  }
  const challengeDescription = text('challengeDescription');
  if (challengeDescription === '') {
    return invalid('challengeDescription', 'challengeDescription must not be empty.');
  }
  if (challengeDescription.length > LEAD_LIMITS.challengeDescription) {
    return invalid(
      'challengeDescription',
      `challengeDescription must be at most ${LEAD_LIMITS.challengeDescription} characters.`,
    );
  }
  const costImpact = text('costImpact');
  if (costImpact.length > LEAD_LIMITS.costImpact) {
    return invalid('costImpact', `costImpact must be at most ${LEAD_LIMITS.costImpact} characters.`);
  }
  const pageUri = text('pageUri');
  if (pageUri.length > LEAD_LIMITS.pageUri || !isHttpUrl(pageUri)) {
    return invalid(
      'pageUri',
      `pageUri must be an absolute http(s) URL of at most ${LEAD_LIMITS.pageUri} characters.`,
    );
  }
  const pageName = text('pageName');
  if (pageName.length > LEAD_LIMITS.pageName) {
    return invalid('pageName', `pageName must be at most ${LEAD_LIMITS.pageName} characters.`);
  }
  return {
    ok: true,
    value: {
      email,
      challengeType: challengeType as ChallengeType,
      challengeDescription,
      costImpact,
      pageUri,
      pageName,
    },
  };
}
