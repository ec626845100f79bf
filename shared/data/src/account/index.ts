export { NEXT_PARAM, safeNextPath, signInUrl } from './nextPath';
export { VIEWER_KEY, useViewer, viewerLabel, type Viewer } from './viewer';
export {
  SIGN_IN_CODE_STEP,
  SIGN_IN_ERROR_PARAM,
  SIGN_IN_ERRORS,
  SIGN_IN_FORM,
  SIGN_IN_STEP_PARAM,
  signInErrorMessage,
  type SignInError,
} from './signInForm';
export { COUNTRIES, countryName } from './countries';
export {
  PAYOUT_METHODS,
  PROFILE_LIMITS,
  validateProfile,
  type PayoutMethod,
  type Profile,
  type ProfileErrors,
  type ProfileFields,
  type ProfileValidation,
} from './profile';
export {
  ACCOUNT_DONE_MESSAGES,
  ACCOUNT_DONE_PARAM,
  ACCOUNT_FORMS,
  ACCOUNT_KEY,
  PROFILE_FORM_KEY,
  accountDoneMessage,
  useAccountOverview,
  type AccountOverview,
  type ProfileFormReturn,
} from './accountOverview';
