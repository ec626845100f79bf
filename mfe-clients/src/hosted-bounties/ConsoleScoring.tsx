import { useId } from 'react';
import { Button, LocalTime, MutedText, Panel, RowList, StackedForm } from '@side-quest/design';
import { DownloadList, downloadsOf } from '@side-quest/design/downloads';
import {
  SCORED_PAGES,
  SCORING_FILE_KINDS,
  SCORING_FILE_LABELS,
  SCORING_FORM_RETURN_KEY,
  formatScore,
  metricLabel,
  useReturnedForm,
  useTeamScoring,
  type ScoringFormReturn,
} from '@side-quest/data/lifecycle';
import { SETUP_DEFAULTS, ScoringSetupFields } from './ScoringSetupFields';
import { SetupForm, SetupFormProblems, setupFormValues } from './SetupFieldParts';

// Scoring in the console (issue 45 item 2): the team attaches a scoring setup until staff approve the
// bounty or it is published, downloads its own answer key, and sees every entry with both scores.

export function ScoringPanel({ slug, bountyId }: { slug: string; bountyId: string }) {
  const id = useId();
  const { data } = useTeamScoring(slug, bountyId);
  const returned = useReturnedForm<ScoringFormReturn>(SCORING_FORM_RETURN_KEY);
  // A test-scored bounty's setup is TestScoringPanel's.
  if (!data || data.tests?.setup) return null;
  const { setup } = data;
  const mayAttach = data.editable && data.mayEdit;
  if (!setup && !mayAttach) return null;
  const values = returned?.values ?? setupFormValues(setup, SETUP_DEFAULTS);
  const field = (name: string) => `${id}-${name}`;

  return (
    <Panel aria-labelledby={field('heading')} id="scoring">
      <h2 id={field('heading')}>Scoring</h2>
      {setup ? (
        <>
          <p>
            Scored by {metricLabel(setup.metric)} on {setup.keyRows.toLocaleString('en-US')} rows:{' '}
            {setup.publicShare}% public while open; {setup.dailyEntries} entries a person a day;{' '}
            {setup.finalEntries} final.
          </p>
          <DownloadList
            label="Scoring files"
            downloads={[
              {
                key: 'key',
                label: 'Answer key',
                href: SCORED_PAGES.file(bountyId, 'key'),
                fileName: setup.keyName,
              },
              ...downloadsOf(SCORING_FILE_KINDS, setup.files, (kind) => ({
                label: SCORING_FILE_LABELS[kind],
                href: SCORED_PAGES.file(bountyId, kind),
              })),
            ]}
          />
          <MutedText>Licence: {setup.licence}</MutedText>
          {data.keyPublishedAt ? (
            <MutedText>
              The answer key is public since <LocalTime iso={data.keyPublishedAt} />: every signed-in person
              may download it.
            </MutedText>
          ) : (
            data.mayPublishKey && (
              <StackedForm method="post" action={SCORED_PAGES.publishKeyForm(slug, bountyId)}>
                <MutedText>
                  Only your team can download the answer key. Now that submissions are closed you may publish
                  it, for entrants to check their scores.
                </MutedText>
                <div>
                  <Button type="submit" $variant="secondary">
                    Publish the answer key
                  </Button>
                </div>
              </StackedForm>
            )
          )}
        </>
      ) : (
        <MutedText>
          Score entries against answers you keep: attach an answer key and the data for entrants before the
          bounty is approved or published.
        </MutedText>
      )}
      <SetupFormProblems returned={returned} />
      {mayAttach && (
        <SetupForm action={SCORED_PAGES.setupForm(slug, bountyId)}>
          {setup && <MutedText>Sending the form again replaces the whole setup.</MutedText>}
          <ScoringSetupFields idPrefix={id} values={values} />
          <div>
            <Button type="submit">Save scoring setup</Button>
          </div>
        </SetupForm>
      )}
      {data.entries.length > 0 && (
        <>
          <h3>Entries</h3>
          <RowList>
            {[...data.entries].reverse().map((entry) => (
              <li key={entry.id}>
                <span>
                  {entry.fileName}, <LocalTime iso={entry.createdAt} />
                </span>
                <span>
                  {entry.status === 'scored'
                    ? `Public ${formatScore(entry.publicScore)} · private ${formatScore(entry.privateScore)}`
                    : entry.status === 'queued'
                      ? 'Waiting to be scored'
                      : 'Not scored (a wrong file)'}
                </span>
              </li>
            ))}
          </RowList>
        </>
      )}
    </Panel>
  );
}
