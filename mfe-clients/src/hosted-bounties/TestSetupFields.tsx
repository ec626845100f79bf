import {
  SETUP_LIMITS,
  TEST_RUNTIME_LABELS,
  TEST_SETUP_FILE_LABELS,
  TEST_SETUP_LIMITS,
  type TestRuntime,
  type TestSetupFieldName,
  type TestSetupFileKind,
  type TestSetupValues,
} from '@side-quest/data/lifecycle';
import { SetupFieldSet, type SetupFieldsSpec, type SetupUpload } from './SetupFieldParts';

// A test-scored setup's fields (issue 56 item 3), posted as multipart to TEST_SCORED_PAGES.setupForm with
// the names the server's testSetupValuesOf and upload fields read.

export const TEST_SETUP_DEFAULTS: TestSetupValues = {
  runtime: '',
  wallSeconds: String(TEST_SETUP_LIMITS.wallSeconds.default),
  memoryMiB: String(TEST_SETUP_LIMITS.memoryMiB.default),
  dailyEntries: String(SETUP_LIMITS.dailyEntries.default),
  finalEntries: String(SETUP_LIMITS.finalEntries.default),
  licence: '',
};

const ARCHIVE_ACCEPT = '.zip,.tar.gz,.tgz,application/zip,application/gzip';
const MB = 1024 * 1024;
const unpackedMB = TEST_SETUP_LIMITS.unpackedMaxBytes / MB;
const maxFiles = TEST_SETUP_LIMITS.archiveMaxFiles.toLocaleString('en-US');

const UPLOADS: SetupUpload[] = (
  [
    {
      name: 'publicTests',
      needed: true,
      hint: `ZIP or tar.gz of the tests folder entrants download and run themselves; up to 50 MB, ${unpackedMB} MB and ${maxFiles} files unpacked.`,
    },
    {
      name: 'hiddenTests',
      needed: true,
      hint: 'ZIP or tar.gz; your team’s alone. They run on each entrant’s final entries after the deadline and decide the final board.',
    },
    {
      name: 'dependencies',
      needed: false,
      hint: `Optional. There is no network inside a run: a ZIP or tar.gz of what node_modules holds (Node), or of installed packages (Python: what pip install --target makes, from a wheelhouse), up to ${unpackedMB} MB unpacked, mounted read-only in every run.`,
    },
    {
      name: 'reference',
      needed: true,
      hint: 'ZIP or tar.gz of your own solution. It runs three times with the public and three with the hidden tests; a test failing in any run refuses the setup.',
    },
  ] satisfies Array<{ name: TestSetupFileKind; needed: boolean; hint: string }>
).map((upload) => ({ ...upload, label: TEST_SETUP_FILE_LABELS[upload.name], accept: ARCHIVE_ACCEPT }));

const RUNTIME_HINT = (
  <>
    Only runtimes a runner offers now. Put your tests in a <code>tests/</code> folder; the command runs them
    over the entry and reads the JUnit XML it writes to <code>results.xml</code>.
  </>
);

const NUMBERS: SetupFieldsSpec<TestSetupFieldName>['numbers'] = [
  {
    name: 'wallSeconds',
    label: 'Time limit per run (seconds)',
    limits: TEST_SETUP_LIMITS.wallSeconds,
    unit: ' seconds',
  },
  {
    name: 'memoryMiB',
    label: 'Memory limit per run (MiB)',
    limits: TEST_SETUP_LIMITS.memoryMiB,
    unit: ' MiB',
  },
  {
    name: 'dailyEntries',
    label: 'Entries per person per UTC day',
    limits: SETUP_LIMITS.dailyEntries,
    unit: '',
  },
  {
    name: 'finalEntries',
    label: 'Final entries each person chooses',
    limits: SETUP_LIMITS.finalEntries,
    unit: '',
  },
];

/**
 * The runtime (only those a live runner offers), the limits with their ranges, the licence and the four
 * archives. The caller disables them all when no runner can run tests. `optional` (the post form, where a
 * bounty may be unscored or scored by an answer key) marks nothing required: the server asks for what is
 * missing once the sponsor chooses test scoring.
 */
export function TestSetupFields({
  idPrefix,
  values,
  liveRuntimes,
  optional = false,
  namePrefix,
}: {
  idPrefix: string;
  values: TestSetupValues;
  liveRuntimes: readonly TestRuntime[];
  optional?: boolean;
  /** The post form's prefix of the typed fields' names (POST_TEST_FIELD_PREFIX). */
  namePrefix?: string;
}) {
  const spec: SetupFieldsSpec<TestSetupFieldName> = {
    choice: {
      name: 'runtime',
      label: 'Runtime',
      options:
        liveRuntimes.length === 0
          ? [{ value: '', label: 'No runner offers a runtime now' }]
          : liveRuntimes.map((runtime) => ({ value: runtime, label: TEST_RUNTIME_LABELS[runtime] })),
      fallback: liveRuntimes[0],
      required: true,
      hint: RUNTIME_HINT,
    },
    numbers: NUMBERS,
    licence: { label: 'Licence of the tests', placeholder: 'MIT' },
    uploads: UPLOADS,
  };
  return (
    <SetupFieldSet
      idPrefix={idPrefix}
      spec={spec}
      values={values}
      required={!optional}
      namePrefix={namePrefix}
    />
  );
}
