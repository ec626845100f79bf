/**
 * Test-scored software bounties' pure rules (issue 56): the JUnit reader, the verdict of an entry's run,
 * the reference checks, the canary, each runtime's command and the host-side archive checks. It knows
 * nothing of Express, the stores or pages; the runner and the scored-bounties feature import this file
 * and nothing deeper. See README.md beside it.
 *
 * The usual path:
 *   - upload:        checkArchiveListing(stream, format, { reservedPaths: RUNTIME_RULES[rt].reservedPaths })
 *                    -> refuse with `problems` (sentences), or store the archive and queue a run;
 *                    readArchiveSources(stream, format) -> the entry's source text, for copy flags
 *   - setup:         the reference runs 3 + 3 times -> checkReferenceRuns -> the bounty's public/hidden tests
 *   - entry's run:   name = newCanaryName(); plan = canaryPlan(rt, name) -> the sandbox job
 *                    -> judgeRun({ tests, outcome, limits, canaryName: name }) -> score, rows, message
 */
export {
  describeRepeatedTests,
  displayName,
  FAILURE_EXCERPT_BYTES,
  MAX_TESTS,
  readJUnit,
  repeatedTests,
  testId,
  truncateUtf8,
  type JUnitReport,
  type JUnitTest,
  type RepeatedTest,
  type TestOutcome,
} from './junit';
export {
  bountyTestsOf,
  formatMemory,
  judgeRun,
  readRunResults,
  unfinishedRun,
  type BountyTest,
  type RunLimits,
  type RunOutcome,
  type RunResults,
  type RunStatus,
  type TestRow,
  type Verdict,
  type VerdictKind,
} from './verdict';
export {
  checkReferenceRuns,
  REFERENCE_RUNS,
  type ReferenceCheck,
  type ReferenceProblem,
  type ReferenceRunOutcome,
  type TestSet,
} from './reference';
export {
  checkCanary,
  isCanaryName,
  newCanaryName,
  nodeCanaryPreload,
  pytestCanaryModule,
  type CanaryCheck,
} from './canary';
export {
  CANARY_DIR,
  canaryPlan,
  isTestRuntime,
  PYTHON_PACKAGES_DIR,
  RESULTS_PATH,
  RUNTIME_RULES,
  TEST_RUNTIMES,
  TESTS_FOLDER,
  WORK_DIR,
  type CanaryPlan,
  type RuntimeRules,
  type TestRuntime,
} from './runtimes';
export {
  ARCHIVE_RULES,
  ArchiveChecker,
  MAX_ARCHIVE_PROBLEMS,
  memberPathParts,
  resolveInside,
  type ArchiveMember,
  type ArchiveRules,
  type MemberKind,
} from './archiveRules';
export {
  checkArchiveListing,
  isSourcePath,
  readArchiveSources,
  SOURCE_FILE_MAX_BYTES,
  SOURCE_TEXT_MAX_BYTES,
  type ArchiveFormat,
  type ArchiveListing,
  type ArchiveSources,
} from './archiveListing';
