/**
 * The create-bounty form (mfe-bounties/README.md, "Create bounty"): every field required, bountyAmount
 * at least 0, deadline at least 1 day, domain one of Software, AI/ML, Engineering (Software by default).
 * The server checks the same rules again (server/src/bounty-submissions); domains, limits and the
 * draft's shape are the contract in @side-quest/data.
 */
import { type BountyDomain, type BountyDraft } from '@side-quest/data';
import { BOUNTY_DOMAINS, DRAFT_LIMITS } from '@side-quest/data/forms';

export { BOUNTY_DOMAINS, DRAFT_LIMITS, type BountyDomain, type BountyDraft };

/** What the form holds: text, as typed. */
export interface BountyDraftValues {
  title: string;
  company: string;
  description: string;
  bountyAmount: string;
  deadline: string;
  domain: string;
}

export type BountyDraftField = keyof BountyDraftValues;
export type BountyDraftErrors = Partial<Record<BountyDraftField, string>>;

export const EMPTY_DRAFT: BountyDraftValues = {
  title: '',
  company: '',
  description: '',
  bountyAmount: '',
  deadline: '',
  domain: 'Software',
};

export const DRAFT_FIELDS: readonly BountyDraftField[] = [
  'title',
  'company',
  'description',
  'bountyAmount',
  'deadline',
  'domain',
];

const NUMBER_TEXT = /^\d+(\.\d+)?$/;

function checkText(value: string, label: string, max: number): string | undefined {
  if (!value.trim()) return `${label} is required.`;
  if (value.length > max) return `${label} must be at most ${max.toLocaleString('en-US')} characters.`;
  return undefined;
}

/** One message per invalid field; an empty object means the draft is valid. */
export function validateBountyDraft(values: BountyDraftValues): BountyDraftErrors {
  const errors: BountyDraftErrors = {};
  errors.title = checkText(values.title, 'Title', DRAFT_LIMITS.title);
  errors.company = checkText(values.company, 'Company', DRAFT_LIMITS.company);
  errors.description = checkText(values.description, 'Description', DRAFT_LIMITS.description);

  const amount = values.bountyAmount.trim();
  if (!amount) errors.bountyAmount = 'Bounty amount is required.';
  else if (amount.startsWith('-') && NUMBER_TEXT.test(amount.slice(1)))
    errors.bountyAmount = 'Bounty amount must be at least 0.';
  else if (!NUMBER_TEXT.test(amount)) errors.bountyAmount = 'Bounty amount must be a number.';
  else if (Number(amount) > DRAFT_LIMITS.maxBountyAmount)
    errors.bountyAmount = `Bounty amount must be at most ${DRAFT_LIMITS.maxBountyAmount.toLocaleString('en-US')}.`;

  const days = values.deadline.trim();
  if (!days) errors.deadline = 'Deadline is required.';
  else if (!/^-?\d+(\.\d+)?$/.test(days)) errors.deadline = 'Deadline must be a number of days.';
  else if (Number(days) < 1) errors.deadline = 'Deadline must be at least 1 day.';
  else if (!Number.isInteger(Number(days))) errors.deadline = 'Deadline must be a whole number of days.';
  else if (Number(days) > DRAFT_LIMITS.maxDeadlineDays)
    errors.deadline = `Deadline must be at most ${DRAFT_LIMITS.maxDeadlineDays} days.`;

  if (!values.domain) errors.domain = 'Domain is required.';
  else if (!(BOUNTY_DOMAINS as readonly string[]).includes(values.domain))
    errors.domain = 'Domain must be Software, AI/ML or Engineering.';

  for (const field of DRAFT_FIELDS) if (errors[field] === undefined) delete errors[field];
  return errors;
}

/** The typed values as the draft sent to the server; call only after validation passed. */
export function toBountyDraft(values: BountyDraftValues): BountyDraft {
  return {
    title: values.title.trim(),
    company: values.company.trim(),
    description: values.description.trim(),
    bountyAmount: Number(values.bountyAmount.trim()),
    deadline: Number(values.deadline.trim()),
    domain: values.domain as BountyDomain,
  };
}
