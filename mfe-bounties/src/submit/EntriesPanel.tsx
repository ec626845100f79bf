import { useId } from 'react';
import {
  Button,
  FormField,
  LocalTime,
  MutedText,
  Notice,
  Panel,
  RowList,
  StackedForm,
  useLocation,
} from '@side-quest/design';
import { DownloadList, downloadsOf } from '@side-quest/design/downloads';
import { FormProblems } from '@side-quest/design/form-problems';
import {
  ENTRY_FORM_RETURN_KEY,
  SCORED_PAGES,
  SCORING_FILE_KINDS,
  SCORING_FILE_LABELS,
  SCORING_METRICS,
  formatScore,
  metricLabel,
  entriesWaiting,
  TEST_SETUP_LIMITS,
  useEntries,
  useReturnedForm,
  type EntryFormReturn,
  type OwnEntryView,
  type TestRunView,
} from '@side-quest/data/lifecycle';
import { waitingRefreshMeta } from './waitingRefresh';
import { PublicTestRun, TestSetupIntro, sizeText } from './PublicTestRun';

const ENTRY_ARCHIVE_ACCEPT = '.zip,.tar.gz,.tgz,.bundle,.gitbundle,application/zip,application/gzip';

/** An entry's public score, or (a test-scored bounty) its public run, or why it was not scored. */
function EntryState({ entry, run }: { entry: OwnEntryView; run?: TestRunView }) {
  if (run) return <PublicTestRun run={run} entryName={entry.fileName} />;
  if (entry.status === 'queued') return <span>Waiting to be scored…</span>;
  if (entry.status === 'scored')
    return (
      <span>
        Public score <strong>{formatScore(entry.publicScore)}</strong>
      </span>
    );
  return (
    <span>
      Not scored, and not counted against today’s entries:
      <ul>
        {entry.problems.map((problem, index) => (
          <li key={index}>{problem}</li>
        ))}
      </ul>
    </span>
  );
}

/**
 * A scored bounty's entries on the submission's page (issue 45 item 3): the data for entrants, the upload
 * form (a plain multipart post answered 303 at once), each entry's public score when ready, and the
 * choice of final entries. While an entry waits the data is asked again every 2 s, and without
 * JavaScript the page refreshes itself. Nothing here ever holds a private score.
 */
