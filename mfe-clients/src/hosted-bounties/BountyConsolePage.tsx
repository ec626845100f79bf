import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
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
  RowList,
  StackedForm,
  Tag,
  useLocation,
  useParams,
  UserContent,
  theme,
} from '@side-quest/design';
import { PageLoading, PageNotFound } from '@side-quest/design/page-states';

import { ROUTE_TABLE } from '@side-quest/data';
import { payoutMethodLabel } from '@side-quest/data/account';
import {
  CONSOLE_FORM_RETURN_KEY,
  LIFECYCLE_FORMS,
  REVIEW_LABELS,
  REVIEW_LIMITS,
  SCORE_MAX,
  SUBMISSION_LINK_KINDS,
  formatUsd,
  lifecycleDoneMessage,
  overdueLabel,
  stageLabel,
  useBountyConsole,
  useReturnedForm,
  type ConsoleData,
  type ConsoleFormReturn,
  type ConsoleSubmission,
  type ConsoleWinner,
} from '@side-quest/data/lifecycle';

const Danger = styled.p`
  color: ${theme.color.danger};
  font-weight: 700;
`;

const Scores = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(3)};
  > div {
    flex: 1 1 10rem;
  }
`;

/** The returned form's message, under the form it belongs to (by form and submission or slot). */
function Problem({
  returned,
  form,
  target = null,
}: {
  returned: ConsoleFormReturn | null;
  form: ConsoleFormReturn['form'];
  target?: string | null;
}) {
  if (!returned || returned.form !== form || (returned.target ?? null) !== target) return null;
  return <ErrorText role="alert">{returned.error}</ErrorText>;
}

const valueOf = (
  returned: ConsoleFormReturn | null,
  form: ConsoleFormReturn['form'],
  target: string | null,
  name: string,
) => {
  if (!returned || returned.form !== form || returned.target !== target) return undefined;
  const value = returned.values[name];
  return Array.isArray(value) ? value : value === undefined ? undefined : [value];
};

function SubmissionEntry({
  data,
  submission,
  returned,
}: {
  data: ConsoleData;
  submission: ConsoleSubmission;
  returned: ConsoleFormReturn | null;
}) {
  const id = useId();
  const { slug } = data.organisation;
  const typedScores = valueOf(returned, 'review', submission.id, 'scores');
  const typedNotes = valueOf(returned, 'review', submission.id, 'notes')?.[0];
  const typedReason = valueOf(returned, 'reject', submission.id, 'reason')?.[0];
  return (
    <li data-testid="console-submission">
      <div style={{ width: '100%' }}>
        <h3>
          {submission.handle ?? submission.name}{' '}
          <Tag>{REVIEW_LABELS.find(([label]) => label === submission.label)?.[1]}</Tag>{' '}
          <Tag>Total {submission.total}</Tag>
          {submission.state !== 'submitted' && (
            <Tag>{submission.state === 'withdrawn' ? 'Withdrawn' : 'Rejected'}</Tag>
          )}
        </h3>
        <MutedText>
          Sent <LocalTime iso={submission.createdAt} />
          {submission.updatedAt !== submission.createdAt && (
            <>
              {' '}
              · changed <LocalTime iso={submission.updatedAt} />
            </>
          )}
        </MutedText>
        {submission.rejectionReason && <p>Rejected: {submission.rejectionReason}</p>}
        <ul>
          {SUBMISSION_LINK_KINDS.filter(([kind]) => submission.links[kind]).map(([kind, label]) => (
            <li key={kind}>
              {label}:{' '}
              <a href={submission.links[kind]} rel="nofollow ugc noopener noreferrer">
                {submission.links[kind]}
              </a>
            </li>
          ))}
        </ul>
        <UserContent
          html={submission.writeUpHtml}
          label={`Write-up by ${submission.handle ?? submission.name}`}
        />
        <dl>
          {data.bounty.criteria.map((criterion, index) => (
            <div key={criterion}>
              <dt>{criterion}</dt>
              <dd>{submission.answers[index]}</dd>
            </div>
          ))}
        </dl>
        {data.may.review && submission.state !== 'withdrawn' && (
          <StackedForm method="post" action={LIFECYCLE_FORMS.review(slug, data.bounty.id)}>
            <input type="hidden" name="submission" value={submission.id} />
            <FormField>
              <label htmlFor={`${id}-label`}>Label</label>
              <select
                id={`${id}-label`}
                name="label"
                defaultValue={valueOf(returned, 'review', submission.id, 'label')?.[0] ?? submission.label}
              >
                {REVIEW_LABELS.map(([label, text]) => (
                  <option key={label} value={label}>
                    {text}
                  </option>
                ))}
              </select>
            </FormField>
            <Scores>
              {data.bounty.criteria.map((criterion, index) => (
                <FormField key={criterion}>
                  <label htmlFor={`${id}-score-${index}`}>Score: {criterion}</label>
                  <input
                    id={`${id}-score-${index}`}
                    name="scores"
                    type="number"
                    min={0}
                    max={SCORE_MAX}
                    step={1}
                    defaultValue={typedScores?.[index] ?? submission.scores[index] ?? ''}
                  />
                </FormField>
              ))}
            </Scores>
            <FormField>
              <label htmlFor={`${id}-notes`}>Private notes (the team only)</label>
              <textarea
                id={`${id}-notes`}
                name="notes"
                maxLength={REVIEW_LIMITS.notesMax}
                defaultValue={typedNotes ?? submission.notes}
              />
            </FormField>
            <Problem returned={returned} form="review" target={submission.id} />
            <div>
              <Button type="submit" $variant="secondary">
                Save review
              </Button>
            </div>
          </StackedForm>
        )}
        {data.may.award && submission.state === 'submitted' && data.bounty.state === 'open' && (
          <StackedForm method="post" action={LIFECYCLE_FORMS.reject(slug, data.bounty.id)}>
            <input type="hidden" name="submission" value={submission.id} />
            <FormField>
              <label htmlFor={`${id}-reason`}>Reason for rejecting (the submitter reads it)</label>
              <textarea
                id={`${id}-reason`}
                name="reason"
                required
                minLength={REVIEW_LIMITS.reasonMin}
                maxLength={REVIEW_LIMITS.reasonMax}
                defaultValue={typedReason ?? ''}
              />
            </FormField>
            <Problem returned={returned} form="reject" target={submission.id} />
            <div>
              <Button type="submit" $variant="ghost">
                Reject submission
              </Button>
            </div>
          </StackedForm>
        )}
      </div>
    </li>
  );
}

function AnnounceForm({ data, returned }: { data: ConsoleData; returned: ConsoleFormReturn | null }) {
  const id = useId();
  const eligible = data.submissions.filter((entry) => entry.state === 'submitted' && entry.label !== 'spam');
  const typed = valueOf(returned, 'announce', null, 'winners');
  return (
    <Panel aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Announce winners</h2>
      <MutedText>
        Choose a submission for each prize slot you award. Every submitter is e-mailed; the bounty page shows
        the winners. Money of slots left empty is handled as the bounty says.
      </MutedText>
      <StackedForm method="post" action={LIFECYCLE_FORMS.announce(data.organisation.slug, data.bounty.id)}>
        {data.bounty.prizes.map((prize, slot) => (
          <FormField key={slot}>
            <label htmlFor={`${id}-slot-${slot}`}>
              Prize {slot + 1}: {formatUsd(prize)}
            </label>
            <select id={`${id}-slot-${slot}`} name="winners" defaultValue={typed?.[slot] ?? ''}>
              <option value="">Not awarded</option>
              {eligible.map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.handle ?? entry.name} (total {entry.total})
                </option>
              ))}
            </select>
          </FormField>
        ))}
        <Problem returned={returned} form="announce" />
        <div>
          <Button type="submit">Announce winners</Button>
        </div>
      </StackedForm>
    </Panel>
  );
}

function paymentStatus(winner: ConsoleWinner): ReactNode {
  if (winner.resolution)
    return `Staff resolved the case as ${winner.resolution === 'paid' ? 'Paid' : 'Not paid'}: ${winner.resolutionNote ?? ''}`;
  if (winner.answer === 'received') return 'The winner confirmed the money arrived.';
  if (winner.answer === 'not-received')
    return `The winner reported it not received: “${winner.answerNote ?? ''}”. Staff are looking into it.`;
  if (winner.recordedAt)
    return 'Recorded; waiting for the winner to confirm (counts as paid 14 days after recording without a report).';
  return 'No payment recorded yet.';
}

function WinnerEntry({
  data,
  winner,
  returned,
}: {
  data: ConsoleData;
  winner: ConsoleWinner;
  returned: ConsoleFormReturn | null;
}) {
  const id = useId();
  const target = String(winner.slot);
  const typed = (name: string) => valueOf(returned, 'payment', target, name)?.[0];
  return (
    <li>
      <div>
        <h3>
          Prize {winner.slot + 1}: {formatUsd(winner.prize)} to {winner.handle ?? 'a winner without a handle'}
        </h3>
        {winner.payment && (
          <p>
            Recorded {formatUsd(winner.payment.amount)} by {payoutMethodLabel(winner.payment.method)},
            reference {winner.payment.reference}, paid on {winner.payment.date}.
          </p>
        )}
        <p>{paymentStatus(winner)}</p>
        {data.may.pay && !winner.recordedAt && (
          <StackedForm method="post" action={LIFECYCLE_FORMS.payment(data.organisation.slug, data.bounty.id)}>
            <input type="hidden" name="slot" value={winner.slot} />
            <FormField>
              <label htmlFor={`${id}-amount`}>Amount paid (US dollars)</label>
              <input
                id={`${id}-amount`}
                name="amount"
                inputMode="numeric"
                required
                defaultValue={typed('amount') ?? String(winner.prize)}
              />
            </FormField>
            <FormField>
              <label htmlFor={`${id}-method`}>Method</label>
              <select
                id={`${id}-method`}
                name="method"
                defaultValue={typed('method') ?? data.bounty.payoutMethods[0]}
              >
                {data.bounty.payoutMethods.map((method) => (
                  <option key={method} value={method}>
                    {payoutMethodLabel(method)}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField>
              <label htmlFor={`${id}-reference`}>Transfer reference</label>
              <input
                id={`${id}-reference`}
                name="reference"
                required
                maxLength={REVIEW_LIMITS.paymentReferenceMax}
                defaultValue={typed('reference') ?? ''}
              />
            </FormField>
            <FormField>
              <label htmlFor={`${id}-date`}>Paid on</label>
              <input id={`${id}-date`} name="date" type="date" required defaultValue={typed('date') ?? ''} />
            </FormField>
            <Problem returned={returned} form="payment" target={target} />
            <div>
              <Button type="submit">Record payment</Button>
            </div>
          </StackedForm>
        )}
      </div>
    </li>
  );
}

function EndForm({ data, returned }: { data: ConsoleData; returned: ConsoleFormReturn | null }) {
  const id = useId();
  const pastDeadline = data.bounty.stage === 'judging';
  return (
    <Panel aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{pastDeadline ? 'End without winners' : 'Cancel the bounty'}</h2>
      <MutedText>
        The reason is public on the bounty page and stays in {data.organisation.name}’s record. A bounty with
        submissions is never ended silently.
      </MutedText>
      <StackedForm method="post" action={LIFECYCLE_FORMS.end(data.organisation.slug, data.bounty.id)}>
        <ChoiceGroup>
          <legend>How it ends</legend>
          {pastDeadline && (
            <label>
              <input type="radio" name="to" value="closed" defaultChecked /> Closed without winner (judged, no
              submission met the criteria)
            </label>
          )}
          <label>
            <input type="radio" name="to" value="cancelled" defaultChecked={!pastDeadline} /> Cancelled
          </label>
        </ChoiceGroup>
        <FormField>
          <label htmlFor={`${id}-reason`}>Public reason</label>
          <textarea
            id={`${id}-reason`}
            name="reason"
            required
            minLength={REVIEW_LIMITS.reasonMin}
            maxLength={REVIEW_LIMITS.reasonMax}
            defaultValue={valueOf(returned, 'end', null, 'reason')?.[0] ?? ''}
          />
        </FormField>
        <Problem returned={returned} form="end" />
        <div>
          <Button type="submit" $variant="secondary">
            End the bounty
          </Button>
        </div>
      </StackedForm>
    </Panel>
  );
}

/**
 * /sponsor/:slug/bounties/:id (members of the organisation; anyone else gets a 404): one bounty's
 * console — submissions sorted by total score with labels, scores, private notes and rejection;
 * announcing winners; recording payments and seeing the winners' answers; ending with a public reason;
 * and the audit log. Every control is a plain form post.
 */
export default function BountyConsolePage() {
  const params = useParams();
  const slug = params.slug ?? '';
  const bountyId = params.id ?? '';
  const { search } = useLocation();
  const done = lifecycleDoneMessage(new URLSearchParams(search).get('done'));
  const { data, isPending } = useBountyConsole(slug, bountyId);
  const returned = useReturnedForm<ConsoleFormReturn>(CONSOLE_FORM_RETURN_KEY);

  if (isPending) return <PageLoading blocks={['24rem']} />;
  if (!data)
    return (
      <PageNotFound
        description={ROUTE_TABLE.bountyConsole.head.description}
        heading="Bounty not found"
        message="There is no bounty here that your team runs."
        back={{ to: ROUTE_TABLE.sponsorTeams.path, label: 'Your organisations' }}
      />
    );

  const { bounty } = data;
  const isDraft = bounty.state === 'draft' || bounty.state === 'rejected';
  const mayEnd = data.may.cancel && ['draft', 'pending', 'rejected', 'open'].includes(bounty.state);
  const mayAnnounce = data.may.award && bounty.stage === 'judging';
  return (
    <PageContainer>
      <PageMeta
        title={`${bounty.title}: console`}
        description={ROUTE_TABLE.bountyConsole.head.description}
        noindex
      />
      <PanelColumn>
        <div>
          <PageHeading>{bounty.title}</PageHeading>
          <p>
            <Tag>
              {bounty.stage ? stageLabel(bounty.stage) : bounty.state === 'draft' ? 'Draft' : 'Not approved'}
            </Tag>{' '}
            <Link to={ROUTE_TABLE.sponsorTeam.path.replace(':slug', encodeURIComponent(slug))}>
              {data.organisation.name}
            </Link>
            {bounty.stage && bounty.stage !== 'pending' && (
              <>
                {' '}
                ·{' '}
                <Link to={ROUTE_TABLE.bountyDetail.path.replace(':id', encodeURIComponent(bounty.id))}>
                  Public page
                </Link>
              </>
            )}
          </p>
          <p>
            Submissions close <LocalTime iso={bounty.submissionDeadline} />; judging by{' '}
            <LocalTime iso={bounty.judgingDeadline} />; payment due {bounty.paymentDueDays} days after the
            announcement.
          </p>
          {bounty.overdue && <Danger role="alert">{overdueLabel(bounty.overdue)}</Danger>}
          {bounty.demo && (
            <MutedText>
              Demo data: this bounty and its history were made up to show how Side Quest works.
            </MutedText>
          )}
        </div>
        {done && <Notice role="status">{done}</Notice>}
        {bounty.state === 'rejected' && bounty.stateReason && (
          <Notice role="status">Staff did not approve it: {bounty.stateReason}</Notice>
        )}
        {isDraft && data.may.publish && (
          <Panel aria-labelledby="publish-heading">
            <h2 id="publish-heading">Publish</h2>
            <form method="post" action={LIFECYCLE_FORMS.publish(slug, bounty.id)}>
              <Problem returned={returned} form="publish" />
              <Button type="submit">Publish bounty</Button>
            </form>
          </Panel>
        )}
        <Panel aria-labelledby="submissions-heading">
          <h2 id="submissions-heading">Submissions ({data.submissions.length})</h2>
          {data.submissions.length === 0 ? (
            <p>No submissions yet.</p>
          ) : (
            <RowList>
              {data.submissions.map((submission) => (
                <SubmissionEntry
                  key={submission.id}
                  data={data}
                  submission={submission}
                  returned={returned}
                />
              ))}
            </RowList>
          )}
        </Panel>
        {mayAnnounce && <AnnounceForm data={data} returned={returned} />}
        {data.winners.length > 0 && (
          <Panel aria-labelledby="winners-heading">
            <h2 id="winners-heading">Winners and payments</h2>
            <RowList>
              {data.winners.map((winner) => (
                <WinnerEntry key={winner.slot} data={data} winner={winner} returned={returned} />
              ))}
            </RowList>
          </Panel>
        )}
        {mayEnd && <EndForm data={data} returned={returned} />}
        {data.audit.length > 0 && (
          <Panel aria-labelledby="audit-heading">
            <h2 id="audit-heading">History</h2>
            <RowList>
              {data.audit.map((entry, index) => (
                <li key={`${entry.at}-${index}`}>
                  <span>
                    <LocalTime iso={entry.at} /> — {entry.actor} {entry.summary}
                  </span>
                </li>
              ))}
            </RowList>
          </Panel>
        )}
      </PanelColumn>
    </PageContainer>
  );
}
