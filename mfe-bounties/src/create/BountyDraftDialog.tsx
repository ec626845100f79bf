import { useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, Dialog, preloadToast, toast, useLocation, theme } from '@side-quest/design';
import { fieldErrors } from '@side-quest/design/field-errors';
import { RETURN_PAGE_FIELD, type FormReturn } from '@side-quest/data';
import {
  BOUNTY_DOMAINS,
  DRAFT_FIELDS,
  DRAFT_LIMITS,
  EMPTY_DRAFT,
  toBountyDraft,
  validateBountyDraft,
  type BountyDraftErrors,
  type BountyDraftField,
  type BountyDraftValues,
} from './bountyDraft';
import { BOUNTY_SUBMISSIONS_PATH, submitBountyDraft } from './submitBountyDraft';
import { dialogPage } from './draftDialogUrl';
import { draftDialogStart } from './draftDialogStart';
import { Select, TextArea, TextInput } from '../common/formControls';

const Form = styled.form`
  display: grid;
  gap: ${theme.space(4)};
`;

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(1)};
  label {
    font-family: ${theme.font.mono};
    font-size: 0.9rem;
  }
  [aria-invalid='true'] {
    border-color: ${theme.color.danger};
  }
`;

const Pair = styled.div`
  display: grid;
  gap: ${theme.space(4)};
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: 480px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${theme.space(3)};
`;

const SubmitFailure = styled.div`
  padding: ${theme.space(3)};
  border: 1px solid ${theme.color.danger};
  border-radius: ${theme.radius.medium};
  color: ${theme.color.danger};
