import {
  Button,
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
  Tag,
  useLocation,
} from '@side-quest/design';
import { ROUTE_TABLE } from '@side-quest/data';
import {
  LIFECYCLE_FORMS,
  LIFECYCLE_PAGES,
  SUBMISSION_STATE_LABELS,
  formatUsd,
  lifecycleDoneMessage,
  stageLabel,
  useMySubmissions,
  type MySubmission,
} from '@side-quest/data/lifecycle';
import { mySubmissionsHead } from '@side-quest/data/route-heads';

function WinLine({ submission }: { submission: MySubmission }) {
  const { win } = submission;
  if (!win) return null;
  const answer =
    win.answer === 'received'
      ? 'You confirmed it arrived.'
      : win.answer === 'not-received'
        ? 'You reported it missing; staff are on it.'
        : null;
  return (
    <p>
      You won {formatUsd(win.prize)}.{' '}
      {win.paymentRecorded
        ? (answer ?? (
            <Link to={LIFECYCLE_PAGES.payment(submission.bountyId, win.slot)}>
              The sponsor recorded the payment: did it arrive?
            </Link>
          ))
        : 'The sponsor has not recorded the payment yet.'}
    </p>
  );
}

function SubmissionRow({ submission }: { submission: MySubmission }) {
  return (
    <li>
      <div>
        <h3>
          <Link to={ROUTE_TABLE.bountyDetail.path.replace(':id', encodeURIComponent(submission.bountyId))}>
            {submission.bountyTitle}
          </Link>
        </h3>
        <p>
          <Tag>{SUBMISSION_STATE_LABELS[submission.state]}</Tag> {submission.sponsorName}
          {submission.stage && <> · bounty {stageLabel(submission.stage).toLowerCase()}</>} · sent{' '}
          <LocalTime iso={submission.submittedAt} />
        </p>
        {submission.rejectionReason && <p>The sponsor’s reason: {submission.rejectionReason}</p>}
        <WinLine submission={submission} />
        {submission.state === 'won' && (
          <form method="post" action={LIFECYCLE_FORMS.visibility}>
            <input type="hidden" name="submission" value={submission.id} />
            <input type="hidden" name="public" value={submission.publicOptIn ? 'no' : 'yes'} />
            <MutedText>
              {submission.publicOptIn
                ? 'Your winning submission is public on the bounty page.'
                : 'Your winning submission is private to you and the sponsor.'}
            </MutedText>
            <Button type="submit" $variant="secondary">
              {submission.publicOptIn ? 'Make it private' : 'Make it public'}
            </Button>
          </form>
        )}
      </div>
      {submission.mayEdit && (
        <span>
          <Link to={LIFECYCLE_PAGES.submit(submission.bountyId)}>Edit</Link>{' '}
          {submission.state === 'submitted' && (
            <form method="post" action={LIFECYCLE_FORMS.withdraw} style={{ display: 'inline' }}>
              <input type="hidden" name="submission" value={submission.id} />
              <Button type="submit" $variant="ghost">
                Withdraw
              </Button>
            </form>
          )}
        </span>
      )}
    </li>
  );
}

/** /account/submissions: each of the person's submissions with its state, their wins and payments. */
export default function MySubmissionsPage() {
  const { search } = useLocation();
  const done = lifecycleDoneMessage(new URLSearchParams(search).get('done'));
  const { data, isPending } = useMySubmissions();

  return (
    <PageContainer>
      <PageMeta title={mySubmissionsHead.title} description={mySubmissionsHead.description} noindex />
      <PanelColumn>
        <PageHeading>My submissions</PageHeading>
        {done && <Notice role="status">{done}</Notice>}
        {isPending || !data ? (
          <Skeleton $height="12rem" />
        ) : (
          <>
            <Panel aria-labelledby="my-submissions">
              <h2 id="my-submissions">Submissions</h2>
              {data.submissions.length === 0 ? (
                <p>
                  You have not submitted a solution yet.{' '}
                  <Link to={ROUTE_TABLE.bounties.path}>Find a bounty</Link>
                </p>
              ) : (
                <RowList>
                  {data.submissions.map((submission) => (
                    <SubmissionRow key={submission.id} submission={submission} />
                  ))}
                </RowList>
              )}
            </Panel>
            <Panel aria-labelledby="lifecycle-mail">
              <h2 id="lifecycle-mail">E-mails</h2>
              <form method="post" action={LIFECYCLE_FORMS.notifications}>
                <MutedText>
                  {data.optionalMail
                    ? 'You get e-mails about your submissions and your team’s bounties.'
                    : 'You get only the payment e-mails.'}{' '}
                  Payment e-mails (a payment recorded to you, its confirmation, a case resolved) always go.
                  Choose each kind of e-mail on{' '}
                  <Link to={`${ROUTE_TABLE.account.path}#mail`}>your account</Link>.
                </MutedText>
                <input type="hidden" name="optional" value={data.optionalMail ? 'off' : 'on'} />
                <Button type="submit" $variant="secondary">
                  {data.optionalMail ? 'Send me payment e-mails only' : 'Send me every lifecycle e-mail'}
                </Button>
              </form>
            </Panel>
          </>
        )}
      </PanelColumn>
    </PageContainer>
  );
}
