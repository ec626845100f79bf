import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { BlobStore } from '../blobs';
import type { ReadOnlyLayer, SandboxJob, SandboxOutcome, runInSandbox } from '../sandbox';
import type { RunHandler } from './runner';
import type { Json, RunResult } from './runStore';
import { parseRunSpec, type ArchiveRef, type TestRunSpec } from './runSpec';

/** The sandbox failed for the site's own reasons: the runner tries the run again (elsewhere, perhaps). */
export class SandboxFailedError extends Error {
  constructor(failure: string) {
    super(failure);
    this.name = 'SandboxFailedError';
  }
}

export interface SandboxHandlerOptions {
  /** The shared blob store the runs' archives are read from. */
  blobs: Pick<BlobStore, 'get'>;
  /**
   * This runner's own folder (RUNNER_WORK_DIR): `layers/<blob id>/` holds each layer unpacked once (blob
   * ids never change content, so a layer is kept until unused for LAYER_IDLE_MS), `runs/<run id>-<attempt>/`
   * a run's fetched archive and files, removed after it.
   */
  workDir: string;
  runInSandbox: typeof runInSandbox;
  /** The clock the work folder's sweep reads (tests move it). */
  now?: () => number;
}

/** A layer no run of this runner has used for this long is removed; the next run to name it unpacks it again. */
export const LAYER_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** Left by a runner that died mid-run or mid-unpack: no run lasts this long (the wall limit is 10 minutes). */
const LEFTOVER_MS = 24 * 60 * 60 * 1000;
/** How often the work folder is swept, at most (on the next run after this). */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * The outcome as stored (JSON): the sandbox's outcome without its log (stored apart, as the run's log
 * tail) and with the results file's bytes in base64. Verdicts are the caller's (test-scoring).
 */
export function storedOutcome(outcome: SandboxOutcome): RunResult {
  const { log, results, ...rest } = outcome;
  const stored: { [key: string]: Json } = { ...rest, results: results ? results.toString('base64') : null };
  return { outcome: stored, logTail: log };
}

/**
 * Turns a queued run into a sandbox job: fetches its archive from the blob store into a folder of its
 * own, makes sure each layer it names is unpacked on this runner (in a sandbox of its own, once), writes
 * its files, runs it, and resolves with the raw outcome. A 'sandbox-failed' outcome, a missing blob or a
 * layer that cannot be unpacked rejects (the run is tried again, and could not run after three attempts).
 */
