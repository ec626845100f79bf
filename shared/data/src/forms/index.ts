// The submission contracts the site's forms and the server's write routes share (no React, no browser APIs).
export { EMAIL_PATTERN, isValidEmail } from './email';
export { CHALLENGE_TYPES, type ChallengeType, type LeadSubmission } from './leadSubmission';
export {
  BOUNTY_DOMAINS,
  BOUNTY_DRAFT_DIALOG,
  BOUNTY_DRAFT_RESULT_PARAM,
  BOUNTY_DRAFT_RETURN_KEY,
  BOUNTY_DRAFT_TYPED_FIELDS,
  BOUNTY_RECEIVED_MESSAGE,
  DRAFT_LIMITS,
  type BountyDomain,
  type BountyDraft,
} from './bountyDraft';
export {
  COST_MAX,
  COST_MIN,
  COST_SLIDER_MAX_POSITION,
  DEFAULT_COST,
  DEFAULT_COST_POSITION,
  costToPosition,
  formatCost,
  positionToCost,
} from './costScale';
export {
  DIALOG_PARAM,
  FORM_POST_OUTCOMES,
  RETURN_PAGE_FIELD,
  absoluteOn,
  formPostOutcome,
  returnedValue,
  type FormPostOutcome,
  type FormReturn,
} from './formPost';
export {
  LEAD_FORM_FIELDS,
  LEAD_FORM_RETURN_KEY,
  LEAD_FORM_TYPED_FIELDS,
  LEAD_RESULT_PARAM,
  leadFromFormFields,
} from './leadForm';
export {
  CHALLENGE_RECEIVED_MESSAGE,
  CONTACT_FORM_RETURN_KEY,
  CONTACT_RESULT_PARAM,
  CONTACT_TYPED_FIELDS,
  SIGNUP_RECEIVED_MESSAGE,
} from './contactForms';
