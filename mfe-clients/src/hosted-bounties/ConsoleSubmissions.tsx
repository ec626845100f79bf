import {
  Link,
  LocalTime,
  MutedText,
  Panel,
  RowList,
  Tag,
  UserContent,
  useLocation,
} from '@side-quest/design';
import {
  REVIEW_LABELS,
  SCORING_METRICS,
  SUBMISSION_LINK_KINDS,
  formatScore,
  useTeamScoring,
  type ConsoleData,
  type ConsoleFormReturn,
  type ConsoleSubmission,
  type SubmissionReview,
} from '@side-quest/data/lifecycle';
import { requestFromSubmissionPath } from '@side-quest/data/hiring';
import { RejectSubmissionForm, ReviewForm } from './ConsoleJudging';
import { REVIEW_SORTS, reviewSortOf, sortForReview } from './reviewOrder';

// Submissions in the console: each one as its author sent it, with the judging forms the person may use;
// on a scored bounty its public and private score, and copy flags (the team only; they decide nothing).

/** A submission's scores and copy flags, with whose work a flag points to and when. */
function ReviewFacts({
  review,
  scored,
  byTests,
  nameOf,
}: {
  review: SubmissionReview | undefined;
  scored: boolean;
  /** Scored by the sponsor's tests: an entry is an archive of code, not predictions. */
  byTests: boolean;
  nameOf: (submissionId: string) => string;
}) {
  if (!review) return null;
  const copiedSources = review.copiedSources ?? [];
  const flagged =
    review.copiedEntries.length > 0 || copiedSources.length > 0 || review.writeUpCopyOf !== null;
  return (
    <>
      {scored &&
        (byTests ? (
          <p>
            Public tests passed <strong>{formatScore(review.publicScore)}</strong> · hidden tests passed{' '}
            <strong>{formatScore(review.privateScore)}</strong> (your team only until the deadline)
          </p>
        ) : (
          <p>
            Public score <strong>{formatScore(review.publicScore)}</strong> · private score{' '}
            <strong>{formatScore(review.privateScore)}</strong> (your team only until the deadline)
          </p>
        ))}
      {flagged && (
        <div data-testid="copy-flag">
          <p>
            <Tag>Possible copy</Tag>{' '}
            <MutedText as="span">For your judgement: a flag decides nothing.</MutedText>
          </p>
          <ul>
            {review.copiedEntries.map((copy) => (
              <li key={copy.entryId}>
                The entry sent <LocalTime iso={copy.entryAt} />{' '}
                {byTests ? 'is the same archive as' : 'has the same predictions as'}{' '}
                {nameOf(copy.submissionId)}’s entry of <LocalTime iso={copy.at} />.
              </li>
            ))}
            {copiedSources.map((copy) => (
              <li key={`source-${copy.entryId}`}>
                The entry sent <LocalTime iso={copy.entryAt} /> has source files near-identical (
                {Math.round(copy.similarity * 100)}% alike) to {nameOf(copy.submissionId)}’s entry of{' '}
                <LocalTime iso={copy.at} />.
              </li>
            ))}
            {review.writeUpCopyOf && (
              <li>
                The write-up is near-identical ({Math.round(review.writeUpCopyOf.similarity * 100)}% alike) to{' '}
                {nameOf(review.writeUpCopyOf.submissionId)}’s, sent{' '}
                <LocalTime iso={review.writeUpCopyOf.at} />.
              </li>
            )}
          </ul>
        </div>
      )}
    </>
  );
}

function SubmissionEntry({
  data,
  submission,
  returned,
  review,
  scored,
  byTests,
  nameOf,
}: {
  data: ConsoleData;
  submission: ConsoleSubmission;
  returned: ConsoleFormReturn | null;
  review: SubmissionReview | undefined;
  scored: boolean;
  byTests: boolean;
  nameOf: (submissionId: string) => string;
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
        <ReviewFacts review={review} scored={scored} byTests={byTests} nameOf={nameOf} />
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
        {(data.role === 'owner' || data.role === 'admin') && (
          <p>
            <Link to={requestFromSubmissionPath(data.organisation.slug, submission.id)}>
              Request an interview with {submission.handle ?? submission.name}
            </Link>
          </p>
        )}
      </div>
    </li>
  );
}

/**
 * Every submission to the bounty, in the order the console data gives (by total score), or on a scored
 * bounty by public or private score (?sort=, plain links, so it works without JavaScript).
 */
export function SubmissionsPanel({
  data,
  returned,
}: {
  data: ConsoleData;
  returned: ConsoleFormReturn | null;
}) {
  const { search, pathname } = useLocation();
  const { data: scoring } = useTeamScoring(data.organisation.slug, data.bounty.id);
  const reviews = scoring?.reviews ?? [];
  const setup = scoring?.setup ?? null;
  // Scored by the sponsor's tests (once attached): the scores are tests passed, higher is better.
  const byTests = Boolean(scoring?.tests?.setup);
  const scored = setup !== null || byTests;
  const higherIsBetter =
    SCORING_METRICS.find((metric) => metric.name === setup?.metric)?.better !== 'lower is better';
  const sort = scored ? reviewSortOf(search) : 'total';
  const ordered = sortForReview(data.submissions, reviews, sort, higherIsBetter);
  const names = new Map(data.submissions.map((entry) => [entry.id, entry.handle ?? entry.name]));
  const nameOf = (submissionId: string) => names.get(submissionId) ?? 'another entrant';
  return (
    <Panel aria-labelledby="submissions-heading">
      <h2 id="submissions-heading">Submissions ({data.submissions.length})</h2>
      {scored && data.submissions.length > 1 && (
        <nav aria-label="Sort submissions">
          <MutedText as="span">Sort by: </MutedText>
          {REVIEW_SORTS.map(([value, label], index) => (
            <span key={value}>
              {index > 0 && ' · '}
              {value === sort ? (
                <strong aria-current="true">{label}</strong>
              ) : (
                <Link to={`${pathname}?sort=${value}#submissions-heading`}>{label}</Link>
              )}
            </span>
          ))}
        </nav>
      )}
      {data.submissions.length === 0 ? (
        <p>No submissions yet.</p>
      ) : (
        <RowList>
          {ordered.map((submission) => (
            <SubmissionEntry
              key={submission.id}
              data={data}
              submission={submission}
              returned={returned}
              review={reviews.find((review) => review.submissionId === submission.id)}
              scored={scored}
              byTests={byTests}
              nameOf={nameOf}
            />
          ))}
        </RowList>
      )}
    </Panel>
  );
}
