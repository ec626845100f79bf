import { createHash } from 'node:crypto';
import type {
  EntrantTestData,
  PublicTestSetup,
  ReferenceProgress,
  TeamTestScoringData,
  TestRunState,
  TestRunView,
  TestRuntime,
} from '@side-quest/data/lifecycle';
import type { BlobStore } from '../blobs';
import type { MultipartUpload, StreamedFile } from '../http/multipartForm';
import type { Person } from '../accounts/accounts';
import type { LifecycleStore } from '../lifecycle/lifecycleStore';
import { RunQueueFullError, type Run, type RunStore } from '../runner/runStore';
import { runSpecJson, type LayerRef, type TestRunSpec } from '../runner/runSpec';
import {
  CANARY_DIR,
  canaryPlan,
  checkArchiveListing,
  checkReferenceRuns,
  displayName,
  readJUnit,
  judgeRun,
  newCanaryName,
  readArchiveSources,
  REFERENCE_RUNS,
  RUNTIME_RULES,
  WORK_DIR,
  type ArchiveFormat,
  type ReferenceProblem,
  type ReferenceRunOutcome,
  type RunLimits,
  type RunOutcome,
} from '../test-scoring';
import { decodeSignature, encodeSignature, writeUpSignature } from '../scoring';
import { addEntryWithinDay, formFailure, type FormFailure } from './entryLimits';
import { finalEntries, type ScoredStore } from './scoredStore';
import { archiveFormatOf, checkTestSetupValues, testSetupValuesOf } from './testScoredSetup';
import type {
  ReferenceRunRef,
  TestEntryRun,
  TestScoredStore,
  TestSetup,
  TestSetupFile,
} from './testScoredStore';

/*
 * Test-scored bounties (issue 56 items 3-5): a second kind of scoring on the scored feature's entries,
 * day limits, finals and boards. The web process never runs code: it queues runs (stores.runs) and a
 * processor on its clock reads finished ones — the reference runs into the setup's tests, an entry's
 * public run into its public score, hidden runs (queued once after the deadline) into private scores.
 */

const MB = 1024 * 1024;
/** Public runs waiting, site-wide, beyond which an entry is refused with 503 (as a full scoring pool). */
export const PUBLIC_RUNS_WAITING_LIMIT = 20;

export const HONESTY_NOTE =
  'Tests cannot prove an entry honest: an entry can be written to pass these tests without solving the task. Read a winner’s code before announcing.';

const QUEUE_FULL_MESSAGE = 'Many entries are waiting for their tests. Send yours again in a minute.';
const DAY_BACK_MESSAGE =
  'The site could not run the tests (its own failure). This entry does not count against the day; send it again.';

type Failure = FormFailure;
const fail = formFailure;

/** What a stored run's outcome (sandboxHandler's storedOutcome: results in base64) reads as for the verdict. */
export function runOutcomeOf(run: Pick<Run, 'outcome' | 'logTail'>): ReferenceRunOutcome {
  const stored = (run.outcome ?? {}) as Record<string, unknown>;
  return {
    status: (stored.status as RunOutcome['status']) ?? 'sandbox-failed',
    exitCode: typeof stored.exitCode === 'number' ? stored.exitCode : null,
    signal: typeof stored.signal === 'string' ? stored.signal : null,
    results: typeof stored.results === 'string' ? Buffer.from(stored.results, 'base64') : null,
    resultsProblem: typeof stored.resultsProblem === 'string' ? stored.resultsProblem : null,
    archiveProblems: Array.isArray(stored.archiveProblems) ? (stored.archiveProblems as string[]) : [],
    log: run.logTail ?? '',
  };
}

/**
 * The output of the run that refused a setup: its log, and the failures its results name (node's JUnit
 * reporter writes to the results file alone, so a failing test's message is often all there is to read).
 */
export function refusedOutput(
  problems: readonly ReferenceProblem[],
  outcomes: Record<'public' | 'hidden', readonly ReferenceRunOutcome[]>,
): string | null {
  const problem = problems.find((one) => one.run !== null);
  if (!problem || problem.run === null) return null;
  const outcome = outcomes[problem.tests][problem.run - 1];
  const report = outcome?.results ? readJUnit(outcome.results) : null;
  const failures = report?.ok
    ? report.tests
        .filter((test) => test.outcome !== 'passed')
        .map((test) => `${displayName(test)}: ${test.outcome}\n${test.failureExcerpt ?? ''}`)
    : [];
  const text = [problem.log ?? '', ...failures].filter((part) => part.trim() !== '').join('\n\n');
  return text === '' ? null : text;
}