export function createSandboxHandler(options: SandboxHandlerOptions): RunHandler {
  const now = options.now ?? Date.now;
  const layersDir = path.join(options.workDir, 'layers');
  const runsDir = path.join(options.workDir, 'runs');
  for (const dir of [layersDir, runsDir]) fs.mkdirSync(dir, { recursive: true });
  /** The layers this runner's runs have in use now (how many runs each): never swept. */
  const inUse = new Map<string, number>();
  let sweptAt = -Infinity;

  /**
   * Keeps the work folder from growing without end: removes each layer unused for LAYER_IDLE_MS (its
   * folder's time is set whenever a run uses it) and what a runner that died left in `runs/` and in
   * unpacking folders. At most once an hour, before a run.
   */
  function sweep(): void {
    const at = now();
    if (at - sweptAt < SWEEP_EVERY_MS) return;
    sweptAt = at;
    const remove = (dir: string, name: string, olderThanMs: number) => {
      const full = path.join(dir, name);
      const stat = fs.lstatSync(full, { throwIfNoEntry: false });
      if (stat && at - stat.mtimeMs > olderThanMs) fs.rmSync(full, { recursive: true, force: true });
    };
    for (const name of fs.readdirSync(layersDir)) {
      if (name.startsWith('.new-')) remove(layersDir, name, LEFTOVER_MS);
      else if (!inUse.has(name)) remove(layersDir, name, LAYER_IDLE_MS);
    }
    for (const name of fs.readdirSync(runsDir)) remove(runsDir, name, LEFTOVER_MS);
  }

  async function fetchBlob(archive: ArchiveRef, file: string): Promise<void> {
    const blob = await options.blobs.get(archive.blobId);
    if (!blob) throw new SandboxFailedError(`Blob ${archive.blobId} is not in the blob store`);
    await pipeline(blob.stream, fs.createWriteStream(file, { flags: 'wx', mode: 0o600 }));
  }

  /** Unpacks the archive into a folder that appears whole (one rename) or not at all. */
  async function unpackLayer(
    archive: ArchiveRef,
    signal: AbortSignal,
  ): Promise<{ dir: string; outcome: SandboxOutcome }> {
    const dir = path.join(layersDir, archive.blobId);
    const scratch = path.join(layersDir, `.new-${randomBytes(8).toString('hex')}`);
    fs.mkdirSync(path.join(scratch, 'out'), { recursive: true });
    try {
      const archiveFile = path.join(scratch, 'archive');
      await fetchBlob(archive, archiveFile);
      const outcome = await options.runInSandbox(
        {
          archive: {
            hostPath: archiveFile,
            format: archive.format,
            maxUnpackedBytes: archive.maxUnpackedBytes,
          },
          outputDir: path.join(scratch, 'out'),
          layers: [],
          command: [],
          resultsPath: null,
        },
        { signal },
      );
      if (outcome.status === 'completed' && !fs.existsSync(dir)) {
        try {
          fs.renameSync(path.join(scratch, 'out'), dir);
        } catch (error) {
          // Another slot unpacked the same layer first: theirs is as good.
          if (!fs.existsSync(dir)) throw error;
        }
      }
      return { dir, outcome };
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  }

  async function layer(archive: ArchiveRef, signal: AbortSignal): Promise<string> {
    const dir = path.join(layersDir, archive.blobId);
    if (fs.existsSync(dir)) {
      const at = new Date(now());
      fs.utimesSync(dir, at, at);
      return dir;
    }
    const { outcome } = await unpackLayer(archive, signal);
    if (outcome.status !== 'completed')
      throw new SandboxFailedError(
        `Layer ${archive.blobId} could not be unpacked (${outcome.status}): ${
          outcome.failure ?? outcome.archiveProblems.join('; ')
        }`,
      );
    return dir;
  }

  async function testJob(spec: TestRunSpec, runDir: string, signal: AbortSignal): Promise<SandboxJob> {
    const layers: ReadOnlyLayer[] = [];
    for (const [n, ref] of (spec.layers ?? []).entries()) {
      const shared = await layer(ref.archive, signal);
      if (!ref.addedFiles) {
        layers.push({ hostPath: shared, sandboxPath: ref.sandboxPath });
        continue;
      }
      // This run's own copy, with its files: links are copied as links, never followed, and anything but
      // files, folders and links (the unpacking sandbox refuses them) stops the copy.
      const copy = path.join(runDir, `layer-${n}`);
      await fs.promises.cp(shared, copy, { recursive: true, verbatimSymlinks: true, errorOnExist: true });
      for (const file of ref.addedFiles)
        fs.writeFileSync(path.join(copy, file.name), file.text, { flag: 'wx', mode: 0o644 });
      layers.push({ hostPath: copy, sandboxPath: ref.sandboxPath });
    }
    (spec.files ?? []).forEach((file, n) => {
      const hostPath = path.join(runDir, `file-${n}`);
      fs.writeFileSync(hostPath, file.text, { mode: 0o644 });
      layers.push({ hostPath, sandboxPath: file.sandboxPath });
    });
    let archive: SandboxJob['archive'];
    if (spec.archive) {
      const hostPath = path.join(runDir, 'archive');
      await fetchBlob(spec.archive, hostPath);
      archive = { hostPath, format: spec.archive.format, maxUnpackedBytes: spec.archive.maxUnpackedBytes };
    }
    return {
      ...(archive ? { archive } : {}),
      ...(spec.reservedPaths ? { reservedPaths: spec.reservedPaths } : {}),
      layers,
      command: spec.command,
      resultsPath: spec.resultsPath,
      ...(spec.env ? { env: spec.env } : {}),
      ...(spec.memoryBytes === undefined ? {} : { memoryBytes: spec.memoryBytes }),
      ...(spec.wallMs === undefined ? {} : { wallMs: spec.wallMs }),
    };
  }

  return async (run, signal) => {
    const spec = parseRunSpec(run.spec);
    sweep();
    let outcome: SandboxOutcome;
    if ('prepareLayer' in spec) {
      // The setup's check: the outcome says whether (and why not) the archive unpacks; kept when it does.
      outcome = (await unpackLayer(spec.prepareLayer, signal)).outcome;
    } else {
      const runDir = path.join(runsDir, `${run.id}-${run.attempts}`);
      const used = (spec.layers ?? []).map((ref) => ref.archive.blobId);
      for (const blobId of used) inUse.set(blobId, (inUse.get(blobId) ?? 0) + 1);
      fs.mkdirSync(runDir, { recursive: true });
      try {
        outcome = await options.runInSandbox(await testJob(spec, runDir, signal), { signal });
      } finally {
        fs.rmSync(runDir, { recursive: true, force: true });
        for (const blobId of used) {
          const left = (inUse.get(blobId) ?? 1) - 1;
          if (left > 0) inUse.set(blobId, left);
          else inUse.delete(blobId);
        }
      }
    }
    if (outcome.status === 'sandbox-failed')
      throw new SandboxFailedError(`The sandbox failed: ${outcome.failure ?? 'no reason given'}`);
    return storedOutcome(outcome);
  };
}
