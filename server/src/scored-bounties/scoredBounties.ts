import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { organisationMay, type OrganisationRole } from '@side-quest/data/account';
import {
  SETUP_LIMITS,
  entriesKey,
  teamScoringKey,
  type EntriesPageData,
  type OwnEntryView,
  type SetupValues,
  type TeamScoringData,
} from '@side-quest/data/lifecycle';
import type { BlobStore } from '../blobs';
import type { MultipartUpload, StreamedFile, UploadField } from '../http/multipartForm';
import type { Person } from '../accounts/accounts';
import type { Organisations } from '../organisations/organisations';
import {
  decodeAnswerKey,
  describeProblem,
  isBetter,
  isMetricName,
  isRankMetric,
  METRICS,
  MAX_PROBLEMS,
  newSplitSecret,
  onlyCsvOf,
  openZip,
  ScoringJobError,
  ZipProblem,
  type MetricName,
  type ScoringPool,
  type StoredKey,
  type ZipArchive,
} from '../scoring';
import type { HostedBountyRecord, LifecycleStore } from '../lifecycle/lifecycleStore';
import {
  addEntryWithinDay,
  checkEntryRules,
  entryRuleValuesOf,
  formFailure,
  type FormFailure,
} from './entryLimits';
import { finalBoardOrder } from './finalBoard';
import { submissionReviews } from './scoredReview';
import { staffTestPart, type TestScoredBounties } from './testScoredBounties';
import { TESTS_PASSED_METRIC, TEST_SETUP_LIMITS } from '@side-quest/data/lifecycle';
import {
  finalEntries,
  publicSetup,
  utcDay,
  type ScoredEntry,
  type ScoredStore,
  type ScoringFile,
  type ScoringFileKind,
  type ScoringFiles,
  type ScoringSetup,
} from './scoredStore';

/*
 * Scored bounties (issue 45 items 2-4), as the lifecycle has them: a team attaches a scoring setup to a
 * bounty it has not yet had approved or published; entrants with a submission upload entries until the
 * submission deadline; entries are scored off the request path by the scoring pool, each claimed in the
 * database first so that one instance scores it once. Nothing here puts the split secret, the key's
 * blobs, the key's values or a private score in what an entrant's page or a log line gets.
 */

const MB = 1024 * 1024;

/** The upload fields of the setup form: the key (checked at upload) and the files for entrants. */
export const SETUP_UPLOADS: Record<'key' | ScoringFileKind, UploadField> = {
  key: { maxBytes: 20 * MB, contentType: 'text/csv', label: 'The answer key' },
  inputs: { maxBytes: 50 * MB, contentType: 'application/octet-stream', label: 'The inputs file' },
  training: { maxBytes: 50 * MB, contentType: 'application/octet-stream', label: 'The training data' },
  sample: { maxBytes: 50 * MB, contentType: 'application/octet-stream', label: 'The sample entry' },
  baseline: { maxBytes: 20 * MB, contentType: 'text/csv', label: 'The baseline' },
};

/** The states in which a team may still attach or replace a setup: before approval or publication. */
const SETUP_OPEN_STATES = new Set(['draft', 'pending', 'rejected']);
/** The states in which a bounty and its entrants' files are visible to signed-in people. */
const PUBLIC_STATES = new Set(['open', 'announced', 'closed']);

/** Entries waiting to be scored, site-wide, beyond which an upload is refused with 503 (the pool's queue). */
export const WAITING_LIMIT = 20;
/** A claim older than this belongs to an instance that stopped mid-job: another may take it over. */
const STALE_CLAIM_MS = 2 * 60 * 1000;
const RETRY_AFTER_SECONDS = 30;

/** What a failed form gets back: its status, a message, the problems (with lines), what was typed. */
export type { FormFailure };
type Result<T> = { ok: true; value: T } | FormFailure;

const fail = formFailure;
const NOT_FOUND = fail(404, 'Not found');

/** A person's entries as their entries page lists them, their final entries (by `better`) marked. */
function ownEntryViews(
  entries: readonly ScoredEntry[],
  finalCount: number,
  better: (a: number, b: number) => boolean,
): OwnEntryView[] {
  const finals = new Set(finalEntries(entries, finalCount, better).map((entry) => entry.id));
  return entries.map((entry) => ({
    id: entry.id,
    fileName: entry.fileName,
    status: entry.status,
    publicScore: entry.publicScore,
    problems: entry.problems,
    final: finals.has(entry.id),
    createdAt: entry.createdAt,
    scoredAt: entry.scoredAt,
  }));
}

export function setupValuesOf(fields: URLSearchParams): SetupValues {
  return {
    metric: fields.get('metric') ?? '',
    publicShare: fields.get('publicShare') ?? String(SETUP_LIMITS.publicShare.default),
    ...entryRuleValuesOf(fields),
  };
}

function wholeIn(text: string, { min, max }: { min: number; max: number }): number | null {
  const value = text.trim().replace(/\s*%$/, '');
  if (!/^\d{1,3}$/.test(value)) return null;
  const number = Number(value);
  return number >= min && number <= max ? number : null;
}