const limitsOf = (setup: Pick<TestSetup, 'wallSeconds' | 'memoryMiB'>): RunLimits => ({
  wallMs: setup.wallSeconds * 1000,
  memoryBytes: setup.memoryMiB * MB,
});

/** The sandbox spec of a run: an archive on a tests layer (and the dependencies'), with a canary or none. */
export function testRunSpec(
  setup: Pick<TestSetup, 'runtime' | 'wallSeconds' | 'memoryMiB' | 'files'>,
  archive: { blobId: string; format: ArchiveFormat },
  testSet: 'public' | 'hidden',
  canaryName: string | null,
): TestRunSpec {
  const rules = RUNTIME_RULES[setup.runtime];
  const tests = setup.files[testSet === 'public' ? 'publicTests' : 'hiddenTests'];
  const testsLayer: LayerRef = {
    archive: { blobId: tests.blobId, format: tests.format },
    sandboxPath: `${WORK_DIR}/${rules.testsFolder}`,
  };
  const layers: LayerRef[] = [testsLayer];
  const deps = setup.files.dependencies;
  if (deps)
    layers.push({
      archive: { blobId: deps.blobId, format: deps.format },
      sandboxPath: rules.dependencies.sandboxPath,
    });
  const spec: TestRunSpec = {
    archive,
    reservedPaths: [...rules.reservedPaths],
    layers,
    files: [],
    command: [...rules.command],
    resultsPath: rules.resultsPath,
    memoryBytes: setup.memoryMiB * MB,
    wallMs: setup.wallSeconds * 1000,
  };
  if (deps && Object.keys(rules.dependencies.env).length > 0) spec.env = { ...rules.dependencies.env };
  if (canaryName !== null) {
    const plan = canaryPlan(setup.runtime, canaryName);
    if (plan.runtime === 'node20') {
      spec.files = [{ sandboxPath: `${CANARY_DIR}/${plan.file.fileName}`, text: plan.file.text }];
      spec.env = { ...spec.env, ...plan.env };
    } else testsLayer.addedFiles = [{ name: plan.file.fileName, text: plan.file.text }];
  }
  return spec;
}

const stateOf = (run: Run | undefined): TestRunState => (run ? (run.state as TestRunState) : 'could-not-run');

export function referenceProgress(setup: TestSetup, runs: ReadonlyMap<string, Run>): ReferenceProgress {
  return {
    runs: setup.referenceRuns.map((ref) => {
      const run = runs.get(ref.runId);
      return {
        testSet: ref.testSet,
        attempt: ref.attempt,
        state: stateOf(run),
        verdict:
          run?.state === 'done' ? String((run.outcome as { status?: string } | null)?.status ?? '') : null,
      };
    }),
    status: setup.referenceStatus,
    problems: setup.problems,
    refusedOutput: setup.refusedOutput,
  };
}

export function publicTestSetup(setup: TestSetup): PublicTestSetup {
  const rules = RUNTIME_RULES[setup.runtime];
  return {
    kind: 'tests',
    runtime: setup.runtime,
    command: rules.commandText,
    resultsPath: rules.resultsPath,
    wallSeconds: setup.wallSeconds,
    memoryMiB: setup.memoryMiB,
    dailyEntries: setup.dailyEntries,
    finalEntries: setup.finalEntries,
    publicTests: {
      name: setup.files.publicTests.name,
      size: setup.files.publicTests.size,
      count: setup.publicTests.length,
    },
    hasDependencies: setup.files.dependencies !== undefined,
    licence: setup.licence,
  };
}

/** A run's log with its canary's name said as what it is: the name is the run's own secret, no reader's. */
export function withoutCanaryName(log: string | null, canaryName: string): string | null {
  return log && canaryName ? log.split(canaryName).join('(the site’s canary test)') : log;
}

