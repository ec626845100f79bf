import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import * as tar from 'tar-stream';
import { DAY_MS } from '@side-quest/data/lifecycle';
import type { BlobStore } from '../blobs';
import { DEMO_TEST_SCORED_TITLE } from '../lifecycle/demoData';
import type { LifecycleStore } from '../lifecycle/lifecycleStore';
import type { RunStore } from '../runner/runStore';
import { runSpecJson } from '../runner/runSpec';
import { newCanaryName, REFERENCE_RUNS } from '../test-scoring';
import type { ScoredStore } from './scoredStore';
import { testRunSpec } from './testScoredBounties';
import type { ReferenceRunRef, TestScoredStore, TestSetup, TestSetupFile } from './testScoredStore';

/*
 * The test-scored demo bounty (issue 56 item 7), "Normalise UK postcodes": the lifecycle's demo makes the
 * bounty (demo data, open, four entrants' submissions; lifecycle/demoData.ts) and this file gives it what
 * the feature needs, from the plain files in demo-tests/ packed into tar.gz archives in memory. The web
 * process runs no code here either: it queues runs to the runner as the feature does.
 *   1. seedTestScoredDemo, once per database: the setup (Node 20, the public and hidden tests, the
 *      reference) with the reference's three public and three hidden runs queued. The feature's processor
 *      checks them as it checks any setup's.
 *   2. queueTestScoredDemoEntries, once the reference passed (followTestScoredDemo asks every few
 *      seconds): each entrant's entry stored and its public run queued with a canary, as an upload's is.
 *      The processor judges them, so the public board comes from real runs.
 * The bounty is seeded open, as every demo bounty is seeded in the state its history reached: its
 * approval is part of that made-up history. An entrant opening it before its reference passed reads that
 * its tests are not ready yet, as on any bounty whose setup waits.
 */

export const DEMO_TESTS_DIR = path.join(__dirname, 'demo-tests');
const SEEDED_MARKER = 'test_scored_demo_seeded_at';
const ENTRIES_MARKER = 'test_scored_demo_entries_at';

/** The setup's values: as a team would send them on the setup form. */
const DEMO_SETUP = {
  runtime: 'node20',
  wallSeconds: 60,
  memoryMiB: 512,
  dailyEntries: 5,
  finalEntries: 2,
  licence: 'MIT (demo data, written for Side Quest)',
} as const;

/**
 * Each entrant's solution (a folder of demo-tests/entries), by their submission's age, oldest first, and
 * when they sent it. The first leads the public board (a tie on public tests goes to the earlier entry)
 * and misses the hidden edge cases; the third passes both.
 */
export const DEMO_TEST_ENTRIES = [
  { solution: 'misses-edge-cases', daysAgo: 4.8 },
  { solution: 'fails-public', daysAgo: 3.7 },
  { solution: 'all-pass', daysAgo: 2.9 },
  { solution: 'does-not-load', daysAgo: 1.6 },
] as const;

type DemoStores = {
  lifecycle: LifecycleStore;
  scored: ScoredStore;
  testScored: TestScoredStore;
  runs: RunStore;
  blobs: BlobStore;
};

/** The files under `dir`, by their path inside it ('/'-separated), sorted: what an archive of it holds. */
export function filesIn(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const name = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) walk(name);
      else if (entry.isFile()) files.set(name, fs.readFileSync(path.join(dir, name)));
    }
  };
  walk('');
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** A fixed time for every member, so the same files make the same bytes (and the same fingerprint). */
const ARCHIVE_TIME = new Date('2026-01-01T00:00:00Z');

/**
 * A tar.gz of these files, built in memory: a folder entry before its first file, regular files of mode
 * 0644, owned by nobody in particular, one fixed time. Nothing is read from disk or spawned.
 */
