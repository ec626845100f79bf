import { LocalTime, MutedText, Panel, RowList, Tag, UserContent } from '@side-quest/design';
import {
  REVIEW_LABELS,
  SUBMISSION_LINK_KINDS,
  type ConsoleData,
  type ConsoleFormReturn,
  type ConsoleSubmission,
} from '@side-quest/data/lifecycle';
import { RejectSubmissionForm, ReviewForm } from './ConsoleJudging';

// Submissions in the console: each one as its author sent it, with the judging forms the person may use.

function SubmissionEntry({
  data,
  submission,
  returned,
}: {
  data: ConsoleData;
  submission: ConsoleSubmission;
  returned: ConsoleFormReturn | null;
}) {
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
          <ReviewForm data={data} submission={submission} returned={returned} />
        )}
        {data.may.award && submission.state === 'submitted' && data.bounty.state === 'open' && (
          <RejectSubmissionForm data={data} submission={submission} returned={returned} />
        )}
      </div>
    </li>
  );
}

/** Every submission to the bounty, in the order the console data gives (by total score). */
export function SubmissionsPanel({
  data,
  returned,
}: {
  data: ConsoleData;
  returned: ConsoleFormReturn | null;
}) {
  return (
    <Panel aria-labelledby="submissions-heading">
      <h2 id="submissions-heading">Submissions ({data.submissions.length})</h2>
      {data.submissions.length === 0 ? (
        <p>No submissions yet.</p>
      ) : (
        <RowList>
          {data.submissions.map((submission) => (
            <SubmissionEntry key={submission.id} data={data} submission={submission} returned={returned} />
          ))}
        </RowList>
      )}
    </Panel>
  );
}