/** A run as its reader sees it; `withLog` for the team, or the entrant's public run that scored nothing. */
function runView(entryRun: TestEntryRun, run: Run | undefined, withLog: boolean): TestRunView {
  const state = entryRun.judged
    ? entryRun.verdict === 'could-not-run'
      ? 'could-not-run'
      : 'done'
    : stateOf(run);
  return {
    id: entryRun.runId,
    testSet: entryRun.testSet,
    state,
    verdict: entryRun.verdict,
    message: entryRun.message,
    passed: entryRun.passed,
    total: entryRun.total,
    results: entryRun.rows,
    logTail: withLog ? withoutCanaryName(run?.logTail ?? null, entryRun.canaryName) : null,
    finishedAt: entryRun.judgedAt,
  };
}

/**
 * What staff read of a bounty's test scoring (the review data, as they see payment cases): scores, counts
 * and verdicts, never the hidden tests or what ran them, which go to the team only (issue 56 item 3). No
 * run's log, no hidden run's per-test results, nothing of a refused reference's problems or output.
 */
export function staffTestPart(part: TeamTestScoringData): TeamTestScoringData {
  return {
    ...part,
    setup: part.setup && {
      ...part.setup,
      reference: { ...part.setup.reference, problems: [], refusedOutput: null },
    },
    runs: part.runs.map((run) => ({
      ...run,
      results: run.testSet === 'hidden' ? [] : run.results,
      logTail: null,
    })),
  };
}

