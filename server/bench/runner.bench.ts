/**
 * Fast enough to wait for (issue 56 item 8), on the demo bounty "Normalise UK postcodes"
 * (server/src/scored-bounties/demo-tests). A runs store (SQLite) on a temp DATA_DIR, a folder blob store,
 * and the real runner loop (startRunner, default 1 s poll) with the real sandbox handler:
 *   1. the reference and each demo entrant, with the public and with the hidden tests, judged (judgeRun,
 *      the canary included): the demo's verdicts from real runs;
 *   2. --runs interleaved repetitions of the passing entry: the same test command run bare (spawned
 *      directly in a folder, no sandbox), then the time from its enqueue to its verdict through the runner;
 *      p50/p90 of each and what the sandbox and the queue add (targets: ≤ 1 s a run; a verdict within 15 s);
 *   3. the queue: 20 entries queued at once (the public runs' bound, PUBLIC_RUNS_WAITING_LIMIT), the 21st
 *      refused with RunQueueFullError (the route's 503 and Retry-After), then how long until all 20 are
 *      judged with RUNNER_CONCURRENCY 1 and 2;
 *   4. over HTTP, as an entrant waits: the site (in this process, SQLite) with the demo's setup sent on the
 *      team's form and approved once its reference passed, and a runner process beside it as `npm start`
 *      starts one (its 1 s poll included); the passing entry uploaded on the entries form --runs times,
 *      each timed from the upload until the entrant's entries data carries its verdict, beside the bare
 *      p50 of phase 2.
 * Needs root, bubblewrap and cgroup v1 (as the runner). Prints its figures; not a test.
 *
 *   node node_modules/.bin/tsx server/bench/runner.bench.ts [--runs 7]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createFolderBlobStore } from '../src/blobs';
import { openDatabase } from '../src/db/database';
import { startRunner, type Runner } from '../src/runner/runner';
import { runSpecJson } from '../src/runner/runSpec';
import { RUNS_DB_FILE, RunQueueFullError, createRunStore, type Run } from '../src/runner/runStore';
import { createSandboxHandler } from '../src/runner/sandboxHandler';
import { probeSandbox, runInSandbox } from '../src/sandbox';
import { PUBLIC_RUNS_WAITING_LIMIT } from '../src/scored-bounties/testScoredBounties';
import { testSetupForm, referenceVerdict, startSiteRunner } from '../src/testing/testScoredRuns';
import {
  completeProfile,
  postBounty,
  scoredSitePeople,
  siteRequests,
  startScoredSite,
} from '../src/testing/testScoredSite';
import {
  CANARY_DIR,
  RUNTIME_RULES,
  canaryPlan,
  judgeRun,
  newCanaryName,
  readJUnit,
  type BountyTest,
  type RunOutcome,
  type Verdict,
} from '../src/test-scoring';
import { benchOption } from './benchOption';

const RUNS = benchOption('runs', 7);
const DEMO = path.resolve(__dirname, '../src/scored-bounties/demo-tests');
const ENTRANTS = ['all-pass', 'misses-edge-cases', 'fails-public', 'does-not-load'];
const RULES = RUNTIME_RULES.node20;
const LIMITS = { wallMs: 120_000, memoryBytes: 1024 * 1024 * 1024 };

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

const tarGz = (dir: string) => execFileSync('tar', ['-czf', '-', '-C', dir, ...fs.readdirSync(dir)]);
const solutionDir = (name: string) =>
  path.join(DEMO, name === 'reference' ? 'reference' : path.join('entries', name));

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-runner-bench-'));
fs.chmodSync(root, 0o755); // the sandbox's uid binds layers from under it
const blobs = createFolderBlobStore(path.join(root, 'blobs'));
const database = openDatabase(root, RUNS_DB_FILE, { durable: false });
const store = createRunStore(database);
const handler = createSandboxHandler({ blobs, workDir: path.join(root, 'runner'), runInSandbox });

const put = async (bytes: Buffer) =>
  (await blobs.put(Readable.from([bytes]), { contentType: 'application/gzip', maxBytes: 50_000_000 })).id;

async function startBenchRunner(id: string, concurrency: number): Promise<Runner> {
  const probe = await probeSandbox();
  if (!probe.ok) throw new Error(`no sandbox here: ${probe.reason}`);
  return startRunner({
    store,
    handler,
    identity: { id, host: os.hostname(), pid: process.pid, startedAt: Date.now() },
    sandbox: { ok: true, reason: null, runtimes: probe.runtimes },
    concurrency,
    log: { info: () => undefined, warn: console.warn, error: console.error },
  });
}

/** Queues a public-style run of `entry` on `testsBlob`, with a fresh canary unless it is a reference run. */
async function enqueue(entry: string, testsBlob: string, canaryName: string | null, maxWaiting?: number) {
  const plan = canaryName ? canaryPlan('node20', canaryName) : null;
  const spec = runSpecJson({
    archive: { blobId: entry, format: 'tar.gz' },
    reservedPaths: [...RULES.reservedPaths],
    layers: [{ archive: { blobId: testsBlob, format: 'tar.gz' }, sandboxPath: `/work/${RULES.testsFolder}` }],
    files:
      plan?.runtime === 'node20'
        ? [{ sandboxPath: `${CANARY_DIR}/${plan.file.fileName}`, text: plan.file.text }]
        : [],
    env: plan?.runtime === 'node20' ? plan.env : {},
    command: [...RULES.command],
    resultsPath: RULES.resultsPath,
    wallMs: LIMITS.wallMs,
    memoryBytes: LIMITS.memoryBytes,
  });
  return store.enqueue({ kind: 'public', runtime: 'node20', spec }, Date.now(), { maxWaiting });
}

