import { BOUNTY_DOMAINS, type BountyDomain } from '../forms/bountyDraft';
import { countryName } from '../account/countries';
import { PAYOUT_METHODS, type PayoutMethod } from '../account/profile';
import { DAY_MS } from './stages';

/** What happens to prize money no winner earns; the bounty page states it. */
export const UNCLAIMED_POLICIES = [
  ['returned', 'Returned to the sponsor'],
  ['rollover', 'Rolled into a follow-up bounty'],
] as const;
export type UnclaimedPolicy = (typeof UNCLAIMED_POLICIES)[number][0];

export const HOSTED_LIMITS = {
  titleMin: 5,
  titleMax: 120,
  descriptionMin: 40,
  /** Characters of markdown; the renderer caps user content at the same size. */
  descriptionMax: 20_000,
  criteriaMax: 10,
  criterionMax: 200,
  skillsMax: 8,
  prizesMax: 10,
  /** USD, whole dollars per prize slot. */
  prizeMax: 1_000_000,
  /** A deadline at least this far ahead when posting, so talent has a fair chance. */
  minLeadHours: 24,
  maxLeadDays: 365,
  judgingDaysDefault: 14,
  paymentDueDaysDefault: 14,
  periodDaysMax: 60,
} as const;

/** The posting form's fields as sent (every value a string, several for the list fields). */
export interface HostedBountyFields {
  title: string;
  description: string;
  domain: string;
  skills: string[];
  /** One acceptance criterion per entry (or per line of one entry). */
  criteria: string[];
  /** One amount per prize slot, in order. */
  prizes: string[];
  /** A UTC instant as `YYYY-MM-DDTHH:mm` (the form says UTC), or any ISO date-time with a zone. */
  submissionDeadline: string;
  judgingDays: string;
  paymentDueDays: string;
  eligibleCountries: string[];
  payoutMethods: string[];
  unclaimed: string;
}

export interface HostedBountyTerms {
  title: string;
  description: string;
  domain: BountyDomain;
  skills: string[];
  criteria: string[];
  prizes: number[];
  submissionDeadline: string;
  judgingDeadline: string;
  paymentDueDays: number;
  eligibleCountries: string[];
  payoutMethods: PayoutMethod[];
  unclaimed: UnclaimedPolicy;
}

export type HostedBountyErrors = Partial<Record<keyof HostedBountyFields, string>>;
export type HostedBountyValidation =
  { ok: true; value: HostedBountyTerms } | { ok: false; errors: HostedBountyErrors };

export const EMPTY_HOSTED_BOUNTY: HostedBountyFields = {
  title: '',
  description: '',
  domain: 'Software',
  skills: [],
  criteria: [],
  prizes: [],
  submissionDeadline: '',
  judgingDays: String(HOSTED_LIMITS.judgingDaysDefault),
  paymentDueDays: String(HOSTED_LIMITS.paymentDueDaysDefault),
  eligibleCountries: [],
  payoutMethods: [],
  unclaimed: 'returned',
};

const clean = (text: string) => text.trim().replace(/\s+/g, ' ');
const linesOf = (entries: readonly string[]) =>
  entries
    .flatMap((entry) => entry.split(/\r?\n/))
    .map(clean)
    .filter(Boolean);

/** `YYYY-MM-DDTHH:mm` with no zone is read as UTC (the form's label says so); a zone, when given, wins. */
export function parseUtcInstant(text: string): number | null {
  const value = text.trim();
  const local = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value);
  const zoned = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value);
  if (!local && !zoned) return null;
  const parsed = Date.parse(local ? `${value}Z` : value);
  return Number.isNaN(parsed) ? null : parsed;
}

function wholeDays(text: string, fallback: number): number | null {
  const value = text.trim();
  if (!value) return fallback;
  if (!/^\d{1,3}$/.test(value)) return null;
  const days = Number(value);
  return days >= 1 && days <= HOSTED_LIMITS.periodDaysMax ? days : null;
}

/** A prize or payment in whole US dollars, e.g. "$1,500". */
export const formatUsd = (amount: number) => `$${amount.toLocaleString('en-US')}`;

/**
 * Checks a posted bounty against the lifecycle's rules: its criteria are what judging scores, its prize
 * slots what winners are paid (the reward shown is their sum), its deadline a future UTC instant. Skills
 * come from the ones bounties use (`knownSkills`), like the profile's.
 */
