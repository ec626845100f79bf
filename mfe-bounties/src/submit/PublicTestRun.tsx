import { MutedText } from '@side-quest/design';
import { TestRun } from '@side-quest/design/test-runs';
import {
  TEST_SCORED_PAGES,
  TEST_RUNTIME_LABELS,
  type PublicTestSetup,
  type TestRunView,
} from '@side-quest/data/lifecycle';

// A test-scored bounty's parts of the entrant's entries panel (issue 56 item 4): what the tests are and
// where to get them, and each entry's public run. Only public runs come here: the server never sends an
// entrant a run that saw hidden tests before the reveal, and this view draws nothing else.

/** "1.2 MB", "800 KB": a file's size as people read it. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

export function TestSetupIntro({ setup, bountyId }: { setup: PublicTestSetup; bountyId: string }) {
  const { publicTests } = setup;
  return (
    <>
      <p>
        This bounty is scored by the sponsor’s tests. Each entry runs with the {publicTests.count} public{' '}
        {publicTests.count === 1 ? 'test' : 'tests'} as it arrives, and you see each test’s result. Hidden
        tests decide the final board: they run on your final entries after the deadline.
      </p>
      <p>
        Send an archive of your solution. Up to {setup.dailyEntries} entries a day (UTC); {setup.finalEntries}{' '}
        final {setup.finalEntries === 1 ? 'entry' : 'entries'}. Each run has {setup.wallSeconds} s,{' '}
        {setup.memoryMiB} MiB and no network.
      </p>
      <p>
        {TEST_RUNTIME_LABELS[setup.runtime]}. The tests run as: <code>{setup.command}</code>
      </p>
      <p>
        <a href={TEST_SCORED_PAGES.file(bountyId, 'publicTests')} download>
          Download the public tests ({publicTests.name}, {sizeText(publicTests.size)})
        </a>
      </p>
      <MutedText>Licence: {setup.licence}</MutedText>
    </>
  );
}

/** An entry's public run: where it is or its verdict, then each public test, those that failed first. */
export function PublicTestRun({ run, entryName }: { run: TestRunView; entryName: string }) {
  if (run.testSet !== 'public') return null;
  return <TestRun run={run} testsLabel={`Public tests of ${entryName}`} logLabel={`Log of ${entryName}`} />;
}
