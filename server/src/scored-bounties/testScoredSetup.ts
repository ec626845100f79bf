import { TEST_SETUP_LIMITS, type TestRuntime, type TestSetupValues } from '@side-quest/data/lifecycle';
import { isTestRuntime, type ArchiveFormat } from '../test-scoring';
import type { UploadField } from '../http/multipartForm';
import { checkEntryRules, entryRuleValuesOf, wholeNumberIn } from './entryLimits';
import type { TestSetup } from './testScoredStore';

/*
 * A test-scored setup's typed fields and files (issue 56 item 3), checked as pure rules: the runtime
 * among those live runners offer, the limits per run, entries per day and finals as an answer key's,
 * the licence; the archives' formats by name (their listings are checked against the blob afterwards).
 */

const MB = 1024 * 1024;

export const TEST_SETUP_UPLOADS: Record<
  'publicTests' | 'hiddenTests' | 'dependencies' | 'reference',
  UploadField
> = {
  publicTests: { maxBytes: 50 * MB, contentType: 'application/octet-stream', label: 'The public tests' },
  hiddenTests: { maxBytes: 50 * MB, contentType: 'application/octet-stream', label: 'The hidden tests' },
  dependencies: { maxBytes: 200 * MB, contentType: 'application/octet-stream', label: 'The dependencies' },
  reference: { maxBytes: 50 * MB, contentType: 'application/octet-stream', label: 'The reference solution' },
};

export function testSetupValuesOf(fields: URLSearchParams): TestSetupValues {
  return {
    runtime: fields.get('runtime') ?? '',
    wallSeconds: fields.get('wallSeconds') ?? String(TEST_SETUP_LIMITS.wallSeconds.default),
    memoryMiB: fields.get('memoryMiB') ?? String(TEST_SETUP_LIMITS.memoryMiB.default),
    ...entryRuleValuesOf(fields),
  };
}

/** The typed fields of a setup, as the setup keeps them. */
export type CheckedTestSetupValues = Pick<
  TestSetup,
  'runtime' | 'wallSeconds' | 'memoryMiB' | 'dailyEntries' | 'finalEntries' | 'licence'
>;

/** The typed fields checked against the runtimes live runners offer: the values, or sentences. */
export function checkTestSetupValues(
  values: TestSetupValues,
  liveRuntimes: readonly string[],
): { ok: true; value: CheckedTestSetupValues } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const { wallSeconds: wall, memoryMiB: memory } = TEST_SETUP_LIMITS;
  if (!isTestRuntime(values.runtime)) problems.push('Choose a runtime from the list.');
  else if (!liveRuntimes.includes(values.runtime))
    problems.push(
      liveRuntimes.length === 0
        ? 'No runner is running tests now, so a test-scored bounty cannot be set up. Try again later.'
        : `No runner offers this runtime now. Choose one of: ${liveRuntimes.join(', ')}.`,
    );
  const wallSeconds = wholeNumberIn(values.wallSeconds, wall);
  if (wallSeconds === null) problems.push(`Enter a time limit between ${wall.min} and ${wall.max} seconds.`);
  const memoryMiB = wholeNumberIn(values.memoryMiB, memory);
  if (memoryMiB === null) problems.push(`Enter a memory limit between ${memory.min} and ${memory.max} MiB.`);
  const { dailyEntries, finalEntries, licence } = checkEntryRules(values, 'the tests', problems);
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    value: {
      runtime: values.runtime as TestRuntime,
      wallSeconds: wallSeconds as number,
      memoryMiB: memoryMiB as number,
      dailyEntries: dailyEntries as number,
      finalEntries: finalEntries as number,
      licence,
    },
  };
}

/** An archive's format by its name: ZIP, tar.gz (or .tgz), and for entries a git bundle; null otherwise. */
export function archiveFormatOf(name: string, bundleAllowed: boolean): ArchiveFormat | null {
  if (/\.zip$/i.test(name)) return 'zip';
  if (/\.(tar\.gz|tgz)$/i.test(name)) return 'tar.gz';
  if (bundleAllowed && /\.(bundle|gitbundle)$/i.test(name)) return 'git-bundle';
  return null;
}
