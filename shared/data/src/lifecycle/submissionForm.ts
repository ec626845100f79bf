import { countryName } from '../account/countries';
import { payoutMethodLabel, type PayoutMethod } from '../account/profile';

export const SUBMISSION_LINK_KINDS = [
  ['repository', 'Repository'],
  ['document', 'Document'],
  ['video', 'Video'],
] as const;
export type SubmissionLinkKind = (typeof SUBMISSION_LINK_KINDS)[number][0];
export type SubmissionLinks = Partial<Record<SubmissionLinkKind, string>>;

export const SUBMISSION_LIMITS = {
  writeUpMin: 20,
  writeUpMax: 10_000,
  answerMax: 2_000,
  linkMax: 500,
} as const;

/** The submission form as sent: a link per kind, the write-up, one answer per acceptance criterion. */
export interface SubmissionFields {
  repository: string;
  document: string;
  video: string;
  writeUp: string;
  answers: string[];
}

export interface SubmissionContent {
  links: SubmissionLinks;
  writeUp: string;
  answers: string[];
}

export type SubmissionErrors = Partial<Record<SubmissionLinkKind | 'links' | 'writeUp' | 'answers', string>>;
export type SubmissionValidation =
  { ok: true; value: SubmissionContent } | { ok: false; errors: SubmissionErrors };

/** An absolute http(s) URL, or null: other schemes (javascript:, data:) are never linked. */
export function webLink(text: string): string | null {
  const value = text.trim();
  if (!value || value.length > SUBMISSION_LIMITS.linkMax) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

export function validateSubmission(fields: SubmissionFields, criteriaCount: number): SubmissionValidation {
  const errors: SubmissionErrors = {};
  const links: SubmissionLinks = {};
  for (const [kind, label] of SUBMISSION_LINK_KINDS) {
    const text = fields[kind].trim();
    if (!text) continue;
    const link = webLink(text);
    if (link) links[kind] = link;
    else errors[kind] = `${label} must be a web address starting with https://.`;
  }
  if (Object.keys(links).length === 0 && !SUBMISSION_LINK_KINDS.some(([kind]) => errors[kind]))
    errors.links = 'Add at least one link to your work: a repository, a document or a video.';

  const writeUp = fields.writeUp.replace(/\r\n/g, '\n').trim();
  if (writeUp.length < SUBMISSION_LIMITS.writeUpMin)
    errors.writeUp = `Write at least ${SUBMISSION_LIMITS.writeUpMin} characters about your solution.`;
  else if (writeUp.length > SUBMISSION_LIMITS.writeUpMax)
    errors.writeUp = `Keep the write-up to ${SUBMISSION_LIMITS.writeUpMax.toLocaleString('en-US')} characters.`;

  const answers = Array.from({ length: criteriaCount }, (_, index) =>
    (fields.answers[index] ?? '').replace(/\r\n/g, '\n').trim(),
  );
  if (fields.answers.length > criteriaCount || answers.some((answer) => !answer))
    errors.answers = 'Answer every acceptance criterion: say how your solution meets it.';
  else if (answers.some((answer) => answer.length > SUBMISSION_LIMITS.answerMax))
    errors.answers = `Keep each answer to ${SUBMISSION_LIMITS.answerMax.toLocaleString('en-US')} characters.`;

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { links, writeUp, answers } };
}

/** Whoever was a member of the sponsor organisation this recently may not submit to or win its bounties. */
export const FORMER_MEMBER_DAYS = 90;

export interface EligibilityTerms {
  eligibleCountries: readonly string[];
  payoutMethods: readonly PayoutMethod[];
}

export interface Applicant {
  country: string | null;
  payoutMethod: PayoutMethod | null;
  /** A member of the sponsor organisation now or within FORMER_MEMBER_DAYS. */
  recentMember: boolean;
}

/**
 * Why this person may not submit to this bounty, or null: checked before any work starts, never after
 * winning. The country and payout method come from the person's profile.
 */
export function eligibilityProblem(terms: EligibilityTerms, applicant: Applicant): string | null {
  if (applicant.recentMember)
    return `Members of the sponsor's team, now or in the last ${FORMER_MEMBER_DAYS} days, cannot take part in its bounties.`;
  if (terms.eligibleCountries.length > 0) {
    if (!applicant.country)
      return 'This bounty is open to some countries only: add your country to your profile first.';
    if (!terms.eligibleCountries.includes(applicant.country))
      return `This bounty is open to people in ${terms.eligibleCountries.map((code) => countryName(code) ?? code).join(', ')} only.`;
  }
  if (!applicant.payoutMethod)
    return 'Add how you want to be paid to your profile first, so the sponsor can pay you if you win.';
  if (!terms.payoutMethods.includes(applicant.payoutMethod))
    return `The sponsor pays by ${terms.payoutMethods.map(payoutMethodLabel).join(', ')}; your profile says ${payoutMethodLabel(applicant.payoutMethod)}.`;
  return null;
}
