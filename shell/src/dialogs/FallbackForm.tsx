import { useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, ErrorText, toast } from '@side-quest/design';
import {
  FALLBACK_FIELDS,
  fallbackPayload,
  submitFallback,
  validateFallback,
  type FallbackErrors,
  type FallbackField,
  type FallbackKind,
  type FallbackValues,
} from './fallbackSubmission';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
`;

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  label {
    font-family: ${({ theme }) => theme.font.mono};
    font-size: 0.85rem;
    font-weight: 700;
    letter-spacing: 0.04em;
    text-transform: uppercase;
  }
  input,
  textarea {
    width: 100%;
    min-height: 44px;
    padding: 0.6rem 0.75rem;
    border-radius: ${({ theme }) => theme.radius.medium};
    border: 1px solid ${({ theme }) => theme.color.border};
    background: ${({ theme }) => theme.color.background};
  }
  textarea {
    min-height: 7.5rem;
    resize: vertical;
  }
  [aria-invalid='true'] {
    border-color: ${({ theme }) => theme.color.danger};
  }
`;

const Confirmation = styled.div`
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.color.accent};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.color.accentMuted};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
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

export interface FallbackFormProps {
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
 */
export function FallbackForm({
  kind,
  source,
  values,
  onValuesChange,
  onSubmitted,
  onClose,
}: FallbackFormProps) {
  const baseId = useId();
  const [errors, setErrors] = useState<FallbackErrors>({});
  const [formError, setFormError] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const fields = FALLBACK_FIELDS[kind];

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
        <Button $variant="secondary" onClick={onClose}>
          DONE
        </Button>
      </Confirmation>
    );
  }

  return (
    <Form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      aria-busy={submitting}
      data-testid={`fallback-${kind}`}
    >
      {fields.map((field) => {
        const id = `${baseId}-${field}`;
        const errorId = `${id}-error`;
        const common = {
          id,
          name: field,
          value: values[field],
          required: true,
          'aria-invalid': errors[field] ? true : undefined,
          'aria-describedby': errors[field] ? errorId : undefined,
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
            {errors[field] && <ErrorText id={errorId}>{errors[field]}</ErrorText>}
          </Field>
        );
      })}
      {formError && <ErrorText role="alert">{formError}</ErrorText>}
      <Button type="submit" disabled={submitting}>
        {submitting ? 'SENDING...' : SUBMIT_LABEL[kind]}
      </Button>
    </Form>
  );
}