export async function tarGzOf(files: ReadonlyMap<string, Buffer | string>): Promise<Buffer> {
  const pack = tar.pack();
  const collected = (async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of pack) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  })();
  const add = (header: Partial<tar.Header> & { name: string }, data: Buffer | string) =>
    new Promise<void>((resolve, reject) =>
      pack.entry(header, data, (error) => (error ? reject(error) : resolve())),
    );
  const folders = new Set<string>();
  for (const [name, data] of files) {
    const parts = name.split('/');
    for (let depth = 1; depth < parts.length; depth += 1) {
      const folder = parts.slice(0, depth).join('/');
      if (folders.has(folder)) continue;
      folders.add(folder);
      await add({ name: `${folder}/`, type: 'directory', mode: 0o755, mtime: ARCHIVE_TIME }, '');
    }
    await add({ name, type: 'file', mode: 0o644, mtime: ARCHIVE_TIME }, data);
  }
  pack.finalize();
  return gzipSync(await collected);
}

export interface DemoArchives {
  publicTests: Buffer;
  hiddenTests: Buffer;
  reference: Buffer;
  /** Each entrant's solution by its folder's name under entries/. */
  entries: Map<string, Buffer>;
}

/**
 * The demo's archives from its folder: each holds its folder's files at its top (the tests are bound
 * over the sandbox's tests/ folder; a solution's postcode.js sits beside it).
 */
export async function demoArchives(dir: string = DEMO_TESTS_DIR): Promise<DemoArchives> {
  const entries = new Map<string, Buffer>();
  for (const solution of fs.readdirSync(path.join(dir, 'entries')).sort())
    entries.set(solution, await tarGzOf(filesIn(path.join(dir, 'entries', solution))));
  return {
    publicTests: await tarGzOf(filesIn(path.join(dir, 'tests'))),
    hiddenTests: await tarGzOf(filesIn(path.join(dir, 'hidden-tests'))),
    reference: await tarGzOf(filesIn(path.join(dir, 'reference'))),
    entries,
  };
}

async function putArchive(blobs: BlobStore, bytes: Buffer): Promise<{ blobId: string; size: number }> {
  const blob = await blobs.put(Readable.from([bytes]), {
    contentType: 'application/gzip',
    maxBytes: bytes.length + 1,
  });
  return { blobId: blob.id, size: blob.size };
}

/** The demo bounty the lifecycle's demo made, while it takes entries; null on a database seeded before it. */
async function demoBounty(lifecycle: LifecycleStore) {
  const open = await lifecycle.bountiesIn(['open']);
  return open.find((bounty) => bounty.demo && bounty.title === DEMO_TEST_SCORED_TITLE) ?? null;
}

/**
 * Seeds the demo bounty's test setup once per database, after the lifecycle's demo made the bounty: its
 * archives stored, the reference's six runs queued. False when seeded before or the bounty is missing.
 */
export async function seedTestScoredDemo(
  stores: DemoStores,
  now: number = Date.now(),
  dir: string = DEMO_TESTS_DIR,
): Promise<boolean> {
  const bounty = await demoBounty(stores.lifecycle);
  if (!bounty) return false;
  const at = new Date(now).toISOString();
  if (!(await stores.lifecycle.claimMarker(SEEDED_MARKER, at))) return false;
  const archives = await demoArchives(dir);
  const file = async (bytes: Buffer, name: string): Promise<TestSetupFile> => ({
    ...(await putArchive(stores.blobs, bytes)),
    name,
    format: 'tar.gz',
  });
  const setup: Pick<TestSetup, 'runtime' | 'wallSeconds' | 'memoryMiB' | 'files'> = {
    ...DEMO_SETUP,
    files: {
      publicTests: await file(archives.publicTests, 'public-tests.tar.gz'),
      hiddenTests: await file(archives.hiddenTests, 'hidden-tests.tar.gz'),
      reference: await file(archives.reference, 'reference.tar.gz'),
    },
  };
  // As a team's setup: the reference three times with each test set, without a canary.
  const referenceRuns: ReferenceRunRef[] = [];
  for (const testSet of ['public', 'hidden'] as const)
    for (let attempt = 1; attempt <= REFERENCE_RUNS; attempt += 1) {
      const reference = setup.files.reference;
      const spec = testRunSpec(setup, { blobId: reference.blobId, format: reference.format }, testSet, null);
      const run = await stores.runs.enqueue(
        { kind: 'reference', runtime: setup.runtime, spec: runSpecJson(spec) },
        now,
      );
      referenceRuns.push({ testSet, attempt, runId: run.id });
    }
  await stores.testScored.saveSetup({ bountyId: bounty.id, ...DEMO_SETUP, ...setup, referenceRuns }, at);
  return true;
}