/** The typed fields checked; problems as sentences, none when valid. */
export function checkSetupValues(values: SetupValues): Result<{
  metric: MetricName;
  publicShare: number;
  dailyEntries: number;
  finalEntries: number;
  licence: string;
}> {
  const problems: string[] = [];
  const metric = values.metric;
  if (!isMetricName(metric)) problems.push('Choose a metric from the list.');
  const publicShare = wholeIn(values.publicShare, SETUP_LIMITS.publicShare);
  if (publicShare === null) problems.push('Enter a public share between 10 and 90 per cent.');
  const {
    dailyEntries,
    finalEntries: finalEntriesCount,
    licence,
  } = checkEntryRules(values, 'the data', problems);
  if (problems.length > 0) return fail(422, 'The scoring setup has problems. Nothing was saved.', problems);
  return {
    ok: true,
    value: {
      metric: metric as MetricName,
      publicShare: publicShare as number,
      dailyEntries: dailyEntries as number,
      finalEntries: finalEntriesCount as number,
      licence,
    },
  };
}

const isCsvOrZip = (name: string) => /\.(csv|zip)$/i.test(name);
const isZip = (name: string) => /\.zip$/i.test(name);

/** How a setup file's problems are prefixed in the form's list, and its sentence subject. */
const SETUP_FILE_NAMES = {
  inputs: { prefix: 'Inputs', label: SETUP_UPLOADS.inputs.label },
  training: { prefix: 'Training data', label: SETUP_UPLOADS.training.label },
  sample: { prefix: 'Sample entry', label: SETUP_UPLOADS.sample.label },
} as const;
type ZippableKind = keyof typeof SETUP_FILE_NAMES;

/** A ZIP the server will not read (damaged, a bomb, a path trick, not one CSV): 400, nothing saved. */
function badArchive(kind: ZippableKind, problem: string): FormFailure {
  const { prefix, label } = SETUP_FILE_NAMES[kind];
  return fail(400, `${label} is not a ZIP file the server accepts. Nothing was saved.`, [
    `${prefix}: ${problem}`,
  ]);
}

/** The ids of a CSV's `id` column (header in any case), or problems; at most MAX_PROBLEMS of them. */
async function idsOfCsv(source: Readable): Promise<{ ids: string[]; problems: string[] }> {
  const parser = source.pipe(
    parse({ bom: true, relax_column_count: true, skip_empty_lines: true, trim: true }),
  );
  const ids: string[] = [];
  const problems: string[] = [];
  let column = -1;
  let line = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      line += 1;
      if (column === -1) {
        column = record.findIndex((name) => name.toLowerCase() === 'id');
        if (column === -1) {
          problems.push('Line 1: the header has no id column.');
          break;
        }
        continue;
      }
      const id = record[column] ?? '';
      if (!id) problems.push(`Line ${line}: the id is empty.`);
      else ids.push(id);
      if (problems.length >= MAX_PROBLEMS) break;
    }
  } catch {
    problems.push(`Line ${line + 1}: this is not a CSV file the server can read.`);
  } finally {
    source.destroy();
  }
  return { ids, problems };
}

/** Problems when the inputs' ids are not exactly the key's: missing, extra, repeated (first 20). */
function compareIds(inputIds: readonly string[], keyIds: readonly string[]): string[] {
  const problems: string[] = [];
  const key = new Set(keyIds);
  const seen = new Set<string>();
  inputIds.forEach((id, index) => {
    if (problems.length >= MAX_PROBLEMS) return;
    // Line numbers count the header as line 1 (blank lines aside).
    if (seen.has(id)) problems.push(`Line ${index + 2}: the id ${JSON.stringify(id)} appears twice.`);
    else if (!key.has(id))
      problems.push(`Line ${index + 2}: the id ${JSON.stringify(id)} is not in the answer key.`);
    seen.add(id);
  });
  let missing = 0;
  for (const id of keyIds) if (!seen.has(id)) missing += 1;
  if (missing > 0 && problems.length < MAX_PROBLEMS)
    problems.push(`${missing.toLocaleString('en-US')} of the answer key's ids are missing from the inputs.`);
  return problems;
}

