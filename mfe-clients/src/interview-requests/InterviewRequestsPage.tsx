import { useId } from 'react';
import styled from 'styled-components';
import { fieldRow, rowBody } from '@side-quest/design/row-parts';
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
  StackedForm,
  Tag,
  UserContent,
  useLocation,
  useParams,
} from '@side-quest/design';
import { fieldErrors } from '@side-quest/design/field-errors';
import { PageLoading, PageNotFound } from '@side-quest/design/page-states';
import { ROUTE_TABLE } from '@side-quest/data';
import { useReturnedForm } from '@side-quest/data/lifecycle';
import {
  HIRE_STATUS_TEXT,
  INTERVIEW_DONE_TEXT,
  INTERVIEW_FORM_KEY,
  INTERVIEW_REQUEST_LIMITS,
  INTERVIEW_REQUEST_STATUS_TEXT,
  WORK_KINDS,
  WORK_KIND_LABELS,
  hiredText,
  teamInterviewRequestsPath,
  teamRecordHirePath,
  useTeamInterviewRequests,
  type InterviewFormReturn,
  type InterviewRequestDraft,
  type SentInterviewRequest,
} from '@side-quest/data/hiring';
import { teamInterviewRequestsHead } from '@side-quest/data/route-heads';

const RequestBody = styled.div`
  ${rowBody}
`;

const Row = styled.div`
  ${fieldRow}
`;

/** The compose form: role title, kind and message, on the evidence in the address. */
function RequestForm({
  slug,
  organisationName,
  draft,
  returned,
}: {
  slug: string;
  organisationName: string;
  draft: InterviewRequestDraft;
  returned: InterviewFormReturn | null;
}) {
  const id = useId();
  const mine = returned?.form === 'new' ? returned : null;
  const errors = mine?.errors ?? {};
  const { describedBy, message } = fieldErrors(id, errors);
  const values = mine?.values ?? {};
  const [evidenceField, evidenceValue] =
    draft.evidence.kind === 'submission'
      ? ['submission', draft.evidence.submissionId]
      : ['profile', draft.evidence.handle];
  return (
    <Panel aria-labelledby="request-form">
      <h2 id="request-form">Request an interview with {draft.personName}</h2>
      <MutedText>
        {draft.evidence.kind === 'submission'
          ? 'On their submission to your bounty.'
          : 'On their public profile, open to work.'}{' '}
        Your message shows only on Side Quest: the e-mail they get says that {organisationName} would like to
        talk, with a link. They see your name and e-mail address, and you theirs, only if they accept.
      </MutedText>
      {draft.refusal || mine?.error ? (
        <ErrorText role="alert">{mine?.error ?? draft.refusal}</ErrorText>
      ) : null}
      {!draft.refusal && (
        <StackedForm method="post" action={teamInterviewRequestsPath(slug)}>
          <input type="hidden" name={evidenceField} value={evidenceValue} />
          <Row>
            <FormField>
              <label htmlFor={`${id}-title`}>Role title</label>
              <input
                id={`${id}-title`}
                name="roleTitle"
                required
                maxLength={INTERVIEW_REQUEST_LIMITS.roleTitleMax}
                defaultValue={values.roleTitle ?? ''}
                {...describedBy('roleTitle')}
              />
              {message('roleTitle')}
            </FormField>
            <FormField>
              <label htmlFor={`${id}-kind`}>Kind of work</label>
              <select
                id={`${id}-kind`}
                name="kind"
                defaultValue={values.kind ?? 'full-time'}
                {...describedBy('kind')}
              >
                {WORK_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {WORK_KIND_LABELS[kind]}
                  </option>
                ))}
              </select>
              {message('kind')}
            </FormField>
          </Row>
          <FormField>
            <label htmlFor={`${id}-message`}>
              Message (markdown, at most {INTERVIEW_REQUEST_LIMITS.messageMax.toLocaleString('en-US')}{' '}
              characters)
            </label>
            <textarea
              id={`${id}-message`}
              name="message"
              rows={6}
              required
              maxLength={INTERVIEW_REQUEST_LIMITS.messageMax}
              defaultValue={values.message ?? ''}
              {...describedBy('message')}
            />
            {message('message')}
          </FormField>
          <div>
            <Button type="submit">Send interview request</Button>
          </div>
        </StackedForm>
      )}
    </Panel>
  );
}

function RecordHireForm({ slug, request }: { slug: string; request: SentInterviewRequest }) {
  const id = useId();
  return (
    <details>
      <summary>Record a hire</summary>
      <StackedForm method="post" action={teamRecordHirePath(slug)}>
        <input type="hidden" name="id" value={request.id} />
        <Row>
          <FormField>
            <label htmlFor={`${id}-kind`}>Kind of work</label>
            <select id={`${id}-kind`} name="kind" defaultValue={request.kind}>
              {WORK_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {WORK_KIND_LABELS[kind]}
                </option>
              ))}
            </select>
          </FormField>
          <FormField>
            <label htmlFor={`${id}-month`}>Start month (year-month)</label>
            <input id={`${id}-month`} name="startMonth" type="month" required placeholder="2027-03" />
          </FormField>
        </Row>
        <MutedText>
          It counts on your record once {request.person?.name ?? 'the person'} confirms it (they have 30
          days).
        </MutedText>
        <div>
          <Button type="submit" $variant="secondary">
            Record the hire
          </Button>
        </div>
      </StackedForm>
    </details>
  );
}

