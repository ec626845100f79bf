import { useId, useState } from 'react';
import styled from 'styled-components';
import { actionRow, checkLabel, rowBody } from '@side-quest/design/row-parts';
import { useQueryClient } from '@side-quest/data/query';
import {
  Button,
  ErrorText,
  FormField,
  Link,
  LocalTime,
  MutedText,
  Notice,
  PageContainer,
  PageHeading,
  PageMeta,
  Panel,
  PanelColumn,
  RowList,
  Skeleton,
  StackedForm,
  Tag,
  UserContent,
  useLocation,
} from '@side-quest/design';
import { ROUTE_TABLE } from '@side-quest/data';
import {
  HIRE_STATUS_TEXT,
  INTERVIEW_ANSWER_FORMS,
  INTERVIEW_DONE_TEXT,
  INTERVIEW_FORM_KEY,
  INTERVIEW_REQUEST_LIMITS,
  INTERVIEW_REQUEST_STATUS_TEXT,
  WORK_KIND_LABELS,
  useAccountInterviewRequests,
  type InterviewFormReturn,
  type ReceivedInterviewRequest,
} from '@side-quest/data/hiring';
import { accountInterviewRequestsHead } from '@side-quest/data/route-heads';

const RequestBody = styled.div`
  ${rowBody}
`;

const Actions = styled.div`
  ${actionRow}
`;

const CheckLabel = styled.label`
  ${checkLabel}
`;

/** An optional reason and its submit button, behind a native disclosure (no script needed). */
function ReasonForm({
  action,
  requestId,
  summary,
  label,
  button,
  max,
}: {
  action: string;
  requestId: string;
  summary: string;
  label: string;
  button: string;
  max: number;
}) {
  const id = useId();
  return (
    <details>
      <summary>{summary}</summary>
      <StackedForm method="post" action={action}>
        <input type="hidden" name="id" value={requestId} />
        <FormField>
          <label htmlFor={`${id}-reason`}>{label}</label>
          <textarea id={`${id}-reason`} name="reason" rows={3} maxLength={max} />
        </FormField>
        <div>
          <Button type="submit" $variant="secondary">
            {button}
          </Button>
        </div>
      </StackedForm>
    </details>
  );
}

function HireAnswer({ request }: { request: ReceivedInterviewRequest }) {
  const id = useId();
  const { hire, organisation } = request;
  if (!hire) return null;
  if (hire.awaitingAnswer)
    return (
      <StackedForm method="post" action={INTERVIEW_ANSWER_FORMS.confirmHire} aria-labelledby={`${id}-hire`}>
        <p id={`${id}-hire`}>
          <strong>
            {organisation.name} recorded that they hired you ({WORK_KIND_LABELS[hire.kind]}, starting{' '}
            {hire.startMonth}).
          </strong>{' '}
          It counts on their record only if you confirm it.
        </p>
        <input type="hidden" name="id" value={request.id} />
        <CheckLabel>
          <input type="checkbox" name="profile" defaultChecked />
          Show “Hired by {organisation.name}” on my public profile
        </CheckLabel>
        <Actions>
          <Button type="submit" name="answer" value="confirm">
            Confirm the hire
          </Button>
          <Button type="submit" name="answer" value="deny" $variant="secondary">
            Deny it
          </Button>
        </Actions>
      </StackedForm>
    );
  return (
    <div>
      <p>
        Hire ({WORK_KIND_LABELS[hire.kind]}, starting {hire.startMonth}): {HIRE_STATUS_TEXT[hire.status]}
      </p>
      {hire.status === 'confirmed' && (
        <form method="post" action={INTERVIEW_ANSWER_FORMS.hireOnProfile}>
          <input type="hidden" name="id" value={request.id} />
          {!hire.showOnProfile && <input type="hidden" name="profile" value="on" />}
          <Button type="submit" $variant="ghost">
            {hire.showOnProfile
              ? `Hide “Hired by ${organisation.name}” from my profile`
              : `Show “Hired by ${organisation.name}” on my profile`}
          </Button>
        </form>
      )}
    </div>
  );
}

