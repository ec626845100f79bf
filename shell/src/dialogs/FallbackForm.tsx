import { useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  Button,
  ErrorText,
  FormField as Field,
  StackedForm as Form,
  preloadToast,
  toast,
  useLocation,
  theme,
} from '@side-quest/design';
import { fieldErrors } from '@side-quest/design/field-errors';
import {
  CHALLENGE_RECEIVED_MESSAGE,
  SIGNUP_RECEIVED_MESSAGE,
  RETURN_PAGE_FIELD,
  type FormPostOutcome,
} from '@side-quest/data';
import type { ShellDialog } from './dialogCopy';
import { dialogPage } from './dialogUrl';
import {
  FALLBACK_ENDPOINT,
  FALLBACK_FIELDS,
  SUBMIT_FAILED_MESSAGE,
  fallbackPayload,
  submitFallback,
  validateFallback,
  type FallbackErrors,
  type FallbackField,
  type FallbackKind,
  type FallbackValues,
} from './fallbackSubmission';

const Confirmation = styled.div`
  padding: ${theme.space(4)};
  border: 1px solid ${theme.color.accent};
  border-radius: ${theme.radius.medium};
  background: ${theme.color.accentMuted};
  display: flex;
  flex-direction: column;
  gap: ${theme.space(3)};
  align-items: flex-start;
  p {
    margin: 0;
  }
`;

const LABELS: Record<FallbackField, string> = {
  email: 'Email',
  company: 'Company',
  challengeDescription: 'Challenge description',
};

const SUBMIT_LABEL: Record<FallbackKind, string> = {
  signup: 'SIGN_UP',
  challenge: 'SUBMIT_CHALLENGE',
};

const SUCCESS_TITLE: Record<FallbackKind, string> = {
  signup: 'You are signed up',
  challenge: 'Challenge received',
};

/** The server's success message, for a post that came back without JavaScript (`result=ok`). */
const RECEIVED_MESSAGE: Record<FallbackKind, string> = {
  signup: SIGNUP_RECEIVED_MESSAGE,
  challenge: CHALLENGE_RECEIVED_MESSAGE,
};

/** Closes the dialog natively when JavaScript has not run; adds nothing to the layout. */
const DialogCloseForm = styled.form`
  display: contents;
`;

export interface FallbackFormProps {
  /** The dialog the form is in: a post without JavaScript returns to the page with it open. */
  dialog: ShellDialog;
  /** How the post that led to this page went, when the server answered one (the page's URL says). */
  initialOutcome?: FormPostOutcome | null;
  kind: FallbackKind;
  /** Which dialog a sign-up came from, stored with it. */
  source: 'login' | 'signup';
  /** What was typed so far: kept by the dialogs provider so closing the dialog loses nothing. */
  values: FallbackValues;
  onValuesChange: (values: FallbackValues) => void;
  onSubmitted: () => void;
  onClose: () => void;
}

/**
 * The short native form used when the provider's embedded form is unavailable. It validates beside
 * each field, posts to the server, keeps everything typed when that fails, and confirms success.
 * Without JavaScript the browser posts it itself (application/x-www-form-urlencoded, the same field
 * names) and the server answers with this page and dialog again, `initialOutcome` saying how it went.
 */
export function FallbackForm({
  dialog,
  initialOutcome = null,
  kind,
  source,
  values,
  onValuesChange,
  onSubmitted,
  onClose,
}: FallbackFormProps) {
  const baseId = useId();
  const { pathname, search } = useLocation();
  // A refused post shows the messages this form would have shown; any other failure the general one.
  const [errors, setErrors] = useState<FallbackErrors>(() =>
    initialOutcome === 'invalid' ? validateFallback(kind, values) : {},
  );
  const [formError, setFormError] = useState(() =>
    initialOutcome === 'invalid' || initialOutcome === 'failed' ? SUBMIT_FAILED_MESSAGE : '',
  );
  const [submitting, setSubmitting] = useState(false);
  const [confirmation, setConfirmation] = useState<string | null>(() =>
    initialOutcome === 'ok' ? RECEIVED_MESSAGE[kind] : null,
  );
  const formRef = useRef<HTMLFormElement>(null);
  const fields = FALLBACK_FIELDS[kind];
  const { describedBy, message } = fieldErrors(baseId, errors);

  const focusFirstInvalid = (invalid: FallbackErrors) => {
    const first = fields.find((field) => invalid[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const invalid = validateFallback(kind, values);
    setErrors(invalid);
    setFormError('');
    if (Object.keys(invalid).length > 0) {
      focusFirstInvalid(invalid);
      return;
    }
    setSubmitting(true);
    // The confirmation is a toast, whose code then arrives with the answer.
    void preloadToast().catch(() => undefined);
    const outcome = await submitFallback(kind, fallbackPayload(kind, values, source, window.location.href));
    setSubmitting(false);
    if (outcome.ok) {
      setConfirmation(outcome.message);
      onSubmitted();
      toast({ title: SUCCESS_TITLE[kind], description: outcome.message, variant: 'success' });
      return;
    }
    setErrors(outcome.fieldErrors);
    setFormError(outcome.message);
    focusFirstInvalid(outcome.fieldErrors);
  };

  if (confirmation !== null) {
    return (
      <Confirmation role="status">
        <strong>{SUCCESS_TITLE[kind]}</strong>
        <p>{confirmation}</p>
        <DialogCloseForm method="dialog">
          <Button
            type="submit"
            $variant="secondary"
            onClick={(event) => {
              event.preventDefault();
              onClose();
            }}
          >
            DONE
          </Button>
        </DialogCloseForm>
      </Confirmation>
    );
  }

  return (
    <Form
      ref={formRef}
      method="post"
      action={FALLBACK_ENDPOINT[kind]}
      noValidate
      onSubmit={onSubmit}
      aria-busy={submitting}
      data-testid={`fallback-${kind}`}
    >
      {fields.map((field) => {
        const id = `${baseId}-${field}`;
        const common = {
          id,
          name: field,
          value: values[field],
          required: true,
          ...describedBy(field),
          onChange: (event: { target: { value: string } }) => {
            onValuesChange({ ...values, [field]: event.target.value });
            if (errors[field]) setErrors({ ...errors, [field]: undefined });
          },
        };
        return (
          <Field key={field}>
            <label htmlFor={id}>{LABELS[field]}</label>
            {field === 'challengeDescription' ? (
              <textarea {...common} rows={5} />
            ) : (
              <input
                {...common}
                type={field === 'email' ? 'email' : 'text'}
                autoComplete={field === 'email' ? 'email' : 'organization'}
                inputMode={field === 'email' ? 'email' : undefined}
              />
            )}
            {message(field)}
          </Field>
        );
      })}
      {/* Only a post without JavaScript reads these; the JSON post sends the page's own URL. */}
      <input type="hidden" name={RETURN_PAGE_FIELD} value={dialogPage(pathname, search, dialog)} />
      {kind === 'signup' && <input type="hidden" name="source" value={source} />}
      {formError && <ErrorText role="alert">{formError}</ErrorText>}
      <Button type="submit" disabled={submitting}>
        {submitting ? 'SENDING...' : SUBMIT_LABEL[kind]}
      </Button>
    </Form>
  );
}
