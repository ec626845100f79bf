import { useId } from 'react';
import {
  Button,
  ChoiceGroup,
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
  StackedForm,
  useLocation,
  useParams,
} from '@side-quest/design';
import { fieldErrors } from '@side-quest/design/field-errors';
import { PageLoading, PageNotFound } from '@side-quest/design/page-states';
import { ROUTE_TABLE } from '@side-quest/data';
import {
  LIFECYCLE_FORMS,
  SUBMISSION_LIMITS,
  SUBMISSION_LINK_KINDS,
  SUBMIT_FORM_RETURN_KEY,
  lifecycleDoneMessage,
  useReturnedForm,
  useSubmitPage,
  type SubmissionErrors,
  type SubmissionFields,
  type SubmitFormReturn,
} from '@side-quest/data/lifecycle';
import { submitSolutionHead } from '@side-quest/data/route-heads';
import { EntriesPanel } from './EntriesPanel';

const EMPTY: SubmissionFields = { repository: '', document: '', video: '', writeUp: '', answers: [] };

/**
 * /submit/:id (signed in): the submission form of an open hosted bounty — links, a write-up and one
 * answer per acceptance criterion. Eligibility is checked before anyone starts; a plain form post that
 * works without JavaScript, sent back with what was typed when something is wrong.
 */
export default function SubmitSolutionPage() {
  const id = useParams().id ?? '';
  const formId = useId();
  const { data, isPending } = useSubmitPage(id);
  const returned = useReturnedForm<SubmitFormReturn>(SUBMIT_FORM_RETURN_KEY);
  const done = lifecycleDoneMessage(new URLSearchParams(useLocation().search).get('done'));

  if (isPending) return <PageLoading blocks={['20rem']} />;
  if (!data)
    return (
      <PageNotFound
        description={submitSolutionHead.description}
        heading="Bounty not found"
        message="This bounty is not taking submissions."
        back={{ to: ROUTE_TABLE.bounties.path, label: 'Browse bounties' }}
      />
    );

  const { bounty, eligibility, existing } = data;
  const values = returned?.values ?? existing?.fields ?? EMPTY;
  const errors = returned?.errors ?? {};
  const field = (name: string) => `${formId}-${name}`;
  const { describedBy, message } = fieldErrors<keyof SubmissionErrors>(formId, errors);
  const closed = !bounty.open || existing?.state === 'rejected';

  return (
    <PageContainer>
      <PageMeta
        title={`Submit a solution: ${bounty.title}`}
        description={submitSolutionHead.description}
        noindex
      />
      <PanelColumn>
        <div>
          <PageHeading>Submit a solution</PageHeading>
          <p>
            <Link to={ROUTE_TABLE.bountyDetail.path.replace(':id', encodeURIComponent(bounty.id))}>
              {bounty.title}
            </Link>{' '}
            by {bounty.sponsorName}. Submissions close <LocalTime iso={bounty.submissionDeadline} />. You can
            edit yours until then, or withdraw it.
          </p>
        </div>
        {done && <Notice role="status">{done}</Notice>}
        {existing?.state === 'rejected' && (
          <Notice role="status">The sponsor rejected your submission: {existing.rejectionReason}</Notice>
        )}
        {eligibility && (
          <Notice role="alert" data-testid="eligibility">
            {eligibility} <Link to="/account">Your profile</Link>
          </Notice>
        )}
        {returned?.problem && <ErrorText role="alert">{returned.problem}</ErrorText>}
        {!bounty.open && (
          <Notice role="status">The submission deadline has passed: submissions are closed.</Notice>
        )}
        {!closed && !eligibility && (
          <Panel aria-labelledby={field('heading')}>
            <h2 id={field('heading')}>{existing ? 'Your submission' : 'Your solution'}</h2>
            <StackedForm method="post" action={LIFECYCLE_FORMS.submit(bounty.id)}>
              <MutedText>
                Link at least one: where the work is, how it is documented, a video of it running.
              </MutedText>
              {SUBMISSION_LINK_KINDS.map(([kind, label]) => (
                <FormField key={kind}>
                  <label htmlFor={field(kind)}>{label} link</label>
                  <input
                    id={field(kind)}
                    name={kind}
                    type="url"
                    inputMode="url"
                    defaultValue={values[kind]}
                    placeholder="https://"
                    {...describedBy(errors[kind] ? kind : 'links')}
                  />
                  {message(kind)}
                </FormField>
              ))}
              {message('links')}
              <FormField>
                <label htmlFor={field('writeUp')}>Write-up (markdown)</label>
                <textarea
                  id={field('writeUp')}
                  name="writeUp"
                  required
                  maxLength={SUBMISSION_LIMITS.writeUpMax}
                  defaultValue={values.writeUp}
                  {...describedBy('writeUp')}
                />
                {message('writeUp')}
              </FormField>
              <ChoiceGroup>
                <legend>How your solution meets each acceptance criterion</legend>
                {bounty.criteria.map((criterion, index) => (
                  <FormField key={criterion}>
                    <label htmlFor={field(`answer-${index}`)}>{criterion}</label>
                    <textarea
                      id={field(`answer-${index}`)}
                      name="answers"
                      required
                      maxLength={SUBMISSION_LIMITS.answerMax}
                      defaultValue={values.answers[index] ?? ''}
                      {...describedBy('answers')}
                    />
                  </FormField>
                ))}
                {message('answers')}
              </ChoiceGroup>
              <div>
                <Button type="submit">{existing ? 'Save changes' : 'Submit solution'}</Button>
              </div>
            </StackedForm>
          </Panel>
        )}
        <EntriesPanel bountyId={bounty.id} />
        <p>
          <Link to={ROUTE_TABLE.mySubmissions.path}>My submissions</Link>
        </p>
      </PanelColumn>
    </PageContainer>
  );
}
