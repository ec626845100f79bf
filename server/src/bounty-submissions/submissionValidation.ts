/**
 * Server-side check of a create-bounty draft, independent of the browser's check: every
 * field required, bountyAmount a number of at least 0, deadline a whole number of days of at least 1,
 * domain one of Software, AI/ML, Engineering; plus length and size limits so nothing unbounded is stored.
 */
import { BOUNTY_DOMAINS, DRAFT_LIMITS, type BountyDomain } from '@side-quest/data/forms';
import type { Validation } from '../http/jsonBody';

// The browser form checks the same contract (domains and limits are shared through @side-quest/data).
export const SUBMISSION_DOMAINS = BOUNTY_DOMAINS;
export type SubmissionDomain = BountyDomain;
export const SUBMISSION_LIMITS = DRAFT_LIMITS;

export interface BountySubmissionInput {
  title: string;
  company: string;
  description: string;
  bountyAmount: number;
  deadlineDays: number;
  domain: SubmissionDomain;
}

export type SubmissionField = 'title' | 'company' | 'description' | 'bountyAmount' | 'deadline' | 'domain';

export type ValidationResult = Validation<BountySubmissionInput>;

function text(value: unknown, label: string, max: number): string | { error: string } {
  if (value === undefined || value === null || (typeof value === 'string' && !value.trim()))
    return { error: `${label} is required.` };
  if (typeof value !== 'string') return { error: `${label} must be text.` };
  if (value.length > max) return { error: `${label} must be at most ${max} characters.` };
  return value.trim();
}

/** A JSON number, or a plain decimal string as a form would send it. */
function numeric(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value.trim());
  return null;
}

export function validateBountySubmission(body: unknown): ValidationResult {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    return {
      ok: false,
      message:
        'The request body must be a JSON object with title, company, description, bountyAmount, deadline and domain.',
    };
  }
  const raw = body as Record<string, unknown>;
  const errors: Partial<Record<SubmissionField, string>> = {};

  const title = text(raw.title, 'Title', SUBMISSION_LIMITS.title);
  if (typeof title !== 'string') errors.title = title.error;
  const company = text(raw.company, 'Company', SUBMISSION_LIMITS.company);
  if (typeof company !== 'string') errors.company = company.error;
  const description = text(raw.description, 'Description', SUBMISSION_LIMITS.description);
  if (typeof description !== 'string') errors.description = description.error;

  const amount = numeric(raw.bountyAmount);
  if (raw.bountyAmount === undefined || raw.bountyAmount === null || raw.bountyAmount === '')
    errors.bountyAmount = 'Bounty amount is required.';
  else if (amount === null) errors.bountyAmount = 'Bounty amount must be a number.';
  else if (amount < 0) errors.bountyAmount = 'Bounty amount must be at least 0.';
  else if (amount > SUBMISSION_LIMITS.maxBountyAmount)
    errors.bountyAmount = `Bounty amount must be at most ${SUBMISSION_LIMITS.maxBountyAmount}.`;

  const days = numeric(raw.deadline);
  if (raw.deadline === undefined || raw.deadline === null || raw.deadline === '')
    errors.deadline = 'Deadline is required.';
  else if (days === null) errors.deadline = 'Deadline must be a number of days.';
  else if (days < 1) errors.deadline = 'Deadline must be at least 1 day.';
  else if (!Number.isInteger(days)) errors.deadline = 'Deadline must be a whole number of days.';
  else if (days > SUBMISSION_LIMITS.maxDeadlineDays)
    errors.deadline = `Deadline must be at most ${SUBMISSION_LIMITS.maxDeadlineDays} days.`;

  if (raw.domain === undefined || raw.domain === null || raw.domain === '')
    errors.domain = 'Domain is required.';
  else if (!(SUBMISSION_DOMAINS as readonly unknown[]).includes(raw.domain))
    errors.domain = 'Domain must be Software, AI/ML or Engineering.';

  const messages = Object.values(errors);
  if (messages.length > 0) return { ok: false, message: messages.join(' '), fieldErrors: errors };
  return {
    ok: true,
    value: {
      title: title as string,
      company: company as string,
      description: description as string,
      bountyAmount: amount as number,
      deadlineDays: days as number,
      domain: raw.domain as SubmissionDomain,
    },
  };
}