function SentItem({
  slug,
  request,
  returned,
}: {
  slug: string;
  request: SentInterviewRequest;
  returned: InterviewFormReturn | null;
}) {
  return (
    <li>
      <RequestBody>
        <h3>
          {request.person?.name ?? 'A deleted account'}: {request.roleTitle}{' '}
          <Tag>{INTERVIEW_REQUEST_STATUS_TEXT[request.status]}</Tag>{' '}
          <Tag>{WORK_KIND_LABELS[request.kind]}</Tag>
        </h3>
        <MutedText>
          Sent <LocalTime iso={request.createdAt} />
          {request.senderName ? ` by ${request.senderName}` : ''}
          {request.answeredAt && (
            <>
              {' '}
              · answered <LocalTime iso={request.answeredAt} />
            </>
          )}
        </MutedText>
        <UserContent html={request.messageHtml} label={`Your message: ${request.roleTitle}`} />
        {request.demo && (
          <MutedText data-testid="demo-label">
            Demo data: part of the made-up history a fresh start of Side Quest shows.
          </MutedText>
        )}
        {request.contact && (
          <p>
            Reach them: {request.contact.name},{' '}
            <a href={`mailto:${request.contact.email}`}>{request.contact.email}</a>
          </p>
        )}
        {request.declineReason && <p>Their reason: {request.declineReason}</p>}
        {request.hire && (
          <p>
            Hire ({WORK_KIND_LABELS[request.hire.kind]}, starting {request.hire.startMonth}):{' '}
            {HIRE_STATUS_TEXT[request.hire.status]}
          </p>
        )}
        {returned?.form === request.id && <ErrorText role="alert">{returned.error}</ErrorText>}
        {request.mayRecordHire && <RecordHireForm slug={slug} request={request} />}
      </RequestBody>
    </li>
  );
}

/**
 * /sponsor/:slug/interview-requests (members of the organisation; anyone else gets a 404): the
 * requests the team sent, with the person's answer (a block reads as a decline), their name and address
 * once they accept, and hires; owners and admins also get the compose form when the address names the
 * evidence (?submission= from the console, ?profile= from a talent profile) and record hires.
 */
export default function InterviewRequestsPage() {
  const params = useParams();
  const slug = params.slug ?? '';
  const { search } = useLocation();
  const doneKey = new URLSearchParams(search).get('done') ?? '';
  const done = Object.hasOwn(INTERVIEW_DONE_TEXT, doneKey) ? INTERVIEW_DONE_TEXT[doneKey] : null;
  const { data, isPending } = useTeamInterviewRequests(slug, search);
  const returned = useReturnedForm<InterviewFormReturn>(INTERVIEW_FORM_KEY);

  if (isPending) return <PageLoading blocks={['20rem']} />;
  if (!data)
    return (
      <PageNotFound
        description={teamInterviewRequestsHead.description}
        heading="Organisation not found"
        message="There is no organisation here that you belong to."
        back={{ to: ROUTE_TABLE.sponsorTeams.path, label: 'Your organisations' }}
      />
    );
  const hired = hiredText(data.hiredCount);
  return (
    <PageContainer>
      <PageMeta
        title={`${data.organisation.name}: interview requests`}
        description={teamInterviewRequestsHead.description}
        noindex
      />
      <PageHeading>Interview requests</PageHeading>
      <MutedText>
        <Link to={`/sponsor/${encodeURIComponent(slug)}`}>{data.organisation.name}</Link>
        {hired ? ` · ${hired}` : ''}
      </MutedText>
      {done && <Notice role="status">{done}</Notice>}
      <PanelColumn>
        {data.suspended && (
          <ErrorText role="alert">
            Staff have suspended your organisation’s interview requests. Write to staff to ask why.
          </ErrorText>
        )}
        {!data.organisation.verified && (
          <Notice role="status">
            Only verified organisations can send interview requests. Staff verify your organisation first.
          </Notice>
        )}
        {data.draft && (
          <RequestForm
            slug={slug}
            organisationName={data.organisation.name}
            draft={data.draft}
            returned={returned}
          />
        )}
        <Panel aria-labelledby="sent-heading">
          <h2 id="sent-heading">Sent requests ({data.requests.length})</h2>
          <MutedText>
            {data.maySend
              ? 'Send one from a submission in a bounty’s console, or from a talent profile open to work. '
              : 'Owners and admins send requests and record hires. '}
            At most {INTERVIEW_REQUEST_LIMITS.perOrganisationPerDay} a day (UTC) and one open request per
            person; requests expire after {INTERVIEW_REQUEST_LIMITS.expiryDays} days unanswered.
          </MutedText>
          {data.requests.length === 0 ? (
            <p>No requests sent yet.</p>
          ) : (
            <RowList>
              {data.requests.map((request) => (
                <SentItem key={request.id} slug={slug} request={request} returned={returned} />
              ))}
            </RowList>
          )}
        </Panel>
      </PanelColumn>
    </PageContainer>
  );
}