export function createTestScoredBounties(options: {
  store: TestScoredStore;
  scored: ScoredStore;
  runs: RunStore;
  lifecycle: LifecycleStore;
  blobs: BlobStore;
  now?: () => number;
  log?: { error(details: object, message: string): void; info(details: object, message: string): void };
  onBoardChange?: (bountyId: string) => void;
}) {
  const { store, scored, runs, lifecycle, blobs } = options;
  const now = options.now ?? Date.now;
  const iso = () => new Date(now()).toISOString();
  const log = options.log ?? { error: () => undefined, info: () => undefined };
  const boardChanged = (bountyId: string) => options.onBoardChange?.(bountyId);

  async function deleteBlobs(ids: Iterable<string | null | undefined>) {
    for (const id of ids) if (id) await blobs.delete(id).catch(() => false);
  }

  /** An uploaded archive's listing problems (reserved paths as the runtime has them), or none. */
  async function listingProblems(
    file: StreamedFile,
    format: ArchiveFormat,
    reservedPaths: readonly string[],
    label: string,
  ): Promise<string[]> {
    const found = await blobs.get(file.blob.id);
    if (!found) return [`${label} could not be read. Choose it again.`];
    try {
      const listing = await checkArchiveListing(found.stream, format, { reservedPaths: [...reservedPaths] });
      return listing.problems.map((problem) => `${label}: ${problem}`);
    } finally {
      found.stream.destroy();
    }
  }

  /**
   * Signs an entry's source files by the write-up rule, for copy flags (issue 56 item 5): the archive is
   * read as data (readArchiveSources), never unpacked or run. Nothing is kept when it holds no source
   * text of 50 words or more, or is a git bundle.
   */
  async function keepSourceSignature(
    entry: { id: string; bountyId: string },
    blobId: string,
    format: ArchiveFormat,
  ): Promise<void> {
    const found = await blobs.get(blobId);
    const sources = found ? await readArchiveSources(found.stream, format) : null;
    const signature = sources && writeUpSignature(sources.text);
    if (signature) await store.setSourceSignature(entry, encodeSignature(signature));
  }

  async function runsById(ids: readonly string[]): Promise<Map<string, Run>> {
    const found = ids.length > 0 ? await runs.runs(ids, now()) : [];
    return new Map(found.map((run) => [run.id, run]));
  }

  /** Queues the reference's three public and three hidden runs (no canary). */
  async function queueReferenceRuns(
    setup: Pick<TestSetup, 'runtime' | 'wallSeconds' | 'memoryMiB' | 'files'>,
  ): Promise<ReferenceRunRef[]> {
    const refs: ReferenceRunRef[] = [];
    const reference = setup.files.reference;
    for (const testSet of ['public', 'hidden'] as const)
      for (let attempt = 1; attempt <= REFERENCE_RUNS; attempt += 1) {
        const spec = testRunSpec(
          setup,
          { blobId: reference.blobId, format: reference.format },
          testSet,
          null,
        );
        const run = await runs.enqueue(
          { kind: 'reference', runtime: setup.runtime, spec: runSpecJson(spec) },
          now(),
        );
        refs.push({ testSet, attempt, runId: run.id });
      }
    return refs;
  }

  /** Checks the reference runs of waiting setups once all six finished. */
  async function checkReferences(): Promise<void> {
    for (const setup of await store.waitingSetups()) {
      const found = await runsById(setup.referenceRuns.map((ref) => ref.runId));
      const finished = setup.referenceRuns.every((ref) => {
        const state = found.get(ref.runId)?.state;
        return state === 'done' || state === 'could-not-run' || state === undefined;
      });
      if (!finished) continue;
      const outcomesOf = (testSet: 'public' | 'hidden') =>
        setup.referenceRuns
          .filter((ref) => ref.testSet === testSet)
          .map((ref) => {
            const run = found.get(ref.runId);
            return run?.state === 'done'
              ? runOutcomeOf(run)
              : runOutcomeOf({ outcome: { status: 'sandbox-failed' }, logTail: '' });
          });
      const check = checkReferenceRuns({
        public: outcomesOf('public'),
        hidden: outcomesOf('hidden'),
        limits: limitsOf(setup),
      });
      const recorded = await store.recordReference(
        setup.bountyId,
        JSON.stringify(setup.referenceRuns),
        check.ok
          ? { status: 'passed', publicTests: check.publicTests, hiddenTests: check.hiddenTests }
          : {
              status: 'refused',
              problems: check.problems.map((problem) => problem.message),
              refusedOutput: refusedOutput(check.problems, {
                public: outcomesOf('public'),
                hidden: outcomesOf('hidden'),
              }),
            },
        iso(),
      );
      if (recorded) log.info({ bountyId: setup.bountyId, passed: check.ok }, 'Reference runs checked');
    }
  }

  /** Judges every entry run that finished: public runs into public scores, hidden ones into private. */
  async function judgeFinished(): Promise<void> {
    const waiting = await store.unjudgedRuns();
    const found = await runsById(waiting.map((run) => run.runId));
    const setups = new Map<string, TestSetup | null>();
    for (const entryRun of waiting) {
      const run = found.get(entryRun.runId);
      if (!run || (run.state !== 'done' && run.state !== 'could-not-run')) continue;
      if (!setups.has(entryRun.bountyId)) setups.set(entryRun.bountyId, await store.setup(entryRun.bountyId));
      const setup = setups.get(entryRun.bountyId);
      if (!setup) continue;
      const tests = entryRun.testSet === 'public' ? setup.publicTests : setup.hiddenTests;
      const verdict =
        run.state === 'done'
          ? judgeRun({
              tests,
              outcome: runOutcomeOf(run),
              limits: limitsOf(setup),
              canaryName: entryRun.canaryName,
            })
          : null;
      const recorded = await store.recordJudgement(
        entryRun,
        verdict && verdict.countsAgainstDay
          ? {
              verdict: verdict.kind,
              message: verdict.message,
              passed: verdict.passed,
              total: verdict.total,
              rows: verdict.rows,
              entryStatus: 'scored',
            }
          : {
              verdict: 'could-not-run',
              message: DAY_BACK_MESSAGE,
              passed: 0,
              total: tests.length,
              rows: [],
              entryStatus: 'invalid',
            },
        iso(),
      );
      if (recorded) boardChanged(entryRun.bountyId);
    }
  }

  /** After a bounty's submission deadline: each entrant's final entries get hidden runs, queued once. */
  async function queueHiddenRuns(): Promise<void> {
    for (const bountyId of await store.passedSetupIds()) {
      const bounty = await lifecycle.bounty(bountyId);
      if (!bounty || !['open', 'announced', 'closed'].includes(bounty.state)) continue;
      if (now() < Date.parse(bounty.submissionDeadline)) continue;
      const setup = await store.setup(bountyId);
      if (!setup || !(await store.claimHiddenRuns(bountyId, iso()))) continue;
      const entries = (await scored.entriesOfBounty(bountyId)).filter((entry) => entry.status === 'scored');
      const byAuthor = new Map<string, typeof entries>();
      for (const entry of entries)
        byAuthor.set(entry.authorId, [...(byAuthor.get(entry.authorId) ?? []), entry]);
      for (const own of byAuthor.values()) {
        // Chosen finals, else the best public ones (finalEntries, as the answer-key boards pick them).
        const finals = finalEntries(own, setup.finalEntries, (a, b) => a > b);
        for (const entry of finals) {
          const format = archiveFormatOf(entry.fileName, true);
          if (!entry.blobId || !format) continue;
          const canaryName = newCanaryName();
          const run = await runs.enqueue(
            {
              kind: 'hidden',
              runtime: setup.runtime,
              spec: runSpecJson(testRunSpec(setup, { blobId: entry.blobId, format }, 'hidden', canaryName)),
            },
            now(),
          );
          await store.addRun({
            runId: run.id,
            bountyId,
            entryId: entry.id,
            testSet: 'hidden',
            canaryName,
            createdAt: iso(),
          });
        }
      }
      log.info({ bountyId }, 'Hidden runs queued');
    }
  }

  /** Hidden runs of a bounty: how many are judged of how many (the reveal waits for all). */
  async function hiddenRuns(bountyId: string): Promise<{ done: number; total: number; queued: boolean }> {
    const all = (await store.runsOfBounty(bountyId)).filter((run) => run.testSet === 'hidden');
    return {
      done: all.filter((run) => run.judged).length,
      total: all.length,
      queued: (await store.hiddenQueuedAt(bountyId)) !== null,
    };
  }

  let processing: Promise<void> | null = null;

  return {
    setup: (bountyId: string) => store.setup(bountyId),

    /** Attaches (or replaces) a bounty's test setup; the caller checked the team and the state. */
    async attachSetup(bountyId: string, upload: MultipartUpload): Promise<{ ok: true } | Failure> {
      const stored = [...upload.files.values()].map((file) => file.blob.id);
      const refuse = async (failure: Failure) => {
        await deleteBlobs(stored);
        return failure;
      };
      if (upload.tooLarge) return refuse(fail(413, upload.tooLarge.message));
      const live = await runs.liveRunnerRuntimes(now());
      const checked = checkTestSetupValues(testSetupValuesOf(upload.fields), live);
      if (!checked.ok)
        return refuse(fail(422, 'The test setup has problems. Nothing was saved.', checked.problems));
      const problems: string[] = [];
      const files: Partial<
        Record<'publicTests' | 'hiddenTests' | 'dependencies' | 'reference', TestSetupFile>
      > = {};
      const labels = {
        publicTests: 'The public tests',
        hiddenTests: 'The hidden tests',
        dependencies: 'The dependencies',
        reference: 'The reference solution',
      } as const;
      for (const kind of ['publicTests', 'hiddenTests', 'dependencies', 'reference'] as const) {
        const file = upload.files.get(kind);
        if (!file) {
          if (kind !== 'dependencies')
            problems.push(`Choose ${labels[kind].toLowerCase()} (a ZIP or tar.gz).`);
          continue;
        }
        const format = archiveFormatOf(file.filename, false);
        if (!format) {
          problems.push(`${labels[kind]} must be a ZIP or tar.gz archive.`);
          continue;
        }
        // The reference is a solution: it may not hold the test folder or results either.
        const reserved = kind === 'reference' ? RUNTIME_RULES[checked.value.runtime].reservedPaths : [];
        problems.push(...(await listingProblems(file, format, reserved, labels[kind])));
        files[kind] = {
          blobId: file.blob.id,
          name: file.filename.slice(0, 200),
          size: file.blob.size,
          format,
        };
      }
      if (problems.length > 0 || !files.publicTests || !files.hiddenTests || !files.reference)
        return refuse(fail(422, 'The test setup has problems. Nothing was saved.', problems));
      const before = await store.setup(bountyId);
      const setupFiles = {
        publicTests: files.publicTests,
        hiddenTests: files.hiddenTests,
        reference: files.reference,
        ...(files.dependencies ? { dependencies: files.dependencies } : {}),
      };
      const base = { ...checked.value, files: setupFiles };
      const referenceRuns = await queueReferenceRuns(base);
      await store.saveSetup({ bountyId, ...base, referenceRuns }, iso());
      if (before) await deleteBlobs(Object.values(before.files).map((file) => file?.blobId));
      log.info({ bountyId }, 'Test setup attached; reference runs queued');
      return { ok: true };
    },

    /** Why the bounty may not open yet, by staff's approval or a verified team's publishing (its reference has not passed), or null. */
    async approvalProblem(bountyId: string): Promise<string | null> {
      const setup = await store.setup(bountyId);
      if (!setup || setup.referenceStatus === 'passed') return null;
      return setup.referenceStatus === 'waiting'
        ? 'The reference solution’s runs have not finished yet: the bounty can open once they pass.'
        : 'The reference solution failed its tests, so the test setup was refused: attach a new one before the bounty opens.';
    },

    /**
     * The team's part: the setup, the reference's progress, every run with its log. Before a setup is
     * attached, the live runtimes alone, so the draft's console can offer the form.
     */
    async teamPart(bountyId: string): Promise<TeamTestScoringData> {
      const setup = await store.setup(bountyId);
      if (!setup)
        return {
          setup: null,
          liveRuntimes: (await runs.liveRunnerRuntimes(now())) as TestRuntime[],
          runs: [],
          hiddenRuns: { done: 0, total: 0 },
          honestyNote: HONESTY_NOTE,
        };
      const entryRuns = await store.runsOfBounty(bountyId);
      const found = await runsById([
        ...setup.referenceRuns.map((ref) => ref.runId),
        ...entryRuns.map((run) => run.runId),
      ]);
      const entries = new Map((await scored.entriesOfBounty(bountyId)).map((entry) => [entry.id, entry]));
      const hidden = await hiddenRuns(bountyId);
      return {
        setup: {
          ...publicTestSetup(setup),
          files: Object.fromEntries(
            Object.entries(setup.files).map(([kind, file]) => [kind, { name: file.name, size: file.size }]),
          ),
          reference: referenceProgress(setup, found),
          publicTestCount: setup.publicTests.length,
          hiddenTestCount: setup.hiddenTests.length,
        },
        liveRuntimes: (await runs.liveRunnerRuntimes(now())) as TestRuntime[],
        runs: entryRuns.map((entryRun) => ({
          ...runView(entryRun, found.get(entryRun.runId), true),
          entryId: entryRun.entryId,
          submissionId: entries.get(entryRun.entryId)?.submissionId ?? '',
        })),
        hiddenRuns: { done: hidden.done, total: hidden.total },
        honestyNote: HONESTY_NOTE,
      };
    },

    /** The entrant's part: the public setup and each own entry's public run (never a hidden one). */
    async entrantPart(setup: TestSetup, entryIds: readonly string[]): Promise<EntrantTestData> {
      const own = new Set(entryIds);
      const entryRuns = (await store.runsOfBounty(setup.bountyId)).filter(
        (run) => run.testSet === 'public' && own.has(run.entryId),
      );
      const found = await runsById(entryRuns.map((run) => run.runId));
      const publicRuns: Record<string, TestRunView> = {};
      for (const entryRun of entryRuns) {
        const scoredNothing = entryRun.judged && entryRun.verdict !== 'scored';
        publicRuns[entryRun.entryId] = runView(entryRun, found.get(entryRun.runId), scoredNothing);
      }
      return { setup: publicTestSetup(setup), publicRuns };
    },

    /**
     * Takes an entrant's archive: checked at upload (refused with its problems, not counted), stored,
     * its public run queued with a fresh canary. The caller checked the bounty, the submission and the
     * deadline.
     */
    async addEntry(
      setup: TestSetup,
      person: Person,
      submissionId: string,
      upload: MultipartUpload,
    ): Promise<{ ok: true; id: string } | Failure> {
      const stored = [...upload.files.values()].map((file) => file.blob.id);
      const refuse = async (failure: Failure) => {
        await deleteBlobs(stored);
        return failure;
      };
      if (upload.tooLarge) return refuse(fail(413, upload.tooLarge.message));
      if (setup.referenceStatus !== 'passed')
        return refuse(fail(409, 'This bounty’s tests are not ready yet.'));
      const file = upload.files.get('entry');
      if (!file) return refuse(fail(422, 'Choose your entry: a ZIP, tar.gz or git bundle of your solution.'));
      const format = archiveFormatOf(file.filename, true);
      if (!format) return refuse(fail(422, 'The entry must be a ZIP, tar.gz or git bundle.'));
      const problems = await listingProblems(
        file,
        format,
        RUNTIME_RULES[setup.runtime].reservedPaths,
        'Your entry',
      );
      if (problems.length > 0)
        return refuse(fail(422, 'Your entry was refused; it does not count against the day.', problems));
      const added = await addEntryWithinDay(
        scored,
        { bountyId: setup.bountyId, submissionId, authorId: person.id, file },
        setup.dailyEntries,
        now(),
        async () =>
          (await runs.depth(now())).waiting >= PUBLIC_RUNS_WAITING_LIMIT
            ? fail(503, QUEUE_FULL_MESSAGE, [], 30)
            : null,
      );
      if (!added.ok) return refuse(added);
      const { entry } = added;
      const canaryName = newCanaryName();
      const spec = runSpecJson(testRunSpec(setup, { blobId: file.blob.id, format }, 'public', canaryName));
      let run: Run;
      try {
        run = await runs.enqueue({ kind: 'public', runtime: setup.runtime, spec }, now(), {
          maxWaiting: PUBLIC_RUNS_WAITING_LIMIT,
        });
      } catch (error) {
        if (!(error instanceof RunQueueFullError)) throw error;
        // Another upload filled the queue in between: the entry stays, invalid, off the day's count.
        await store.invalidateEntry(entry.id, [QUEUE_FULL_MESSAGE], iso());
        return fail(503, QUEUE_FULL_MESSAGE, [], error.retryAfterSeconds);
      }
      await store.addRun({
        runId: run.id,
        bountyId: setup.bountyId,
        entryId: entry.id,
        testSet: 'public',
        canaryName,
        createdAt: iso(),
      });
      await store.setFingerprint(entry.id, await sha256Of(blobs, file.blob.id));
      await keepSourceSignature(entry, file.blob.id, format);
      return { ok: true, id: entry.id };
    },

    /** A setup file: public tests to any signed-in person once public (the team before); the rest the team's. */
    async download(setup: TestSetup, kind: string, onTeam: boolean, bountyPublic: boolean) {
      if (!['publicTests', 'hiddenTests', 'dependencies', 'reference'].includes(kind)) return null;
      if (kind !== 'publicTests' && !onTeam) return null;
      if (!onTeam && !bountyPublic) return null;
      const file = setup.files[kind as keyof TestSetup['files']];
      if (!file) return null;
      const found = await blobs.get(file.blobId);
      return found ? { stream: found.stream, size: found.info.size, name: file.name } : null;
    },

    hiddenRuns,

    /** A bounty's entries' source signatures, by entry id, for the review's copy flags. */
    async sourceSignatures(bountyId: string): Promise<Map<string, Uint32Array>> {
      const encoded = await store.sourceSignatures(bountyId);
      return new Map([...encoded].map(([entryId, signature]) => [entryId, decodeSignature(signature)]));
    },

    /** One pass of the processor: reference checks, judging, hidden runs due; one at a time per process. */
    process(): Promise<void> {
      processing ??= (async () => {
        await checkReferences();
        await queueHiddenRuns();
        await judgeFinished();
      })()
        .catch((error: unknown) => log.error({ err: error }, 'Processing test runs failed'))
        .finally(() => {
          processing = null;
        });
      return processing;
    },

    /** Runs the processor every `everyMs` until the returned stop is called. */
    start(everyMs = 2_000) {
      const timer = setInterval(() => void this.process(), everyMs);
      timer.unref();
      return async () => {
        clearInterval(timer);
        await processing;
      };
    },
  };
}

async function sha256Of(blobs: BlobStore, blobId: string): Promise<string> {
  const found = await blobs.get(blobId);
  const hash = createHash('sha256');
  if (found) for await (const chunk of found.stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export type TestScoredBounties = ReturnType<typeof createTestScoredBounties>;
