import { FormField, MutedText } from '@side-quest/design';
import {
  SETUP_LIMITS,
  TEST_RUNTIME_LABELS,
  TEST_SETUP_FILE_LABELS,
  TEST_SETUP_LIMITS,
  type TestRuntime,
  type TestSetupFileKind,
  type TestSetupValues,
} from '@side-quest/data/lifecycle';

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

const UPLOADS: Array<{ name: TestSetupFileKind; needed: boolean; hint: string }> = [
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
    hint: `Optional. There is no network inside a run: a ZIP or tar.gz of vendored node_modules or a wheelhouse, up to ${unpackedMB} MB unpacked, mounted read-only in every run.`,
  },
  {
    name: 'reference',
    needed: true,
    hint: 'ZIP or tar.gz of your own solution. It runs three times with the public and three with the hidden tests; a test failing in any run refuses the setup.',
  },
];

/**
 * The runtime (only those a live runner offers), the limits with their ranges, the licence and the four
 * archives. The caller disables them all when no runner can run tests.
 */
export function TestSetupFields({
  idPrefix,
  values,
  liveRuntimes,
}: {
  idPrefix: string;
  values: TestSetupValues;
  liveRuntimes: readonly TestRuntime[];
}) {
  const field = (name: string) => `${idPrefix}-${name}`;
  const hinted = (name: string) => `${field(name)}-hint`;
  const number = (
    name: 'wallSeconds' | 'memoryMiB' | 'dailyEntries' | 'finalEntries',
    label: string,
    limits: { min: number; max: number; default: number },
    unit: string,
  ) => (
    <FormField>
      <label htmlFor={field(name)}>{label}</label>
      <input
        id={field(name)}
        name={name}
        type="number"
        min={limits.min}
        max={limits.max}
        required
        defaultValue={values[name]}
        aria-describedby={hinted(name)}
      />
      <MutedText id={hinted(name)}>
        {limits.min}–{limits.max}
        {unit}; {limits.default} by default.
      </MutedText>
    </FormField>
  );
  return (
    <>
      <FormField>
        <label htmlFor={field('runtime')}>Runtime</label>
        <select
          id={field('runtime')}
          name="runtime"
          required
          defaultValue={values.runtime || liveRuntimes[0]}
          aria-describedby={hinted('runtime')}
        >
          {liveRuntimes.length === 0 && <option value="">No runner offers a runtime now</option>}
          {liveRuntimes.map((runtime) => (
            <option key={runtime} value={runtime}>
              {TEST_RUNTIME_LABELS[runtime]}
            </option>
          ))}
        </select>
        <MutedText id={hinted('runtime')}>
          Only runtimes a runner offers now. Put your tests in a <code>tests/</code> folder; the command runs
          them over the entry and reads the JUnit XML it writes to <code>results.xml</code>.
        </MutedText>
      </FormField>
      {number('wallSeconds', 'Time limit per run (seconds)', TEST_SETUP_LIMITS.wallSeconds, ' seconds')}
      {number('memoryMiB', 'Memory limit per run (MiB)', TEST_SETUP_LIMITS.memoryMiB, ' MiB')}
      {number('dailyEntries', 'Entries per person per UTC day', SETUP_LIMITS.dailyEntries, '')}
      {number('finalEntries', 'Final entries each person chooses', SETUP_LIMITS.finalEntries, '')}
      <FormField>
        <label htmlFor={field('licence')}>Licence of the tests</label>
        <input
          id={field('licence')}
          name="licence"
          required
          maxLength={SETUP_LIMITS.licenceMax}
          defaultValue={values.licence}
          placeholder="MIT"
        />
      </FormField>
      {UPLOADS.map((upload) => (
        <FormField key={upload.name}>
          <label htmlFor={field(upload.name)}>{TEST_SETUP_FILE_LABELS[upload.name]}</label>
          <input
            id={field(upload.name)}
            name={upload.name}
            type="file"
            accept={ARCHIVE_ACCEPT}
            required={upload.needed}
            aria-describedby={hinted(upload.name)}
          />
          <MutedText id={hinted(upload.name)}>{upload.hint}</MutedText>
        </FormField>
      ))}
    </>
  );
}