`;

const LABELS: Record<BountyDraftField, string> = {
  title: 'Title',
  company: 'Company',
  description: 'Description',
  bountyAmount: 'Bounty amount (USD)',
  deadline: 'Deadline (days)',
  domain: 'Domain',
};

const isPristine = (values: BountyDraftValues) =>
  DRAFT_FIELDS.every((field) => values[field] === EMPTY_DRAFT[field]);

export interface BountyDraftDialogProps {
  open: boolean;
  /** Reopens the dialog: a draft the server refused comes back in it. */
  onOpen: () => void;
  onClose: () => void;
  /** What a refused post without JavaScript sent, from the page's cache (null on any other page). */
  returned: FormReturn | null;
}

/**
 * CREATE_NEW_BOUNTY: the draft's form, its checks and its sending (mfe-bounties/README.md, "Create
 * bounty"). A chunk of its own, loaded by PostBounty when the dialog is about to open; it stays mounted
 * afterwards, so a closed dialog keeps what was typed. A valid submit closes the dialog and clears the
 * form; the draft then goes to the server as a pending submission and a toast confirms it. If that
 * request fails nothing is lost: the dialog reopens with the draft and says what went wrong.
 */
export function BountyDraftDialog({ open, onOpen, onClose, returned }: BountyDraftDialogProps) {
  const { pathname, search } = useLocation();
  // Read once: the values and messages of the page's first state, as the server rendered it.
  const [start] = useState(() => draftDialogStart(search, returned));
  const [values, setValues] = useState<BountyDraftValues>(start.values);
  const [errors, setErrors] = useState<BountyDraftErrors>(start.errors);
  const [submitFailure, setSubmitFailure] = useState(start.failure);
  const formRef = useRef<HTMLFormElement>(null);
  const baseId = useId();
  const fieldId = (field: BountyDraftField) => `${baseId}-${field}`;
  const cancelFormId = `${baseId}-cancel`;
  const close = onClose;

  const change = (field: BountyDraftField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // A field already marked invalid re-checks as the user fixes it.
    if (errors[field]) setErrors((current) => ({ ...current, [field]: validateBountyDraft(next)[field] }));
  };

  const send = async (submitted: BountyDraftValues) => {
    // The confirmation is a toast, whose code then arrives with the answer.
    void preloadToast().catch(() => undefined);
    try {
      await submitBountyDraft(toBountyDraft(submitted));
      toast({
        title: 'Bounty submitted',
        description: `"${submitted.title.trim()}" was received and is pending review before it is published.`,
        variant: 'success',
      });
    } catch (error) {
      setValues((current) => (isPristine(current) ? submitted : current));
      setSubmitFailure(
        `Your bounty could not be submitted (${error instanceof Error ? error.message : 'unknown error'}). Your draft is kept: please try again.`,
      );
      onOpen();
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateBountyDraft(values);
    setErrors(found);
    const firstInvalid = DRAFT_FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(firstInvalid))}`)?.focus();
      return;
    }
    const submitted = values;
    close();
    setValues(EMPTY_DRAFT);
    setSubmitFailure('');
    void send(submitted);
  };

  const { describedBy, message } = fieldErrors(baseId, errors);
  const fieldProps = (field: BountyDraftField) => ({
    id: fieldId(field),
    name: field,
    value: values[field],
    'aria-required': true,
    ...describedBy(field),
  });

  return (
    <>
      <Dialog
        open={open}
        onClose={close}
        title="CREATE_NEW_BOUNTY"
        subtitle="Describe the challenge and its reward. Every bounty is reviewed before it is published."
      >
        <Form
          ref={formRef}
          method="post"
          action={BOUNTY_SUBMISSIONS_PATH}
          noValidate
          onSubmit={submit}
          aria-label="Create a new bounty"
        >
          {/* Only a post without JavaScript reads it: the page a refusal comes back to, dialog open. */}
          <input type="hidden" name={RETURN_PAGE_FIELD} value={dialogPage(pathname, search)} />
          {submitFailure && <SubmitFailure role="alert">{submitFailure}</SubmitFailure>}
          <Field>
            <label htmlFor={fieldId('title')}>{LABELS.title}</label>
            <TextInput
              {...fieldProps('title')}
              maxLength={DRAFT_LIMITS.title}
              onChange={(event) => change('title', event.target.value)}
            />
            {message('title')}
          </Field>
          <Field>
            <label htmlFor={fieldId('company')}>{LABELS.company}</label>
            <TextInput
              {...fieldProps('company')}
              maxLength={DRAFT_LIMITS.company}
              autoComplete="organization"
              onChange={(event) => change('company', event.target.value)}
            />
            {message('company')}
          </Field>
          <Field>
            <label htmlFor={fieldId('description')}>{LABELS.description}</label>
            <TextArea
              {...fieldProps('description')}
              maxLength={DRAFT_LIMITS.description}
              onChange={(event) => change('description', event.target.value)}
            />
            {message('description')}
          </Field>
          <Pair>
            <Field>
              <label htmlFor={fieldId('bountyAmount')}>{LABELS.bountyAmount}</label>
              <TextInput
                {...fieldProps('bountyAmount')}
                type="number"
                inputMode="decimal"
                min={0}
                step="any"
                onChange={(event) => change('bountyAmount', event.target.value)}
              />
              {message('bountyAmount')}
            </Field>
            <Field>
              <label htmlFor={fieldId('deadline')}>{LABELS.deadline}</label>
              <TextInput
                {...fieldProps('deadline')}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                onChange={(event) => change('deadline', event.target.value)}
              />
              {message('deadline')}
            </Field>
          </Pair>
          <Field>
            <label htmlFor={fieldId('domain')}>{LABELS.domain}</label>
            <Select {...fieldProps('domain')} onChange={(event) => change('domain', event.target.value)}>
              {BOUNTY_DOMAINS.map((domain) => (
                <option key={domain} value={domain}>
                  {domain}
                </option>
              ))}
            </Select>
            {message('domain')}
          </Field>
          <Actions>
            {/* Without JavaScript it submits the dialog-closing form below, not this one, so Enter
              in a field still sends the draft (SUBMIT_BOUNTY stays this form's default button). */}
            <Button
              type="submit"
              form={cancelFormId}
              $variant="ghost"
              onClick={(event) => {
                event.preventDefault();
                close();
              }}
            >
              CANCEL
            </Button>
            <Button type="submit">SUBMIT_BOUNTY</Button>
          </Actions>
        </Form>
        <form id={cancelFormId} method="dialog" hidden />
      </Dialog>
    </>
  );
}
