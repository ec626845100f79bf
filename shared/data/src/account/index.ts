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