export function validateHostedBounty(
  fields: HostedBountyFields,
  knownSkills: ReadonlySet<string>,
  now: number,
): HostedBountyValidation {
  const errors: HostedBountyErrors = {};
  const limits = HOSTED_LIMITS;

  const title = clean(fields.title);
  if ([...title].length < limits.titleMin)
    errors.title = `Give the bounty a title of at least ${limits.titleMin} characters.`;
  else if ([...title].length > limits.titleMax)
    errors.title = `Keep the title to ${limits.titleMax} characters.`;

  const description = fields.description.replace(/\r\n/g, '\n').trim();
  if (description.length < limits.descriptionMin)
    errors.description = `Describe the challenge in at least ${limits.descriptionMin} characters.`;
  else if (description.length > limits.descriptionMax)
    errors.description = `Keep the description to ${limits.descriptionMax.toLocaleString('en-US')} characters.`;

  const domain = fields.domain.trim();
  if (!(BOUNTY_DOMAINS as readonly string[]).includes(domain))
    errors.domain = 'Domain must be Software, AI/ML or Engineering.';

  const skills = [...new Set(fields.skills.map(clean).filter(Boolean))];
  if (skills.some((skill) => !knownSkills.has(skill)))
    errors.skills = 'Choose skills from the list: they are the skills bounties ask for.';
  else if (skills.length > limits.skillsMax) errors.skills = `Choose at most ${limits.skillsMax} skills.`;

  const criteria = linesOf(fields.criteria);
  if (criteria.length === 0)
    errors.criteria = 'List at least one acceptance criterion: judging scores each one.';
  else if (criteria.length > limits.criteriaMax)
    errors.criteria = `List at most ${limits.criteriaMax} acceptance criteria.`;
  else if (criteria.some((criterion) => [...criterion].length > limits.criterionMax))
    errors.criteria = `Keep each criterion to ${limits.criterionMax} characters.`;

  const prizeTexts = fields.prizes
    .map((prize) => prize.trim().replace(/^\$/, '').replace(/,/g, ''))
    .filter(Boolean);
  const prizes = prizeTexts.map(Number);
  if (prizeTexts.length === 0) errors.prizes = 'Add at least one prize slot with its amount.';
  else if (prizeTexts.length > limits.prizesMax)
    errors.prizes = `A bounty has at most ${limits.prizesMax} prize slots.`;
  else if (prizeTexts.some((text) => !/^\d+$/.test(text)))
    errors.prizes = 'Each prize is a whole number of US dollars.';
  else if (prizes.some((amount) => amount < 1 || amount > limits.prizeMax))
    errors.prizes = `Each prize is between $1 and ${formatUsd(limits.prizeMax)}.`;

  const deadline = parseUtcInstant(fields.submissionDeadline);
  if (deadline === null)
    errors.submissionDeadline = 'Enter the submission deadline as a date and time in UTC.';
  else if (deadline < now + limits.minLeadHours * 60 * 60 * 1000)
    errors.submissionDeadline = `The submission deadline must be at least ${limits.minLeadHours} hours from now.`;
  else if (deadline > now + limits.maxLeadDays * DAY_MS)
    errors.submissionDeadline = `The submission deadline must be within ${limits.maxLeadDays} days.`;

  const judgingDays = wholeDays(fields.judgingDays, limits.judgingDaysDefault);
  if (judgingDays === null)
    errors.judgingDays = `Judging takes 1 to ${limits.periodDaysMax} whole days after the deadline.`;
  const paymentDueDays = wholeDays(fields.paymentDueDays, limits.paymentDueDaysDefault);
  if (paymentDueDays === null)
    errors.paymentDueDays = `Payment is due 1 to ${limits.periodDaysMax} whole days after the announcement.`;

  const eligibleCountries = [...new Set(fields.eligibleCountries.map((code) => code.trim()).filter(Boolean))];
  if (eligibleCountries.some((code) => !countryName(code)))
    errors.eligibleCountries = 'Choose countries from the list.';

  const payoutMethods = [...new Set(fields.payoutMethods.map((method) => method.trim()).filter(Boolean))];
  if (payoutMethods.length === 0) errors.payoutMethods = 'Choose at least one way you can pay winners.';
  else if (payoutMethods.some((method) => !PAYOUT_METHODS.some(([id]) => id === method)))
    errors.payoutMethods = 'Choose payout methods from the list.';

  const unclaimed = fields.unclaimed.trim();
  if (!UNCLAIMED_POLICIES.some(([id]) => id === unclaimed))
    errors.unclaimed = 'Say what happens to prize money no winner earns.';

  if (Object.keys(errors).length > 0 || deadline === null || judgingDays === null || paymentDueDays === null)
    return { ok: false, errors };
  return {
    ok: true,
    value: {
      title,
      description,
      domain: domain as BountyDomain,
      skills,
      criteria,
      prizes,
      submissionDeadline: new Date(deadline).toISOString(),
      judgingDeadline: new Date(deadline + judgingDays * DAY_MS).toISOString(),
      paymentDueDays,
      eligibleCountries,
      payoutMethods: payoutMethods as PayoutMethod[],
      unclaimed: unclaimed as UnclaimedPolicy,
    },
  };
}

export const prizeTotal = (prizes: readonly number[]) => prizes.reduce((sum, amount) => sum + amount, 0);