export function EntriesPanel({ bountyId }: { bountyId: string }) {
  const id = useId();
  const { data } = useEntries(bountyId);
  const returned = useReturnedForm<EntryFormReturn>(ENTRY_FORM_RETURN_KEY);
  const { pathname, search } = useLocation();
  if (!data) return null;
  const { setup, tests } = data;
  const waiting = entriesWaiting(data);
  const metric = SCORING_METRICS.find((entry) => entry.name === setup.metricName);
  const scored = data.entries.filter((entry) => entry.status === 'scored');
  const mayChoose = data.open && scored.length > 0;

  return (
    <Panel aria-labelledby={`${id}-heading`} id="entries">
      {waiting && (
        // Without JavaScript the page comes back until the score is there; with it, the query asks again.
        <noscript dangerouslySetInnerHTML={{ __html: waitingRefreshMeta(pathname, search) }} />
      )}
      <h2 id={`${id}-heading`}>Entries</h2>
      {tests ? (
        <TestSetupIntro setup={tests.setup} bountyId={bountyId} />
      ) : (
        <>
          <p>
            This bounty is scored by {metricLabel(setup.metricName)}, {metric?.better ?? ''}, against answers
            the sponsor keeps. Until the deadline you see the score on {setup.publicShare}% of the rows; the
            other rows decide the final board, scored on your final entries.
          </p>
          <p>
            Send a CSV of <code>id</code> and <code>prediction</code> ({metric?.input ?? 'one value per row'})
            for each of the {setup.keyRows.toLocaleString('en-US')} ids of the inputs file. Up to{' '}
            {setup.dailyEntries} entries a day (UTC); {setup.finalEntries} final{' '}
            {setup.finalEntries === 1 ? 'entry' : 'entries'}.
          </p>
          <DownloadList
            label="Data for entrants"
            downloads={downloadsOf(SCORING_FILE_KINDS, setup.files, (kind, file) => ({
              label: `${SCORING_FILE_LABELS[kind]} (${sizeText(file.size)})`,
              href: SCORED_PAGES.file(bountyId, kind),
            }))}
          />
          <MutedText>Licence: {setup.licence}</MutedText>
        </>
      )}
      {data.keyPublished && (
        <p>
          The sponsor published the answer key, for you to check your scores:{' '}
          <a href={SCORED_PAGES.file(bountyId, 'key')} download>
            Download the answer key
          </a>
        </p>
      )}
      {returned && <FormProblems message={returned.message} problems={returned.problems} />}
      {!data.open && <Notice role="status">The submission deadline has passed: entries are closed.</Notice>}
      {data.open && !data.hasSubmission && (
        <MutedText>Submit your solution first: your entries belong to it.</MutedText>
      )}
      {data.open && data.hasSubmission && data.nextEntryAt && (
        <Notice role="status">
          You have sent today’s {setup.dailyEntries} entries. The next is allowed at{' '}
          <LocalTime iso={data.nextEntryAt} />.
        </Notice>
      )}
      {data.open && data.hasSubmission && !data.nextEntryAt && (
        <StackedForm method="post" action={SCORED_PAGES.entryForm(bountyId)} encType="multipart/form-data">
          {tests ? (
            <FormField>
              <label htmlFor={`${id}-entry`}>Entry (ZIP, tar.gz or git bundle)</label>
              <input
                id={`${id}-entry`}
                name="entry"
                type="file"
                accept={ENTRY_ARCHIVE_ACCEPT}
                required
                aria-describedby={`${id}-entry-hint`}
              />
              <MutedText id={`${id}-entry-hint`}>
                Your solution, up to {sizeText(TEST_SETUP_LIMITS.entryMaxBytes)}: a ZIP, a tar.gz, or a bundle
                of your repository (<code>git bundle create entry.bundle --all</code>). Leave out{' '}
                <code>tests/</code> and <code>results.xml</code>: the sponsor’s tests take those places.
              </MutedText>
            </FormField>
          ) : (
            <FormField>
              <label htmlFor={`${id}-entry`}>Entry (CSV)</label>
              <input id={`${id}-entry`} name="entry" type="file" accept=".csv,text/csv" required />
            </FormField>
          )}
          <div>
            <Button type="submit">Send entry</Button>{' '}
            <MutedText as="span">
              {data.usedToday} of {setup.dailyEntries} sent today
            </MutedText>
          </div>
        </StackedForm>
      )}
      {data.entries.length > 0 && (
        <StackedForm method="post" action={SCORED_PAGES.finalsForm(bountyId)}>
          <h3>Your entries</h3>
          <RowList>
            {[...data.entries].reverse().map((entry) => (
              <li key={entry.id}>
                <span>
                  {entry.status === 'scored' && mayChoose ? (
                    <label>
                      <input type="checkbox" name="final" value={entry.id} defaultChecked={entry.final} />{' '}
                      Final
                    </label>
                  ) : entry.final ? (
                    <strong>Final</strong>
                  ) : null}{' '}
                  {entry.fileName}, sent <LocalTime iso={entry.createdAt} />
                </span>
                <EntryState entry={entry} run={tests?.publicRuns[entry.id]} />
              </li>
            ))}
          </RowList>
          {mayChoose && (
            <>
              <MutedText>
                Choose up to {setup.finalEntries}; none chosen means your best public{' '}
                {setup.finalEntries === 1 ? 'score' : 'scores'}.
              </MutedText>
              <div>
                <Button type="submit" $variant="secondary">
                  Save final entries
                </Button>
              </div>
            </>
          )}
        </StackedForm>
      )}
    </Panel>
  );
}
