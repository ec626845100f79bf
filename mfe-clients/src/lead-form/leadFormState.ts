import { returnedValue, type FormReturn } from '@side-quest/data';
import {
  COST_SLIDER_MAX_POSITION,
  DEFAULT_COST_POSITION,
  LEAD_FORM_FIELDS,
  formatCost,
  isValidEmail,
  positionToCost,
} from '@side-quest/data/forms';
import { isExamplePhrase } from './examplePhrases';
import { CHALLENGE_TYPES, type ChallengeType, type LeadPayload } from './leadPayload';

export const MESSAGES = {
  noChallenge: 'Please select or describe a challenge.',
  badEmail: 'Please enter a valid email address.',
  submitFailed: 'There was a problem submitting your form. Please try again.',
} as const;

// E-mail: isValidEmail from @side-quest/data, the site's one rule (text, @, text, dot, text).

export interface LeadFormState {
  challengeType: ChallengeType | '';
  /** Each type keeps its own text and slider, so switching back and forth loses nothing. */
  descriptions: Record<ChallengeType, string>;
  costPositions: Record<ChallengeType, number>;
  email: string;
  error: string | null;
}

export const initialLeadFormState: LeadFormState = {
  challengeType: 'hiring',
  descriptions: { hiring: '', bottleneck: '' },
  costPositions: { hiring: DEFAULT_COST_POSITION, bottleneck: DEFAULT_COST_POSITION },
  email: '',
  error: null,
};

export type LeadFormAction =
  | { type: 'selectType'; challengeType: ChallengeType }
  | { type: 'describe'; challengeType: ChallengeType; text: string }
  | { type: 'setCost'; challengeType: ChallengeType; position: number }
  | { type: 'setEmail'; email: string }
  | { type: 'fail'; message: string };

/** The lead form's transitions (mfe-clients/README.md, "Lead form"). */
export function leadFormReducer(state: LeadFormState, action: LeadFormAction): LeadFormState {
  switch (action.type) {
    case 'selectType':
      return { ...state, challengeType: action.challengeType };
    case 'describe':
      // Typing in an input selects its type; a text equal to an example phrase is cleared; any change
      // of the text clears the error message.
      return {
        ...state,
        challengeType: action.challengeType,
        descriptions: {
          ...state.descriptions,
          [action.challengeType]: isExamplePhrase(action.text) ? '' : action.text,
        },
        error: null,
      };
    case 'setCost':
      return { ...state, costPositions: { ...state.costPositions, [action.challengeType]: action.position } };
    case 'setEmail':
      // As the challenge text does (a decision of ours: docs/decisions.md, "For clients").
      return { ...state, email: action.email, error: null };
    case 'fail':
      return { ...state, error: action.message };
  }
}

export function selectedDescription(state: LeadFormState): string {
  return state.challengeType ? state.descriptions[state.challengeType] : '';
}

/** Submit is disabled while email, type or description is empty, or while submitting. */
export function canSubmit(state: LeadFormState, submitting: boolean): boolean {
  return !submitting && state.email !== '' && state.challengeType !== '' && selectedDescription(state) !== '';
}

/** The submit checks: the first failing one's message, or null when the form may be sent. */
export function validateLeadForm(state: LeadFormState): string | null {
  if (!state.challengeType || selectedDescription(state).trim() === '') return MESSAGES.noChallenge;
  if (!isValidEmail(state.email)) return MESSAGES.badEmail;
  return null;
}

/** A message's field: the e-mail input, the selected challenge's text, or none (the send failed). */
export type LeadFormField = 'email' | 'challenge';

/** Where the form's message shows: under the field at fault, or under the form when sending failed. */
export function leadFormErrors(error: string | null): {
  fields: Partial<Record<LeadFormField, string>>;
  form: string | null;
} {
  if (error === MESSAGES.badEmail) return { fields: { email: error }, form: null };
  if (error === MESSAGES.noChallenge) return { fields: { challenge: error }, form: null };
  return { fields: {}, form: error };
}

/** The lead payload for the selected challenge (mfe-clients/README.md, "Submission"). */
export function buildLeadPayload(
  state: LeadFormState,
  page: { uri: string; name: string },
): LeadPayload | null {
  if (!state.challengeType) return null;
  return {
    email: state.email.trim(),
    challengeType: state.challengeType,
    challengeDescription: selectedDescription(state).trim(),
    costImpact: formatCost(positionToCost(state.costPositions[state.challengeType])),
    pageUri: page.uri,
    pageName: page.name,
  };
}

/**
 * The form as a refused post without JavaScript left it: the server answers it with this page again,
 * what was typed in its cache (`LEAD_FORM_RETURN_KEY`, never in the URL). The message is the one the
 * form itself would show, else the general failure message.
 */
export function leadFormStateFromReturn(returned: FormReturn): LeadFormState {
  const typed = (field: string) => returnedValue(returned, field);
  const position = (type: ChallengeType) => {
    const value = typed(LEAD_FORM_FIELDS.costPosition(type));
    const number = Number(value);
    return /^\d+$/.test(value) && number <= COST_SLIDER_MAX_POSITION ? number : DEFAULT_COST_POSITION;
  };
  const descriptions = {} as Record<ChallengeType, string>;
  const costPositions = {} as Record<ChallengeType, number>;
  for (const type of CHALLENGE_TYPES) {
    descriptions[type] = typed(LEAD_FORM_FIELDS.description(type));
    costPositions[type] = position(type);
  }
  // The server takes the type whose input has text when the selected one has none (typing in an
  // input selects its type), so the form shows that one selected.
  const posted = typed(LEAD_FORM_FIELDS.challengeType);
  const hasText = (type: ChallengeType) => descriptions[type].trim() !== '';
  const challengeType =
    CHALLENGE_TYPES.find((type) => type === posted && hasText(type)) ??
    CHALLENGE_TYPES.find(hasText) ??
    CHALLENGE_TYPES.find((type) => type === posted) ??
    initialLeadFormState.challengeType;
  const state: LeadFormState = {
    challengeType,
    descriptions,
    costPositions,
    email: typed(LEAD_FORM_FIELDS.email),
    error: null,
  };
  const problem = returned.outcome === 'invalid' ? validateLeadForm(state) : null;
  return { ...state, error: problem ?? MESSAGES.submitFailed };
}
