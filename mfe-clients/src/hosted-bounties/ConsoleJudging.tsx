import { useId } from 'react';
import styled from 'styled-components';
import { Button, ChoiceGroup, FormField, MutedText, Panel, StackedForm, theme } from '@side-quest/design';
import {
  LIFECYCLE_FORMS,
  REVIEW_LABELS,
  REVIEW_LIMITS,
  SCORE_MAX,
  formatUsd,
  ordinal,
  useTeamScoring,
  type ConsoleData,
  type ConsoleFormReturn,
  type ConsoleSubmission,
} from '@side-quest/data/lifecycle';
import { Problem, returnedValues } from './consoleFormReturn';

// Judging in the console: reviewing and rejecting a submission, announcing the winners, and ending the
// bounty with a public reason.

const Scores = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(3)};
  > div {
    flex: 1 1 10rem;
  }
`;

interface SubmissionFormProps {
  data: ConsoleData;
  submission: ConsoleSubmission;
  returned: ConsoleFormReturn | null;
}

/** Label, a score per criterion and private notes for one submission (any member of the team). */
export function ReviewForm({ data, submission, returned }: SubmissionFormProps) {
  const id = useId();
  const { slug } = data.organisation;
  const typedScores = returnedValues(returned, 'review', submission.id, 'scores');
  const typedNotes = returnedValues(returned, 'review', submission.id, 'notes')?.[0];
  return (
    <StackedForm method="post" action={LIFECYCLE_FORMS.review(slug, data.bounty.id)}>
      <input type="hidden" name="submission" value={submission.id} />
      <FormField>
        <label htmlFor={`${id}-label`}>Label</label>
        <select
          id={`${id}-label`}
          name="label"
          defaultValue={returnedValues(returned, 'review', submission.id, 'label')?.[0] ?? submission.label}
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
  );
}

/** Rejects one submission with a reason its author reads (admins and owners, while the bounty is open). */
export function RejectSubmissionForm({ data, submission, returned }: SubmissionFormProps) {
  const id = useId();
  const { slug } = data.organisation;
  const typedReason = returnedValues(returned, 'reject', submission.id, 'reason')?.[0];
  return (
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
  );
}

export function AnnounceForm({ data, returned }: { data: ConsoleData; returned: ConsoleFormReturn | null }) {
  const id = useId();
  const eligible = data.submissions.filter((entry) => entry.state === 'submitted' && entry.label !== 'spam');
  const typed = returnedValues(returned, 'announce', null, 'winners');
  const typedReasons = returnedValues(returned, 'announce', null, 'reasons');
  // A scored bounty: the final leaderboard's eligible entrants give each prize its expected winner.
  const { data: scoring } = useTeamScoring(data.organisation.slug, data.bounty.id);
  const board = scoring?.finalBoard ?? null;
  const boardEligible = (board ?? []).flatMap((submissionId) => {
    const entry = eligible.find((candidate) => candidate.id === submissionId);
    return entry ? [entry.handle ?? entry.name] : [];
  });
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
            {board && (
              <>
                <label htmlFor={`${id}-reason-${slot}`}>
                  Public reason, if prize {slot + 1} does not go to the {ordinal(slot + 1)} eligible entrant
                  of the final leaderboard
                </label>
                <textarea
                  id={`${id}-reason-${slot}`}
                  name="reasons"
                  maxLength={REVIEW_LIMITS.reasonMax}
                  aria-describedby={`${id}-expected-${slot}`}
                  defaultValue={typedReasons?.[slot] ?? ''}
                />
                <MutedText id={`${id}-expected-${slot}`}>
                  {boardEligible[slot]
                    ? `The ${ordinal(slot + 1)} eligible entrant of the final leaderboard: ${boardEligible[slot]}.`
                    : `The final leaderboard has no ${ordinal(slot + 1)} eligible entrant.`}{' '}
                  The reason is shown on the bounty page and in your record.
                </MutedText>
              </>
            )}
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

export function EndForm({ data, returned }: { data: ConsoleData; returned: ConsoleFormReturn | null }) {
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
            defaultValue={returnedValues(returned, 'end', null, 'reason')?.[0] ?? ''}
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
