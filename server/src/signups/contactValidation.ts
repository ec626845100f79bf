import { EMAIL_PATTERN } from '@side-quest/data/forms';
import type { FieldErrors, Validation } from '../http/jsonBody';
/**
 * Validation of the native fallback forms that stand in for the marketing provider's embedded forms
 * (shell/README.md, "Dialogs"): a sign-up (email) and a post-challenge request (email, company, description).
 * Pure functions, so the rules are tested without HTTP.
 */

/** Field limits; the e-mail must also match the site's one rule, EMAIL_PATTERN. */
export const MAX_EMAIL_LENGTH = 254;
export const MAX_COMPANY_LENGTH = 200;
export const MIN_DESCRIPTION_LENGTH = 20;
export const MAX_DESCRIPTION_LENGTH = 5000;
export const MAX_PAGE_URI_LENGTH = 2000;

export const SIGNUP_SOURCES = ['login', 'signup'] as const;
export type SignupSource = (typeof SIGNUP_SOURCES)[number];

export interface SignupInput {
  email: string;
  source: SignupSource;
  pageUri: string;
}

export interface ChallengeRequestInput {
  email: string;
  company: string;
  challengeDescription: string;
  pageUri: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(body: Record<string, unknown>, field: string): string | null {
  const value = body[field];
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value.trim() : null;
}

function checkEmail(body: Record<string, unknown>, errors: FieldErrors): string {
  const email = text(body, 'email');
  if (email === null || email === '') errors.email = 'Please enter your email address.';
  else if (email.length > MAX_EMAIL_LENGTH || !EMAIL_PATTERN.test(email))
    errors.email = 'Please enter a valid email address.';
  return email ?? '';
}

function checkPageUri(body: Record<string, unknown>, errors: FieldErrors): string {
  const pageUri = text(body, 'pageUri');
  if (pageUri === null || pageUri.length > MAX_PAGE_URI_LENGTH)
    errors.pageUri = 'pageUri must be a short text.';
  return pageUri ?? '';
}

function result<T>(errors: FieldErrors, value: T): Validation<T> {
  const messages = Object.values(errors);
  if (messages.length === 0) return { ok: true, value };
  return { ok: false, message: messages.join(' '), fieldErrors: errors };
}

const NOT_AN_OBJECT: Validation<never> = { ok: false, message: 'The request body must be a JSON object.' };

export function validateSignup(body: unknown): Validation<SignupInput> {
  if (!isRecord(body)) return NOT_AN_OBJECT;
  const errors: FieldErrors = {};
  const email = checkEmail(body, errors);
  const source = body.source ?? 'signup';
  if (!SIGNUP_SOURCES.includes(source as SignupSource))
    errors.source = `source must be one of: ${SIGNUP_SOURCES.join(', ')}.`;
  const pageUri = checkPageUri(body, errors);
  return result(errors, { email, source: source as SignupSource, pageUri });
}

export function validateChallengeRequest(body: unknown): Validation<ChallengeRequestInput> {
  if (!isRecord(body)) return NOT_AN_OBJECT;
  const errors: FieldErrors = {};
  const email = checkEmail(body, errors);
  const company = text(body, 'company');
  if (company === null || company === '') errors.company = 'Please enter your company name.';
  else if (company.length > MAX_COMPANY_LENGTH)
    errors.company = `Company name must be at most ${MAX_COMPANY_LENGTH} characters.`;
  const description = text(body, 'challengeDescription');
  if (description === null || description === '')
    errors.challengeDescription = 'Please describe your challenge.';
  else if (description.length < MIN_DESCRIPTION_LENGTH)
    errors.challengeDescription = `Please describe your challenge in at least ${MIN_DESCRIPTION_LENGTH} characters.`;
  else if (description.length > MAX_DESCRIPTION_LENGTH)
    errors.challengeDescription = `Please keep the description under ${MAX_DESCRIPTION_LENGTH} characters.`;
  const pageUri = checkPageUri(body, errors);
  return result(errors, {
    email,
    company: company ?? '',
    challengeDescription: description ?? '',
    pageUri,
  });
}