async function untilDone(ids: string[]): Promise<Run[]> {
  for (;;) {
    const runs = await store.runs(ids, Date.now());
    if (runs.every((run) => run.state === 'done' || run.state === 'could-not-run')) return runs;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The stored outcome (results in base64) as the verdict reads it. */
function outcomeOf(run: Run): RunOutcome {
  const stored = run.outcome as unknown as Omit<RunOutcome, 'results'> & { results: string | null };
  if (run.state !== 'done' || !stored) throw new Error(`run ${run.id} ${run.state}: ${run.failure}`);
  return { ...stored, results: stored.results === null ? null : Buffer.from(stored.results, 'base64') };
}

const judge = (run: Run, tests: BountyTest[], canaryName: string): Verdict =>
  judgeRun({ tests, outcome: outcomeOf(run), limits: LIMITS, canaryName });

/** The bounty's tests as a reference run reports them. */
async function referenceTests(reference: string, testsBlob: string): Promise<BountyTest[]> {
  const { id } = await enqueue(reference, testsBlob, null);
  const [run] = await untilDone([id]);
  const results = run && outcomeOf(run).results;
  if (!results) throw new Error(`the reference run wrote no results: ${run?.logTail}`);
  const report = readJUnit(results);
  if (!report.ok) throw new Error(`the reference run's results are unreadable: ${report.problem}`);
  return report.tests.map((test) => ({ id: test.id, name: test.name }));
}

/** The test command run bare: the entry and the tests copied into a folder, node spawned there. */
function bare(entrant: string): number {
  const dir = fs.mkdtempSync(path.join(root, 'bare-'));
  fs.cpSync(solutionDir(entrant), dir, { recursive: true });
  fs.cpSync(path.join(DEMO, 'tests'), path.join(dir, RULES.testsFolder), { recursive: true });
  const start = performance.now();
  const result = spawnSync(RULES.command[0] ?? '', RULES.command.slice(1), { cwd: dir, stdio: 'ignore' });
  const took = performance.now() - start;
  if (result.status !== 0 || !fs.existsSync(path.join(dir, RULES.resultsPath)))
    throw new Error(`${entrant} failed bare (${result.status})`);
  fs.rmSync(dir, { recursive: true });
  return took;
}

const ms = (value: number) => value.toFixed(0).padStart(6);

async function main(): Promise<void> {
  const publicTests = await put(tarGz(path.join(DEMO, 'tests')));
  const hiddenTests = await put(tarGz(path.join(DEMO, 'hidden-tests')));
  const archives: Record<string, string> = {};
  for (const name of ['reference', ...ENTRANTS]) archives[name] = await put(tarGz(solutionDir(name)));
  const archive = (name: string) => archives[name] ?? '';

  let runner = await startBenchRunner('bench-runner', 1);
  const tests = {
    public: await referenceTests(archive('reference'), publicTests),
    hidden: await referenceTests(archive('reference'), hiddenTests),
  };
  console.log(`demo bounty: ${tests.public.length} public tests, ${tests.hidden.length} hidden tests`);
  console.log('entrant             public                 hidden');
  for (const name of ['reference', ...ENTRANTS]) {
    const row: string[] = [];
    for (const [set, blob] of [
      ['public', publicTests],
      ['hidden', hiddenTests],
    ] as const) {
      const canaryName = newCanaryName();
      const { id } = await enqueue(archive(name), blob, canaryName);
      const [run] = await untilDone([id]);
      const verdict = run && judge(run, tests[set], canaryName);
      row.push(`${verdict?.kind} ${verdict?.passed}/${verdict?.total}`.padEnd(22));
    }
    console.log(`${name.padEnd(19)} ${row.join(' ')}`);
  }

  const bareTimes: number[] = [];
  const verdictTimes: number[] = [];
  for (let n = 0; n < RUNS; n += 1) {
    bareTimes.push(bare('all-pass'));
    const start = performance.now();
    const canaryName = newCanaryName();
    const { id } = await enqueue(archive('all-pass'), publicTests, canaryName);
    const [run] = await untilDone([id]);
    const verdict = run && judge(run, tests.public, canaryName);
    verdictTimes.push(performance.now() - start);
    if (verdict?.kind !== 'scored' || verdict.passed !== verdict.total)
      throw new Error(`the passing entry was judged ${verdict?.kind}: ${verdict?.message}`);
  }
  console.log(`\nenqueue to verdict, all-pass entry, ${RUNS} interleaved runs (ms)`);
  console.log('                          p50     p90');
  console.log(`bare test command     ${ms(percentile(bareTimes, 50))}  ${ms(percentile(bareTimes, 90))}`);
  console.log(
    `runner + sandbox      ${ms(percentile(verdictTimes, 50))}  ${ms(percentile(verdictTimes, 90))}`,
  );
  console.log(
    `added                 ${ms(percentile(verdictTimes, 50) - percentile(bareTimes, 50))}  ` +
      `(ratio ${(percentile(verdictTimes, 50) / percentile(bareTimes, 50)).toFixed(2)}x)`,
  );
  await runner.stop();

  console.log(`\nqueue: ${PUBLIC_RUNS_WAITING_LIMIT} entries at once`);
  for (const concurrency of [1, 2]) {
    const identity = { id: `bench-runner-${concurrency}`, host: os.hostname(), pid: process.pid };
    // The runner about to work the queue is live (its first heartbeat), so Retry-After counts its slots.
    await store.heartbeat(
      {
        ...identity,
        startedAt: Date.now(),
        canSandbox: true,
        sandboxProblem: null,
        runtimes: ['node20'],
        concurrency,
        running: 0,
      },
      Date.now(),
    );
    const start = performance.now();
    const canaries = new Map<string, string>();
    for (let n = 0; n < PUBLIC_RUNS_WAITING_LIMIT; n += 1) {
      const canaryName = newCanaryName();
      const { id } = await enqueue(archive('all-pass'), publicTests, canaryName, PUBLIC_RUNS_WAITING_LIMIT);
      canaries.set(id, canaryName);
    }
    let refused = 'accepted (the bound did not hold)';
    try {
      await enqueue(archive('all-pass'), publicTests, newCanaryName(), PUBLIC_RUNS_WAITING_LIMIT);
    } catch (error) {
      if (!(error instanceof RunQueueFullError)) throw error;
      refused = `RunQueueFullError, ${error.waiting} waiting, Retry-After ${error.retryAfterSeconds} s`;
    }
    runner = await startBenchRunner(identity.id, concurrency);
    const runs = await untilDone([...canaries.keys()]);
    const judged = runs.map((run) => judge(run, tests.public, canaries.get(run.id) ?? ''));
    const took = (performance.now() - start) / 1000;
    await runner.stop();
    const scored = judged.filter((verdict) => verdict.kind === 'scored' && verdict.passed === verdict.total);
    console.log(
      `RUNNER_CONCURRENCY ${concurrency}: all ${runs.length} judged in ${took.toFixed(1)} s ` +
        `(${((took / runs.length) * concurrency).toFixed(2)} s a run a slot; ${scored.length} scored in full); ` +
        `the ${PUBLIC_RUNS_WAITING_LIMIT + 1}st: ${refused}`,
    );
  }

  const uploadTimes = await uploadToVerdict();
  console.log(`\nupload to verdict over HTTP, all-pass entry, ${uploadTimes.length} entries (ms)`);
  console.log('                          p50     p90');
  console.log(`upload to verdict     ${ms(percentile(uploadTimes, 50))}  ${ms(percentile(uploadTimes, 90))}`);
  console.log(
    `beside bare p50       ${ms(percentile(uploadTimes, 50) - percentile(bareTimes, 50))} added ` +
      `(target: a verdict within 15000 ms of upload)`,
  );
}

const gz = (name: string) => fs.readFileSync(path.join(root, `${name}.tar.gz`));

/** Phase 4: the demo bounty on a real site and runner process; each entry timed from upload to verdict. */
async function uploadToVerdict(): Promise<number[]> {
  for (const [name, dir] of [
    ['public', path.join(DEMO, 'tests')],
    ['hidden', path.join(DEMO, 'hidden-tests')],
    ['reference', solutionDir('reference')],
    ['all-pass', solutionDir('all-pass')],
  ] as const)
    fs.writeFileSync(path.join(root, `${name}.tar.gz`), tarGz(dir));
  const { site, cookies } = await startScoredSite(
    { LOG_LEVEL: 'silent' },
    scoredSitePeople('owner', 'ada', 'staff'),
    {
      staff: 'staff',
      organisations: [['owner', 'acme']],
    },
  );
  const requests = siteRequests(() => site);
  const runner = await startSiteRunner(site, {});
  try {
    await completeProfile(requests, cookies.ada, 'ada');
    const bountyId = await postBounty(requests, cookies.owner);
    await testSetupForm(
      requests,
      cookies.owner,
      bountyId,
      { publicTests: gz('public'), hiddenTests: gz('hidden'), reference: gz('reference') },
      { dailyEntries: '20', wallSeconds: '120', memoryMiB: '1024' },
    ).expect(303);
    const reference = await referenceVerdict(requests, cookies.owner, bountyId);
    if (reference.status !== 'passed')
      throw new Error(`the demo's reference: ${reference.problems.join('; ')}`);
    await requests.form('/staff/bounties/approve', cookies.staff, [['id', bountyId]]).expect(303);
    await requests
      .form(`/submit/${bountyId}`, cookies.ada, [
        ['repository', 'https://git.example/ada/postcodes'],
        ['writeUp', 'Postcodes normalised by their outward and inward codes, checked on the public tests.'],
        ['answers', 'See the entries.'],
      ])
      .expect(303);
    const times: number[] = [];
    for (let n = 0; n < RUNS; n += 1) {
      const start = performance.now();
      await requests
        .post(`/submit/${bountyId}/entries`, cookies.ada)
        .attach('entry', gz('all-pass'), { filename: `entry-${n}.tar.gz`, contentType: 'application/gzip' })
        .expect(303);
      for (;;) {
        const mine = await requests
          .get(`/api/lifecycle/bounties/${bountyId}/entries`, cookies.ada)
          .expect(200);
        const entry = (mine.body.entries as Array<{ id: string; fileName: string; status: string }>).find(
          (candidate) => candidate.fileName === `entry-${n}.tar.gz`,
        );
        const run = entry && mine.body.tests.publicRuns[entry.id];
        // Done and judged (the web process judges finished runs): what the entrant's page shows.
        if (run?.state === 'could-not-run' || (run?.state === 'done' && run.verdict !== null)) {
          if (run.verdict !== 'scored' || run.passed !== run.total)
            throw new Error(`the passing entry was judged ${run.verdict}: ${run.message}`);
          break;
        }
        if (performance.now() - start > 120_000) throw new Error('no verdict within 120 s of upload');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      times.push(performance.now() - start);
    }
    return times;
  } finally {
    await runner.stop();
    await site.close();
  }
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    database.close();
    fs.rmSync(root, { recursive: true, force: true });
  });