function RequestItem({
  request,
  returned,
}: {
  request: ReceivedInterviewRequest;
  returned: InterviewFormReturn | null;
}) {
  const id = useId();
  const open = request.status === 'open';
  return (
    <li>
      <RequestBody>
        <h3 id={`${id}-title`}>
          {request.roleTitle} at {request.organisation.name}{' '}
          <Tag>{INTERVIEW_REQUEST_STATUS_TEXT[request.status]}</Tag>{' '}
          <Tag>{WORK_KIND_LABELS[request.kind]}</Tag>
        </h3>
        <MutedText>
          {request.evidence} · sent <LocalTime iso={request.createdAt} />
          {open && (
            <>
              {' '}
              · expires <LocalTime iso={request.expiresAt} />
            </>
          )}
        </MutedText>
        <UserContent html={request.messageHtml} label={`Message from ${request.organisation.name}`} />
        {request.demo && (
          <MutedText data-testid="demo-label">
            Demo data: part of the made-up history a fresh start of Side Quest shows.
          </MutedText>
        )}
        {request.contact && (
          <p>
            Reach them: {request.contact.name},{' '}
            <a href={`mailto:${request.contact.email}`}>{request.contact.email}</a>. They see your name and
            address too.
          </p>
        )}
        {request.declineReason && <p>Your reason, which the team reads: {request.declineReason}</p>}
        {returned?.form === request.id && <ErrorText role="alert">{returned.error}</ErrorText>}
        {open && (
          <Actions>
            <form method="post" action={INTERVIEW_ANSWER_FORMS.accept}>
              <input type="hidden" name="id" value={request.id} />
              <Button type="submit">Accept: share my name and e-mail</Button>
            </form>
          </Actions>
        )}
        {open && (
          <ReasonForm
            action={INTERVIEW_ANSWER_FORMS.decline}
            requestId={request.id}
            summary="Decline"
            label="Reason (optional; the team reads it)"
            button="Decline this request"
            max={INTERVIEW_REQUEST_LIMITS.declineReasonMax}
          />
        )}
        <HireAnswer request={request} />
        <Actions>
          {!request.organisationBlocked && request.organisation.slug && (
            <form method="post" action={INTERVIEW_ANSWER_FORMS.block}>
              <input type="hidden" name="id" value={request.id} />
              <Button type="submit" $variant="ghost">
                Block {request.organisation.name}
              </Button>
            </form>
          )}
        </Actions>
        {request.reported ? (
          <MutedText>You reported this request to staff.</MutedText>
        ) : (
          <ReasonForm
            action={INTERVIEW_ANSWER_FORMS.report}
            requestId={request.id}
            summary="Report to staff"
            label="What is wrong (optional)"
            button="Send the report"
            max={INTERVIEW_REQUEST_LIMITS.reportReasonMax}
          />
        )}
      </RequestBody>
    </li>
  );
}

/**
 * /account/interview-requests (signed in only): the requests verified sponsors sent the person, each
 * accepted, declined (with an optional reason), blocked or reported with a plain form, and a hire to
 * confirm or deny. The team never sees the person's address before they accept.
 */
export function InterviewRequestsPage() {
  const { search } = useLocation();
  const doneKey = new URLSearchParams(search).get('done') ?? '';
  const done = Object.hasOwn(INTERVIEW_DONE_TEXT, doneKey) ? INTERVIEW_DONE_TEXT[doneKey] : null;
  const queryClient = useQueryClient();
  const [returned] = useState(
    () => queryClient.getQueryData<InterviewFormReturn>(INTERVIEW_FORM_KEY) ?? null,
  );
  const { data, isPending, isError } = useAccountInterviewRequests();

  return (
    <PageContainer>
      <PageMeta {...accountInterviewRequestsHead} noindex />
      <PageHeading>Interview requests</PageHeading>
      {done && <Notice role="status">{done}</Notice>}
      {isPending ? (
        <PanelColumn aria-busy="true">
          <Skeleton $height="12rem" />
        </PanelColumn>
      ) : isError || !data ? (
        <ErrorText role="alert">
          Your interview requests could not be loaded. Reload the page to try again.
        </ErrorText>
      ) : (
        <PanelColumn>
          {!data.requestsOn && (
            <Notice role="status">
              Interview requests are switched off: no organisation can send you one.{' '}
              <Link to={`${ROUTE_TABLE.account.path}#open-to-work`}>Switch them on</Link>.
            </Notice>
          )}
          <Panel aria-labelledby="requests-heading">
            <h2 id="requests-heading">Requests ({data.requests.length})</h2>
            <MutedText>
              Only owners and admins of verified sponsors can ask, on evidence: a submission of yours to their
              bounty, or your public profile when you are open to work. They see your name and e-mail address
              only if you accept. Declining keeps that organisation from asking again for{' '}
              {INTERVIEW_REQUEST_LIMITS.declineCooldownDays} days; blocking, for good. Unanswered requests
              expire after {INTERVIEW_REQUEST_LIMITS.expiryDays} days.
            </MutedText>
            {data.requests.length === 0 ? (
              <p>No interview requests yet.</p>
            ) : (
              <RowList>
                {data.requests.map((request) => (
                  <RequestItem key={request.id} request={request} returned={returned} />
                ))}
              </RowList>
            )}
          </Panel>
          {data.blocked.length > 0 && (
            <Panel aria-labelledby="blocked-heading">
              <h2 id="blocked-heading">Organisations you blocked</h2>
              <RowList>
                {data.blocked.map((organisation) => (
                  <li key={organisation.id}>
                    <form method="post" action={INTERVIEW_ANSWER_FORMS.unblock}>
                      <input type="hidden" name="organisation" value={organisation.id} />
                      <Button type="submit" $variant="secondary">
                        Unblock {organisation.name}
                      </Button>
                    </form>
                  </li>
                ))}
              </RowList>
            </Panel>
          )}
        </PanelColumn>
      )}
    </PageContainer>
  );
}