/**
 * Once the demo setup's reference passed: each entrant's entry stored and its public run queued, once per
 * database. 'waiting' while the reference runs; 'queued' when this call queued them; 'nothing' when there
 * is nothing (more) to do: queued before, no demo setup here, or its reference refused.
 */
export async function queueTestScoredDemoEntries(
  stores: DemoStores,
  now: number = Date.now(),
  dir: string = DEMO_TESTS_DIR,
): Promise<'waiting' | 'queued' | 'nothing'> {
  const bounty = await demoBounty(stores.lifecycle);
  const setup = bounty ? await stores.testScored.setup(bounty.id) : null;
  if (!bounty || !setup) return 'nothing';
  if (setup.referenceStatus === 'waiting') return 'waiting';
  if (setup.referenceStatus !== 'passed') return 'nothing';
  if (!(await stores.lifecycle.claimMarker(ENTRIES_MARKER, new Date(now).toISOString()))) return 'nothing';
  const archives = await demoArchives(dir);
  const submissions = [...(await stores.lifecycle.submissionsTo(bounty.id))].sort((a, b) =>
    a.createdAt.localeCompare(b.createdAt),
  );
  for (const [index, demo] of DEMO_TEST_ENTRIES.entries()) {
    const submission = submissions[index];
    const bytes = archives.entries.get(demo.solution);
    if (!submission || !bytes) continue;
    const { blobId } = await putArchive(stores.blobs, bytes);
    const entry = await stores.scored.addEntry({
      bountyId: bounty.id,
      submissionId: submission.id,
      authorId: submission.authorId,
      blobId,
      fileName: 'postcode.tar.gz',
      at: new Date(now - demo.daysAgo * DAY_MS).toISOString(),
    });
    const canaryName = newCanaryName();
    const spec = testRunSpec(setup, { blobId, format: 'tar.gz' }, 'public', canaryName);
    const run = await stores.runs.enqueue(
      { kind: 'public', runtime: setup.runtime, spec: runSpecJson(spec) },
      now,
    );
    await stores.testScored.addRun({
      runId: run.id,
      bountyId: bounty.id,
      entryId: entry.id,
      testSet: 'public',
      canaryName,
      createdAt: new Date(now).toISOString(),
    });
    await stores.testScored.setFingerprint(entry.id, createHash('sha256').update(bytes).digest('hex'));
  }
  return 'queued';
}

/**
 * Asks queueTestScoredDemoEntries every `everyMs` until it has nothing to wait for (at once, then on a
 * clock; a restart before the reference passed asks again). The returned stop waits for a call in flight.
 */
export function followTestScoredDemo(
  stores: DemoStores,
  options: { everyMs?: number; log?: { error(details: object, message: string): void } } = {},
): () => Promise<void> {
  let asking: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const ask = () => {
    asking ??= queueTestScoredDemoEntries(stores)
      .then((state) => {
        if (state !== 'waiting' && timer) clearInterval(timer);
      })
      .catch((error: unknown) => options.log?.error({ err: error }, 'Queueing the demo entries failed'))
      .finally(() => {
        asking = null;
      });
  };
  timer = setInterval(ask, options.everyMs ?? 2_000);
  timer.unref();
  ask();
  return async () => {
    if (timer) clearInterval(timer);
    await asking;
  };
}
