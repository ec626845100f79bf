import { useId } from 'react';
import styled from 'styled-components';
import { Button, LocalTime, MutedText, Notice, Panel, RowList } from '@side-quest/design';
import { DownloadList, downloadsOf } from '@side-quest/design/downloads';
import { LogOutput, TestRun } from '@side-quest/design/test-runs';
import {
  TEST_RUNTIME_LABELS,
  TEST_SCORED_PAGES,
  TEST_SETUP_FILE_LABELS,
  TEST_SETUP_FORM_RETURN_KEY,
  hiddenRunsText,
  referenceProgressText,
  referenceRunState,
  useReturnedForm,
  useTeamScoring,
  type ReferenceProgress,
  type TeamTestScoringData,
  type TeamTestSetup,
  type TestSetupFileKind,
  type TestSetupFormReturn,
} from '@side-quest/data/lifecycle';
import { TEST_SETUP_DEFAULTS, TestSetupFields } from './TestSetupFields';
import { SetupForm, SetupFormProblems, setupFormValues } from './SetupFieldParts';

// Test scoring in the console (issue 56 items 3-5): beside the answer-key setup, the team attaches the
// sponsor's tests until approval, follows the reference's six runs, and reads every run of every entry
// with its log. Tests cannot prove an entry honest, so the note saying so stands at the top.

const Fields = styled.fieldset`
  border: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: inherit;
  &:disabled {
    opacity: 0.6;
  }
`;

const FILE_KINDS: TestSetupFileKind[] = ['publicTests', 'hiddenTests', 'dependencies', 'reference'];

function SetupSummary({ setup, bountyId }: { setup: TeamTestSetup; bountyId: string }) {
  return (
    <>
      <p>
        {TEST_RUNTIME_LABELS[setup.runtime]}; {setup.wallSeconds} s and {setup.memoryMiB} MiB a run;{' '}
        {setup.dailyEntries} entries a person a day; {setup.finalEntries} final.{' '}
        {setup.reference.status === 'passed'
          ? `${setup.publicTestCount} public and ${setup.hiddenTestCount} hidden tests.`
          : 'The tests are counted once the reference passes.'}
      </p>
      <p>
        Test command: <code>{setup.command}</code> (JUnit XML to <code>{setup.resultsPath}</code>)
      </p>
      <DownloadList
        label="Test files"
        downloads={downloadsOf(FILE_KINDS, setup.files, (kind) => ({
          label: TEST_SETUP_FILE_LABELS[kind],
          href: TEST_SCORED_PAGES.file(bountyId, kind),
        }))}
      />
      <MutedText>Licence: {setup.licence}</MutedText>
    </>
  );
}

function ReferenceSection({ progress, headingId }: { progress: ReferenceProgress; headingId: string }) {
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>Reference solution</h3>
      <p role="status">{referenceProgressText(progress)}</p>
      <RowList aria-label="Reference runs">
        {progress.runs.map((run) => (
          <li key={`${run.testSet}-${run.attempt}`}>
            <span>
              Run {run.attempt} with the {run.testSet} tests
            </span>
            <span>{referenceRunState(run)}</span>
          </li>
        ))}
      </RowList>
      {progress.status === 'waiting' && <MutedText>Reload the page to see their progress.</MutedText>}
      {progress.problems.length > 0 && (
        <ul aria-label="Why the setup was refused">
          {progress.problems.map((problem, index) => (
            <li key={index}>{problem}</li>
          ))}
        </ul>
      )}
      {progress.refusedOutput && (
        <>
          <p>The output of the run that refused the setup:</p>
          <LogOutput tabIndex={0} aria-label="Output of the refusing run">
            {progress.refusedOutput}
          </LogOutput>
        </>
      )}
    </section>
  );
}

function TeamRun({ run, entryName }: { run: TeamTestScoringData['runs'][number]; entryName: string }) {
  return (
    <li>
      <TestRun
        run={run}
        testsLabel="Tests"
        logLabel={`Log of ${entryName}, ${run.testSet} tests`}
        heading={
          <h4>
            {entryName}, {run.testSet} tests
          </h4>
        }
        summaryTail={
          run.finishedAt && (
            <>
              {' '}
              — finished <LocalTime iso={run.finishedAt} />
            </>
          )
        }
      />
    </li>
  );
}

export function TestScoringPanel({ slug, bountyId }: { slug: string; bountyId: string }) {
  const id = useId();
  const { data } = useTeamScoring(slug, bountyId);
  const returned = useReturnedForm<TestSetupFormReturn>(TEST_SETUP_FORM_RETURN_KEY);
  const tests = data?.tests;
  // An answer-key bounty, or a person who may not see the scoring: nothing here.
  if (!data || !tests || data.setup) return null;
  const { setup } = tests;
  const mayAttach = data.editable && data.mayEdit;
  if (!setup && !mayAttach) return null;
  const values = returned?.values ?? setupFormValues(setup, TEST_SETUP_DEFAULTS);
  const field = (name: string) => `${id}-${name}`;
  const noRunner = tests.liveRuntimes.length === 0;
  const entryNames = new Map(data.entries.map((entry) => [entry.id, entry.fileName]));

  return (
    <Panel aria-labelledby={field('heading')} id="test-scoring">
      <h2 id={field('heading')}>Test scoring</h2>
      {setup ? (
        <>
          <Notice data-testid="honesty-note">{tests.honestyNote}</Notice>
          <SetupSummary setup={setup} bountyId={bountyId} />
          <ReferenceSection progress={setup.reference} headingId={field('reference')} />
        </>
      ) : (
        <MutedText>
          Or score software by your tests: entries run against public tests entrants can see, and hidden tests
          decide the final board. Attach them, with your reference solution, before the bounty is approved.
        </MutedText>
      )}
      <SetupFormProblems returned={returned} />
      {mayAttach && (
        <SetupForm action={TEST_SCORED_PAGES.setupForm(slug, bountyId)} aria-labelledby={field('form')}>
          <h3 id={field('form')}>{setup ? 'Replace the test setup' : 'Attach tests'}</h3>
          {noRunner && (
            <Notice role="status">
              No runner can run tests right now, so a test-scored setup cannot be attached. Try again later.
            </Notice>
          )}
          {setup && (
            <MutedText>
              Sending the form again replaces the whole setup and runs the reference again.
            </MutedText>
          )}
          <Fields disabled={noRunner}>
            <TestSetupFields idPrefix={id} values={values} liveRuntimes={tests.liveRuntimes} />
            <div>
              <Button type="submit">Save test setup</Button>
            </div>
          </Fields>
        </SetupForm>
      )}
      {tests.hiddenRuns.total > 0 && (
        <p role="status">{hiddenRunsText(tests.hiddenRuns)}; the final board is revealed once all are.</p>
      )}
      {tests.runs.length > 0 && (
        <section aria-labelledby={field('runs')}>
          <h3 id={field('runs')}>Runs</h3>
          <RowList>
            {tests.runs.map((run) => (
              <TeamRun key={run.id} run={run} entryName={entryNames.get(run.entryId) ?? 'An entry'} />
            ))}
          </RowList>
        </section>
      )}
    </Panel>
  );
}