export function createScoredBounties(options: {
  store: ScoredStore;
  lifecycle: LifecycleStore;
  blobs: BlobStore;
  pool: ScoringPool;
  organisations: Pick<Organisations, 'sponsorBySlug' | 'roleIn'>;
  now?: () => number;
  log?: { error(details: object, message: string): void; info(details: object, message: string): void };
  /** Told of each bounty whose entries changed (a score, finals chosen): its cached board is dropped. */
  onBoardChange?: (bountyId: string) => void;
  /** Test-scored bounties (testScoredBounties.ts): the second kind of scoring, where no answer key is set. */
  tests?: TestScoredBounties;
}) {
  const tests = options.tests;
  const testSetupOf = async (bountyId: string) => (tests ? tests.setup(bountyId) : null);
  const { store, lifecycle, blobs, pool, organisations } = options;
  const boardChanged = (bountyId: string) => options.onBoardChange?.(bountyId);
  const now = options.now ?? Date.now;
  const iso = () => new Date(now()).toISOString();
  const log = options.log ?? { error: () => undefined, info: () => undefined };

  async function deleteBlobs(ids: Iterable<string | null | undefined>) {
    for (const id of ids) if (id) await blobs.delete(id).catch(() => false);
  }
  const uploadedIds = (upload: MultipartUpload) => [...upload.files.values()].map((file) => file.blob.id);

  /** The bounty in the path, when it is this organisation's and the person one of its members. */
  async function teamBounty(
    person: Person,
    slug: string,
    id: string,
  ): Promise<{ bounty: HostedBountyRecord; role: OrganisationRole } | null> {
    const sponsor = await organisations.sponsorBySlug(slug);
    if (!sponsor) return null;
    const role = await organisations.roleIn(person.id, sponsor.id);
    const bounty = role ? await lifecycle.bounty(id) : null;
    if (!role || !bounty || bounty.organisationId !== sponsor.id) return null;
    return { bounty, role };
  }

  async function readBlob(id: string): Promise<Buffer | null> {
    const found = await blobs.get(id);
    if (!found) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of found.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  // The last two checked keys read from the blob store, by digest (the pool's workers keep theirs too).
  const keyCache = new Map<string, Buffer>();
  async function keyBytes(setup: ScoringSetup): Promise<Buffer | null> {
    const cached = keyCache.get(setup.keyDigest);
    if (cached) return cached;
    const bytes = await readBlob(setup.checkedKeyBlobId);
    if (!bytes) return null;
    keyCache.set(setup.keyDigest, bytes);
    while (keyCache.size > 2) keyCache.delete(keyCache.keys().next().value as string);
    return bytes;
  }

  const isOpenForEntries = (bounty: HostedBountyRecord) =>
    bounty.state === 'open' && now() < Date.parse(bounty.submissionDeadline);

  async function ownEntries(
    bountyId: string,
    personId: string,
    setup: ScoringSetup,
  ): Promise<OwnEntryView[]> {
    const metric = setup.metric as MetricName;
    return ownEntryViews(await store.entriesOf(bountyId, personId), setup.finalEntries, (a, b) =>
      isBetter(metric, a, b),
    );
  }

  /**
   * Scores a setup file (the baseline, the sample entry) as an entry against its key, checked a moment
   * before, through the pool: a file that is not a valid entry is a problem of the form, by line.
   */
  async function scoreAsEntry(
    source: Readable,
    key: StoredKey,
    what: { prefix: string; label: string },
  ): Promise<Result<{ public: number; private: number }>> {
    try {
      const result = await pool.scoreEntry(key, source).finally(() => source.destroy());
      if (!result.ok)
        return fail(
          422,
          `${what.label} has problems. Nothing was saved.`,
          result.problems.map((problem) => `${what.prefix}: ${describeProblem(problem)}`),
        );
      return { ok: true, value: { public: result.scores.public, private: result.scores.private } };
    } catch (error) {
      source.destroy();
      if (error instanceof ScoringJobError && error.reason === 'queue-full')
        return fail(
          503,
          'The server is busy checking files. Try again in a minute.',
          [],
          error.retryAfterSeconds,
        );
      return fail(
        422,
        `${what.label} could not be scored as an entry. Is it a CSV of id and prediction for this key?`,
      );
    }
  }

  /**
   * Runs `read` over a setup file's CSV: the file itself, or the one CSV its ZIP holds (opened from a
   * temporary copy, never whole in memory). A ZIP that is damaged, a bomb, climbs out of its folder or
   * holds anything but one CSV is refused (400).
   */
  async function readSetupCsv<T>(
    file: StreamedFile,
    kind: ZippableKind,
    read: (csv: Readable) => Promise<Result<T>>,
  ): Promise<Result<T>> {
    const found = await blobs.get(file.blob.id);
    if (!found) return fail(422, `${SETUP_FILE_NAMES[kind].label} could not be read. Choose it again.`);
    if (!isZip(file.filename)) return read(found.stream).finally(() => found.stream.destroy());
    let archive: ZipArchive | null = null;
    try {
      archive = await openZip(found.stream);
      const only = onlyCsvOf(archive.files);
      if ('problem' in only) return badArchive(kind, only.problem);
      const csv = await archive.open(only.name);
      return await read(csv).finally(() => csv.destroy());
    } catch (error) {
      if (error instanceof ZipProblem) return badArchive(kind, error.message);
      throw error;
    } finally {
      found.stream.destroy();
      await archive?.close();
    }
  }

  /** Training data as ZIP: every member read through once (sizes checked), so entrants get a usable archive. */
  async function checkTrainingZip(file: StreamedFile): Promise<FormFailure | null> {
    const found = await blobs.get(file.blob.id);
    if (!found) return fail(422, 'The training data could not be read. Choose it again.');
    let archive: ZipArchive | null = null;
    try {
      archive = await openZip(found.stream);
      await archive.readAll();
      return null;
    } catch (error) {
      if (error instanceof ZipProblem) return badArchive('training', error.message);
      throw error;
    } finally {
      found.stream.destroy();
      await archive?.close();
    }
  }

  /** The review data of a bounty: for its team (`role`) or staff (null: nothing to change). */
  async function reviewData(
    bounty: HostedBountyRecord,
    role: OrganisationRole | null,
  ): Promise<TeamScoringData> {
    const id = bounty.id;
    const setup = await store.setup(id);
    const teamTestPart = setup ? null : await tests?.teamPart(id);
    // Staff (no role) read scores and verdicts; the hidden tests and runs' output are the team's alone.
    const testPart = teamTestPart && role === null ? staffTestPart(teamTestPart) : teamTestPart;
    const [entries, submissions] = await Promise.all([
      setup || testPart ? store.entriesOfBounty(id) : [],
      lifecycle.submissionsTo(id),
    ]);
    // What the final board and the review rank by: the answer key's metric, or tests passed.
    const testSetup = testPart?.setup ? await tests?.setup(id) : null;
    const rankedBy = setup
      ? { metric: setup.metric, finalEntries: setup.finalEntries }
      : testSetup
        ? { metric: TESTS_PASSED_METRIC.name, finalEntries: testSetup.finalEntries }
        : null;
    return {
      bountyId: id,
      state: bounty.state,
      editable: SETUP_OPEN_STATES.has(bounty.state),
      mayEdit: role !== null && organisationMay(role, 'draft'),
      setup: setup ? { ...publicSetup(setup), keyName: setup.key.name, keySize: setup.key.size } : null,
      entries: entries.map((entry) => ({
        id: entry.id,
        submissionId: entry.submissionId,
        authorId: entry.authorId,
        fileName: entry.fileName,
        status: entry.status,
        publicScore: entry.publicScore,
        privateScore: entry.privateScore,
        createdAt: entry.createdAt,
      })),
      keyPublishedAt: setup ? await store.keyPublishedAt(id) : null,
      mayPublishKey:
        setup !== null &&
        role !== null &&
        organisationMay(role, 'award') &&
        PUBLIC_STATES.has(bounty.state) &&
        now() >= Date.parse(bounty.submissionDeadline),
      // The final board's order, for the announce form: whose win needs a public reason.
      finalBoard: rankedBy
        ? finalBoardOrder({
            metric: rankedBy.metric,
            finalCount: rankedBy.finalEntries,
            entries,
            submissions,
          }).flatMap((authorId) => submissions.find((entry) => entry.authorId === authorId)?.id ?? [])
        : null,
      // Scores and copy flags for each submission (write-ups are compared on any bounty).
      reviews: submissionReviews({
        metric: rankedBy && isRankMetric(rankedBy.metric) ? rankedBy.metric : null,
        finalCount: rankedBy?.finalEntries ?? 1,
        entries,
        submissions: submissions.filter((submission) => submission.state !== 'withdrawn'),
        sourceSignatures: testPart && tests ? await tests.sourceSignatures(id) : undefined,
      }),
      ...(testPart ? { tests: testPart } : {}),
    };
  }

  /**
   * What an entries page of either kind of scoring says of the bounty and the person's day: the
   * deadline, whether they have a submission, entries sent today of `dailyEntries`, whether any waits.
   */
  async function entrantDay(
    bounty: HostedBountyRecord,
    personId: string,
    dailyEntries: number,
    entries: ReadonlyArray<{ status: string }>,
  ) {
    const submission = await lifecycle.submissionOf(bounty.id, personId);
    const day = utcDay(new Date(now()));
    const used = (await store.countedEntries(bounty.id, personId, day.start, day.next)).length;
    return {
      bountyId: bounty.id,
      title: bounty.title,
      submissionDeadline: bounty.submissionDeadline,
      open: isOpenForEntries(bounty),
      hasSubmission: submission?.state === 'submitted',
      usedToday: used,
      nextEntryAt: used >= dailyEntries ? day.next : null,
      waiting: entries.some((entry) => entry.status === 'queued'),
    };
  }

  /** A test-scored bounty's entries page: public runs with per-test results, never a hidden run. */
  async function testEntriesPage(
    person: Person,
    bountyId: string,
    testSetup: NonNullable<Awaited<ReturnType<typeof testSetupOf>>>,
  ): Promise<EntriesPageData | null> {
    const bounty = await lifecycle.bounty(bountyId);
    if (!bounty || !tests || !PUBLIC_STATES.has(bounty.state)) return null;
    const entries = await store.entriesOf(bountyId, person.id);
    const testData = await tests.entrantPart(
      testSetup,
      entries.map((entry) => entry.id),
    );
    return {
      ...(await entrantDay(bounty, person.id, testSetup.dailyEntries, entries)),
      setup: {
        metric: TESTS_PASSED_METRIC.name,
        publicShare: 0,
        dailyEntries: testSetup.dailyEntries,
        finalEntries: testSetup.finalEntries,
        keyRows: 0,
        files: {},
        licence: testSetup.licence,
        direction: 'higher',
        metricName: TESTS_PASSED_METRIC.name,
      },
      keyPublished: false,
      // Tests passed: more is better.
      entries: ownEntryViews(entries, testSetup.finalEntries, (a, b) => a > b),
      tests: testData,
    };
  }

  let scoringRun: Promise<void> | null = null;
  let stopped = false;

  /** Scores what waits, one claimed entry at a time, until nothing does or the pool is full. */
  async function scoreWaiting(): Promise<void> {
    while (!stopped) {
      const token = randomUUID();
      const entry = await store.claimWaiting(token, iso(), new Date(now() - STALE_CLAIM_MS).toISOString());
      if (!entry) return;
      const setup = await store.setup(entry.bountyId);
      const key = setup ? await keyBytes(setup) : null;
      const file = entry.blobId ? await blobs.get(entry.blobId) : null;
      if (!setup || !key || !file) {
        file?.stream.destroy();
        await store.recordInvalid(entry.id, token, ['The file could not be read. Send it again.'], iso());
        await deleteBlobs([entry.blobId]);
        continue;
      }
      try {
        // A file with problems is not read to its end: its stream (an open file) is closed here.
        const result = await pool
          .scoreEntry({ digest: setup.keyDigest, bytes: key }, file.stream)
          .finally(() => file.stream.destroy());
        if (result.ok) {
          await store.recordScores(
            entry.id,
            token,
            { public: result.scores.public, private: result.scores.private, fingerprint: result.fingerprint },
            iso(),
          );
          boardChanged(entry.bountyId);
        } else {
          // A wrong file is not kept and does not count against the day's limit.
          await store.recordInvalid(entry.id, token, result.problems.map(describeProblem), iso());
          await deleteBlobs([entry.blobId]);
        }
      } catch (error) {
        file.stream.destroy();
        if (
          error instanceof ScoringJobError &&
          (error.reason === 'queue-full' || error.reason === 'closed')
        ) {
          await store.releaseClaim(entry.id, token);
          return;
        }
        const reason = error instanceof ScoringJobError ? error.reason : 'failed';
        const message =
          reason === 'timeout'
            ? 'Scoring the file took too long. Check it against the sample entry and send it again.'
            : reason === 'out-of-memory'
              ? 'The file needs more memory to score than the server allows. Check it against the sample entry.'
              : 'The file could not be scored. Check it against the sample entry and send it again.';
        await store.recordInvalid(entry.id, token, [message], iso());
        await deleteBlobs([entry.blobId]);
        log.error({ entryId: entry.id, reason }, 'Scoring an entry failed');
      }
    }
  }

  /** Starts scoring what waits, unless a run is under way in this process (it picks new entries up). */
  function kick(): Promise<void> {
    if (!scoringRun)
      scoringRun = scoreWaiting()
        .catch((error: unknown) => log.error({ err: error }, 'Scoring waiting entries failed'))
        .finally(() => {
          scoringRun = null;
        });
    return scoringRun;
  }

  return {
    teamBounty,

    /**
     * Attaches (or replaces) a bounty's scoring setup from an upload form whose files are already in the
     * blob store: every file is deleted again unless the setup is saved.
     */
    async attachSetup(
      person: Person,
      slug: string,
      id: string,
      upload: MultipartUpload,
    ): Promise<Result<void>> {
      const stored = uploadedIds(upload);
      const refuse = async (failure: FormFailure) => {
        await deleteBlobs(stored);
        return failure;
      };
      const found = await teamBounty(person, slug, id);
      if (!found || !organisationMay(found.role, 'draft')) return refuse(NOT_FOUND);
      if (!SETUP_OPEN_STATES.has(found.bounty.state))
        return refuse(
          fail(409, 'The scoring setup is frozen once staff approve the bounty or it is published.'),
        );
      // One kind of scoring a bounty: its entries, limits and boards are that kind's.
      if (await tests?.setup(id))
        return refuse(fail(409, 'This bounty is scored by its tests; an answer key cannot be added to it.'));
      if (upload.tooLarge) return refuse(fail(413, upload.tooLarge.message));
      const checked = checkSetupValues(setupValuesOf(upload.fields));
      if (!checked.ok) return refuse(checked);
      const { metric, publicShare, dailyEntries, finalEntries: finals, licence } = checked.value;

      const key = upload.files.get('key');
      const inputs = upload.files.get('inputs');
      const problems: string[] = [];
      if (!key) problems.push('Choose the answer key (a CSV of id and target).');
      else if (!/\.csv$/i.test(key.filename)) problems.push('The answer key must be a CSV file.');
      if (!inputs) problems.push('Choose the inputs file for entrants (a CSV with an id column).');
      for (const kind of ['inputs', 'training', 'sample'] as const) {
        const file = upload.files.get(kind);
        if (file && !isCsvOrZip(file.filename))
          problems.push(`${SETUP_UPLOADS[kind].label} must be a CSV or ZIP file.`);
      }
      const baseline = upload.files.get('baseline');
      if (baseline && !/\.csv$/i.test(baseline.filename)) problems.push('The baseline must be a CSV file.');
      if (problems.length > 0 || !key || !inputs)
        return refuse(fail(422, 'The scoring setup has problems. Nothing was saved.', problems));
      const training = upload.files.get('training');
      if (training && isZip(training.filename)) {
        const trainingProblem = await checkTrainingZip(training);
        if (trainingProblem) return refuse(trainingProblem);
      }

      // The split secret stays the bounty's: kept from an earlier setup, made once otherwise.
      const before = await store.setup(id);
      const splitSecret = before?.splitSecret ?? newSplitSecret();
      const keyFile = await blobs.get(key.blob.id);
      if (!keyFile) return refuse(fail(422, 'The answer key could not be read. Choose it again.'));
      let keyCheck;
      try {
        keyCheck = await pool
          .checkKey(keyFile.stream, {
            metric,
            secret: splitSecret,
            publicShare: publicShare / 100,
          })
          .finally(() => keyFile.stream.destroy());
      } catch (error) {
        keyFile.stream.destroy();
        if (error instanceof ScoringJobError && error.reason === 'queue-full')
          return refuse(
            fail(
              503,
              'The server is busy checking files. Try again in a minute.',
              [],
              error.retryAfterSeconds,
            ),
          );
        return refuse(fail(422, 'The answer key could not be checked. Is it a CSV of id and target?'));
      }
      if (!keyCheck.ok)
        return refuse(
          fail(
            422,
            'The answer key has problems. Nothing was saved.',
            keyCheck.problems.map((problem) => `Answer key: ${describeProblem(problem)}`),
          ),
        );
      const storedKey: StoredKey = { digest: keyCheck.key.digest, bytes: keyCheck.key.bytes };
      const keyIds = decodeAnswerKey(keyCheck.key.bytes).ids;
      // The inputs (a CSV, or a ZIP of one CSV) hold exactly the key's ids.
      const inputsChecked = await readSetupCsv(inputs, 'inputs', async (csv) => {
        const read = await idsOfCsv(csv);
        const idProblems = read.problems.length > 0 ? read.problems : compareIds(read.ids, keyIds);
        return idProblems.length === 0
          ? { ok: true as const, value: undefined }
          : fail(
              422,
              "The inputs file's ids must be exactly the answer key's. Nothing was saved.",
              idProblems.map((problem) => `Inputs: ${problem}`),
            );
      });
      if (!inputsChecked.ok) return refuse(inputsChecked);

      // The sample entry must be a valid entry for this key: entrants copy its shape.
      const sample = upload.files.get('sample');
      if (sample) {
        const sampleChecked = await readSetupCsv(sample, 'sample', (csv) =>
          scoreAsEntry(csv, storedKey, SETUP_FILE_NAMES.sample),
        );
        if (!sampleChecked.ok) return refuse(sampleChecked);
      }

      // The baseline is scored like an entry, now: a file that is not one is a problem of the form.
      let baselineScores: { public: number; private: number } | null = null;
      if (baseline) {
        const baselineFile = await blobs.get(baseline.blob.id);
        if (!baselineFile) return refuse(fail(422, 'The baseline could not be read. Choose it again.'));
        const scored = await scoreAsEntry(baselineFile.stream, storedKey, {
          prefix: 'Baseline',
          label: 'The baseline',
        });
        if (!scored.ok) return refuse(scored);
        baselineScores = scored.value;
      }

      const checkedKey = await blobs.put(Readable.from([Buffer.from(keyCheck.key.bytes)]), {
        contentType: 'application/octet-stream',
        maxBytes: 200 * MB,
      });
      const fileOf = (file: StreamedFile): ScoringFile => ({
        blobId: file.blob.id,
        name: file.filename.slice(0, 200),
        size: file.blob.size,
      });
      const files: ScoringFiles = { inputs: fileOf(inputs) };
      for (const kind of ['training', 'sample', 'baseline'] as const) {
        const file = upload.files.get(kind);
        if (file) files[kind] = fileOf(file);
      }
      await store.saveSetup(
        {
          bountyId: id,
          metric,
          publicShare,
          dailyEntries,
          finalEntries: finals,
          splitSecret,
          key: { ...fileOf(key), rows: decodeAnswerKey(keyCheck.key.bytes).ids.length },
          checkedKeyBlobId: checkedKey.id,
          keyDigest: keyCheck.key.digest,
          files,
          licence,
        },
        iso(),
      );
      await store.saveBaseline(id, baselineScores, iso());
      boardChanged(id);
      if (before)
        await deleteBlobs([
          before.key.blobId,
          before.checkedKeyBlobId,
          ...Object.values(before.files).map((file) => file?.blobId),
        ]);
      log.info({ bountyId: id }, 'Scoring setup attached');
      return { ok: true, value: undefined };
    },

    /** Attaches (or replaces) a test-scored setup, as an answer key is attached: the team, before approval. */
    async attachTestSetup(
      person: Person,
      slug: string,
      id: string,
      upload: MultipartUpload,
    ): Promise<Result<void>> {
      const found = await teamBounty(person, slug, id);
      const editable = found && organisationMay(found.role, 'draft') && tests;
      const refusal = !editable
        ? NOT_FOUND
        : !SETUP_OPEN_STATES.has(found.bounty.state)
          ? fail(409, 'The scoring setup is frozen once staff approve the bounty or it is published.')
          : (await store.setup(id))
            ? fail(409, 'This bounty is scored by an answer key; a test setup cannot be added to it.')
            : null;
      if (refusal || !tests) {
        await deleteBlobs(uploadedIds(upload));
        return refusal ?? NOT_FOUND;
      }
      const attached = await tests.attachSetup(id, upload);
      if (!attached.ok) return attached;
      boardChanged(id);
      return { ok: true, value: undefined };
    },

    /**
     * Publishes the bounty's answer key (owners and admins), once its submission deadline has passed
     * and the private board is revealed; before, 409. Null: not theirs to publish (404).
     */
    async publishKey(person: Person, slug: string, id: string): Promise<Result<void>> {
      const found = await teamBounty(person, slug, id);
      const setup = found ? await store.setup(id) : null;
      if (!found || !setup || !organisationMay(found.role, 'award')) return NOT_FOUND;
      if (!PUBLIC_STATES.has(found.bounty.state) || now() < Date.parse(found.bounty.submissionDeadline))
        return fail(409, 'The answer key can be published once the submission deadline has passed.');
      await store.publishKey(id, iso());
      // The board links to a published key: its cached copy goes.
      boardChanged(id);
      log.info({ bountyId: id }, 'Answer key published');
      return { ok: true, value: undefined };
    },

    /** The team's view: the setup without secret or blobs, and every entry with both scores. */
    async teamData(person: Person, slug: string, id: string): Promise<TeamScoringData | null> {
      const found = await teamBounty(person, slug, id);
      return found ? reviewData(found.bounty, found.role) : null;
    },

    /**
     * The same review data for Side Quest staff (as they see payment cases): scores, private ones
     * included, and copy flags of a scored bounty; nothing to change. Null for anyone else, or a bounty
     * that is not scored.
     */
    async staffData(person: Person, id: string): Promise<TeamScoringData | null> {
      if (person.role !== 'staff') return null;
      const [bounty, setup, testSetup] = await Promise.all([
        lifecycle.bounty(id),
        store.setup(id),
        testSetupOf(id),
      ]);
      return bounty && (setup || testSetup) ? reviewData(bounty, null) : null;
    },
    /**
     * A file of a bounty's setup for download: the entrants' files to any signed-in person once the
     * bounty is public (to its team before); the answer key to its team only. Null otherwise.
     */
    async download(person: Person, bountyId: string, kind: string) {
      const testSetup = await testSetupOf(bountyId);
      if (testSetup && tests) {
        const bounty = await lifecycle.bounty(bountyId);
        if (!bounty) return null;
        const onTeam = (await organisations.roleIn(person.id, bounty.organisationId)) !== null;
        return tests.download(testSetup, kind, onTeam, PUBLIC_STATES.has(bounty.state));
      }
      if (
        kind !== 'key' &&
        !(['inputs', 'training', 'sample', 'baseline'] as const).includes(kind as ScoringFileKind)
      )
        return null;
      const [bounty, setup] = await Promise.all([lifecycle.bounty(bountyId), store.setup(bountyId)]);
      if (!bounty || !setup) return null;
      const onTeam = (await organisations.roleIn(person.id, bounty.organisationId)) !== null;
      if (!onTeam && !PUBLIC_STATES.has(bounty.state)) return null;
      // The key is the team's alone, until the team publishes it after the reveal.
      if (!onTeam && kind === 'key' && (await store.keyPublishedAt(bountyId)) === null) return null;
      const file = kind === 'key' ? setup.key : setup.files[kind as ScoringFileKind];
      if (!file) return null;
      const found = await blobs.get(file.blobId);
      return found ? { stream: found.stream, size: found.info.size, name: file.name } : null;
    },

    /** The person's entries page data; null when the bounty is not scored or not theirs to see. */
    async entriesPage(person: Person, bountyId: string): Promise<EntriesPageData | null> {
      const testSetup = await testSetupOf(bountyId);
      if (testSetup && tests) return testEntriesPage(person, bountyId, testSetup);
      const [bounty, setup] = await Promise.all([lifecycle.bounty(bountyId), store.setup(bountyId)]);
      if (!bounty || !setup || !PUBLIC_STATES.has(bounty.state)) return null;
      const entries = await ownEntries(bountyId, person.id, setup);
      const metric = setup.metric as MetricName;
      return {
        ...(await entrantDay(bounty, person.id, setup.dailyEntries, entries)),
        setup: { ...publicSetup(setup), direction: METRICS[metric].direction, metricName: metric },
        keyPublished: (await store.keyPublishedAt(bountyId)) !== null,
        entries,
      };
    },

    /** The upload limit of an entry to this bounty (checked before the body is read), or null. */
    async entryLimit(bountyId: string): Promise<number | null> {
      if (await testSetupOf(bountyId)) return TEST_SETUP_LIMITS.entryMaxBytes;
      const setup = await store.setup(bountyId);
      // Predictions may be longer than the key's targets (probabilities for 0/1): twice the key, at least 1 MB.
      return setup ? Math.max(2 * setup.key.size, MB) : null;
    },

    /** Queues an uploaded entry for scoring: the file is in the blob store, deleted again on refusal. */
    async addEntry(
      person: Person,
      bountyId: string,
      upload: MultipartUpload,
    ): Promise<Result<{ id: string }>> {
      const stored = uploadedIds(upload);
      const refuse = async (failure: FormFailure) => {
        await deleteBlobs(stored);
        return failure;
      };
      const [bounty, setup, testSetup] = await Promise.all([
        lifecycle.bounty(bountyId),
        store.setup(bountyId),
        testSetupOf(bountyId),
      ]);
      if (!bounty || !(setup || testSetup) || !PUBLIC_STATES.has(bounty.state)) return refuse(NOT_FOUND);
      const submission = await lifecycle.submissionOf(bountyId, person.id);
      if (!submission || submission.state !== 'submitted')
        return refuse(fail(409, 'Submit your solution first: entries belong to your submission.'));
      if (!isOpenForEntries(bounty)) return refuse(fail(409, 'The submission deadline has passed.'));
      if (!setup && testSetup && tests) {
        const added = await tests.addEntry(testSetup, person, submission.id, upload);
        if (added.ok) boardChanged(bountyId);
        return added.ok ? { ok: true, value: { id: added.id } } : added;
      }
      if (!setup) return refuse(NOT_FOUND);
      if (upload.tooLarge) return refuse(fail(413, upload.tooLarge.message));
      const file = upload.files.get('entry');
      if (!file) return refuse(fail(422, 'Choose your entry: a CSV file of id and prediction.'));
      if (!/\.csv$/i.test(file.filename)) return refuse(fail(422, 'The entry must be a CSV file.'));
      const added = await addEntryWithinDay(
        store,
        { bountyId, submissionId: submission.id, authorId: person.id, file },
        setup.dailyEntries,
        now(),
        async () =>
          (await store.waitingCount()) >= WAITING_LIMIT
            ? fail(
                503,
                'Many entries are waiting to be scored. Send yours again in a minute.',
                [],
                RETRY_AFTER_SECONDS,
              )
            : null,
      );
      if (!added.ok) return refuse(added);
      void kick();
      return { ok: true, value: { id: added.entry.id } };
    },

    /** Chooses the person's final entries (empty: back to their best public ones), until the deadline. */
    async chooseFinal(person: Person, bountyId: string, entryIds: string[]): Promise<Result<void>> {
      const [bounty, setup] = await Promise.all([lifecycle.bounty(bountyId), store.setup(bountyId)]);
      if (!bounty || !setup || !PUBLIC_STATES.has(bounty.state)) return NOT_FOUND;
      if (!isOpenForEntries(bounty)) return fail(409, 'The submission deadline has passed.');
      const mine = await store.entriesOf(bountyId, person.id);
      const unique = [...new Set(entryIds)];
      if (unique.some((id) => !mine.some((entry) => entry.id === id && entry.status === 'scored')))
        return fail(422, 'Choose among your scored entries.');
      if (unique.length > setup.finalEntries)
        return fail(
          422,
          `Choose at most ${setup.finalEntries} final ${setup.finalEntries === 1 ? 'entry' : 'entries'}.`,
        );
      await store.chooseFinal(bountyId, person.id, unique);
      boardChanged(bountyId);
      return { ok: true, value: undefined };
    },

    /** The data the console and the submission page are server-rendered with (besides the lifecycle's). */
    async queriesFor(person: Person, route: string, params: Record<string, string>) {
      const param = (name: string) => decodeURIComponent(params[name] ?? '');
      if (route === 'bountyConsole')
        return [
          [
            teamScoringKey(param('slug'), param('id')),
            await this.teamData(person, param('slug'), param('id')),
          ],
        ] as Array<[readonly string[], unknown]>;
      if (route === 'submitSolution')
        return [[entriesKey(param('id')), await this.entriesPage(person, param('id'))]] as Array<
          [readonly string[], unknown]
        >;
      return [];
    },

    /** Scores what waits now (also run every few seconds and after each upload); resolves when done. */
    scoreWaiting: kick,

    /** Scores waiting entries every `everyMs` until stop() (a restart or another instance's leftovers). */
    start(everyMs = 5_000) {
      const timer = setInterval(() => void kick(), everyMs);
      timer.unref();
      void kick();
      return () => clearInterval(timer);
    },

    async stop() {
      stopped = true;
      await scoringRun;
    },
  };
}

export type ScoredBounties = ReturnType<typeof createScoredBounties>;
