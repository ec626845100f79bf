import { useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useMutation, useQueryClient } from '@side-quest/data/query';
import {
  Button,
  ErrorText,
  media,
  pageTitle,
  useHydrated,
  useLocation,
  usePrefersReducedMotion,
  theme,
} from '@side-quest/design';
import { fieldErrors } from '@side-quest/design/field-errors';
import { formPostOutcome, useAbsoluteUrl, type FormReturn } from '@side-quest/data';
import { LEAD_FORM_FIELDS, LEAD_FORM_RETURN_KEY, LEAD_RESULT_PARAM } from '@side-quest/data/forms';
import { forClientsHead } from '@side-quest/data/route-heads';
import { ChallengeOption, TextInput } from './ChallengeOption';
import { EXAMPLE_PHRASES } from './examplePhrases';
import {
  MESSAGES,
  buildLeadPayload,
  canSubmit,
  initialLeadFormState,
  leadFormErrors,
  leadFormReducer,
  leadFormStateFromReturn,
  validateLeadForm,
} from './leadFormState';
import { CHALLENGE_TYPES, type LeadPayload } from './leadPayload';
import { SUBMIT_FORM_PATH, submitLead } from './submitLead';

interface LeadFormProps {
  /** id of the heading that names the form (the page's h1). */
  labelledBy: string;
  /** Sends the lead; the real POST unless a test passes its own. */
  send?: (payload: LeadPayload) => Promise<void>;
}

/**
 * The lead-capture form (mfe-clients/README.md, "Lead form"): two challenge toggles, work email,
 * Submit, thank-you state. With JavaScript it sends the lead with fetch; without, the browser posts the
 * named fields itself and the server answers 303 to this page with ?lead=ok (the thank-you state), or,
 * refusing it, with this page rendered again holding what was typed in the query cache
 * (LEAD_FORM_RETURN_KEY), which sets the form's first state.
 */
export function LeadForm({ labelledBy, send = submitLead }: LeadFormProps) {
  const { pathname, search } = useLocation();
  const [postedOk] = useState(() => formPostOutcome(new URLSearchParams(search), LEAD_RESULT_PARAM) === 'ok');
  const queryClient = useQueryClient();
  // Read once: a refused post is shown as it was sent, until the next one.
  const [state, dispatch] = useReducer(leadFormReducer, null, () => {
    const returned = queryClient.getQueryData<FormReturn>(LEAD_FORM_RETURN_KEY);
    return returned ? leadFormStateFromReturn(returned) : initialLeadFormState;
  });
  const hydrated = useHydrated();
  const pageUri = useAbsoluteUrl()(pathname);
  // The typing hint stops for good the first time the visitor focuses or types in a challenge input.
  const [hintStopped, setHintStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  // The server's HTML (and the page without JavaScript) shows the static example; typing starts once
  // the page runs.
  const typePlaceholders = hydrated && !hintStopped && !reducedMotion;

  const mutation = useMutation({
    mutationFn: (payload: LeadPayload) => send(payload),
    onError: () => dispatch({ type: 'fail', message: MESSAGES.submitFailed }),
  });
  const submitting = mutation.isPending;

  const thanksRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (mutation.isSuccess) thanksRef.current?.focus();
  }, [mutation.isSuccess]);

  if (mutation.isSuccess || postedOk) {
    return (
      <Thanks role="status">
        <h2 ref={thanksRef} tabIndex={-1}>
          Thank You!
        </h2>
        <p>We have received your challenge insight and will be in touch soon.</p>
      </Thanks>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit(state, submitting)) return;
    const problem = validateLeadForm(state);
    if (problem) return dispatch({ type: 'fail', message: problem });
    const payload = buildLeadPayload(state, { uri: window.location.href, name: document.title });
    if (payload) mutation.mutate(payload);
  };

  const { fields: errors, form: formError } = leadFormErrors(state.error);
  const { describedBy, message } = fieldErrors('lead-form', errors);
  // The challenge's message shows under the selected type's text (the first type's if none is chosen).
  const challengeAtFault = state.challengeType || CHALLENGE_TYPES[0];

  return (
    <form method="post" action={SUBMIT_FORM_PATH} aria-labelledby={labelledBy} noValidate onSubmit={onSubmit}>
      <Stack>
        <fieldset>
          <legend className="visually-hidden">Challenge type</legend>
          <Options>
            {CHALLENGE_TYPES.map((type) => (
              <ChallengeOption
                key={type}
                type={type}
                selected={state.challengeType === type}
                description={state.descriptions[type]}
                examplePhrases={EXAMPLE_PHRASES[type]}
                typePlaceholder={typePlaceholders}
                costPosition={state.costPositions[type]}
                invalid={type === challengeAtFault ? describedBy('challenge') : {}}
                message={type === challengeAtFault ? message('challenge') : null}
                onSelect={() => dispatch({ type: 'selectType', challengeType: type })}
                onFocusInput={() => setHintStopped(true)}
                onDescribe={(text) => {
                  setHintStopped(true);
                  dispatch({ type: 'describe', challengeType: type, text });
                }}
                onCostChange={(position) => dispatch({ type: 'setCost', challengeType: type, position })}
              />
            ))}
          </Options>
        </fieldset>
        <input type="hidden" name={LEAD_FORM_FIELDS.pageUri} value={pageUri} />
        <input type="hidden" name={LEAD_FORM_FIELDS.pageName} value={pageTitle(forClientsHead.title)} />
        <EmailRow>
          <EmailField>
            <label htmlFor="lead-email">Work email</label>
            <TextInput
              id="lead-email"
              type="email"
              name="email"
              required
              aria-required="true"
              autoComplete="email"
              inputMode="email"
              maxLength={254}
              placeholder="you@company.com"
              value={state.email}
              onChange={(event) => dispatch({ type: 'setEmail', email: event.target.value })}
              {...describedBy('email')}
            />
            {message('email')}
          </EmailField>
          {/* Without JavaScript nothing would ever enable it, and the server checks the fields anyway. */}
          <SubmitButton
            type="submit"
            disabled={hydrated && !canSubmit(state, submitting)}
            aria-busy={submitting}
          >
            Submit
          </SubmitButton>
        </EmailRow>
        {formError && <ErrorText role="alert">{formError}</ErrorText>}
      </Stack>
    </form>
  );
}

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(4)};
  fieldset {
    border: 0;
    margin: 0;
    padding: 0;
    min-width: 0;
  }
`;

const Options = styled.div`
  display: grid;
  gap: ${theme.space(3)};
  ${media.medium} {
    grid-template-columns: 1fr 1fr;
  }
`;

/**
 * On a phone the e-mail's label, input and message, then Submit. From the medium width Submit sits
 * beside the input, and the message under the input (the field's parts become the grid's first column).
 */
const EmailRow = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(3)};
  ${media.medium} {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    gap: ${theme.space(1)} ${theme.space(3)};
    align-items: end;
  }
`;

const EmailField = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(1)};
  label {
    font-size: 0.9rem;
    font-weight: 600;
  }
  ${media.medium} {
    display: contents;
    & > * {
      grid-column: 1;
    }
  }
`;

const SubmitButton = styled(Button)`
  min-width: 9rem;
  ${media.medium} {
    grid-row: 2;
    grid-column: 2;
  }
`;

const Thanks = styled.div`
  padding: ${theme.space(6)} ${theme.space(2)};
  text-align: center;
  h2 {
    font-size: 1.8rem;
    color: ${theme.color.accent};
  }
  p {
    margin: 0;
    color: ${theme.color.textMuted};
  }
`;
