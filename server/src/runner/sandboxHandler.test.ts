import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createFolderBlobStore } from '../blobs';
import type { SandboxJob, SandboxOutcome } from '../sandbox';
import { runningRunOf } from '../testing/testRunners';
import { RunSpecError, type SandboxRunSpec } from './runSpec';
import { LAYER_IDLE_MS, SandboxFailedError, createSandboxHandler } from './sandboxHandler';

/*
 * The handler between the queue and the sandbox, with the sandbox replaced by a fake that records each job
 * and what the host gave it (the real sandbox's own tests are in server/src/sandbox/).
 */

const outcomeOf = (overrides: Partial<SandboxOutcome> = {}): SandboxOutcome => ({
  status: 'completed',
  exitCode: 0,
  signal: null,
  log: 'ok 1 - adds\n',
  logTruncated: false,
  results: Buffer.from('<testsuites/>'),
  resultsProblem: null,
  archiveProblems: [],
  failure: null,
  wallMs: 812,
  maxMemoryBytes: 50_000_000,
  ...overrides,
});

function setUp(outcomes: { unpack?: SandboxOutcome; run?: SandboxOutcome; now?: () => number } = {}) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-sandbox-handler-'));
  const blobs = createFolderBlobStore(path.join(root, 'blobs'));
  const workDir = path.join(root, 'runner');
  /** Each job as the sandbox saw it, with the bytes of its archive and of each bound file. */
  const jobs: Array<{
    job: SandboxJob;
    archiveText: string | null;
    files: Record<string, string>;
    folders: Record<string, string[]>;
  }> = [];
  const handler = createSandboxHandler({
    blobs,
    workDir,
    ...(outcomes.now ? { now: outcomes.now } : {}),
    runInSandbox: async (job) => {
      const files: Record<string, string> = {};
      const folders: Record<string, string[]> = {};
      for (const layer of job.layers)
        if (fs.statSync(layer.hostPath).isFile())
          files[layer.sandboxPath] = fs.readFileSync(layer.hostPath, 'utf8');
        else folders[layer.sandboxPath] = fs.readdirSync(layer.hostPath).sort();
      jobs.push({
        job,
        archiveText: job.archive ? fs.readFileSync(job.archive.hostPath, 'utf8') : null,
        files,
        folders,
      });
      if (job.outputDir) {
        const unpack = outcomes.unpack ?? outcomeOf({ results: null, log: '' });
        if (unpack.status === 'completed') fs.writeFileSync(path.join(job.outputDir, 'add.test.js'), 'test');
        return unpack;
      }
      return outcomes.run ?? outcomeOf();
    },
  });
  const put = async (text: string) =>
    (await blobs.put(Readable.from([Buffer.from(text)]), { contentType: 'application/zip', maxBytes: 1_000 }))
      .id;
  return { handler, jobs, workDir, put };
}

const runOf = (spec: SandboxRunSpec, id = 'run-1') => runningRunOf(spec, id);

const signal = new AbortController().signal;

describe('the sandbox handler', () => {
  it("runs an entry on the sponsor's tests layer and a per-run file, and stores the raw outcome", async () => {
    const { handler, jobs, workDir, put } = setUp();
    const entry = await put('entry bytes');
    const tests = await put('tests bytes');
    const spec: SandboxRunSpec = {
      archive: { blobId: entry, format: 'zip' },
      reservedPaths: ['tests', 'results.xml'],
      layers: [{ archive: { blobId: tests, format: 'tar.gz' }, sandboxPath: '/work/tests' }],
      files: [{ sandboxPath: '/opt/side-quest/canary.js', text: 'canary' }],
      command: ['node', '--test', 'tests/'],
      resultsPath: 'results.xml',
      wallMs: 30_000,
    };
    const result = await handler(runOf(spec), signal);

    const [unpack, run] = jobs;
    expect(unpack?.job).toMatchObject({ command: [], archive: { format: 'tar.gz' } });
    expect(unpack?.archiveText).toBe('tests bytes');
    expect(run?.job).toMatchObject({
      archive: { format: 'zip' },
      reservedPaths: ['tests', 'results.xml'],
      command: ['node', '--test', 'tests/'],
      resultsPath: 'results.xml',
      wallMs: 30_000,
    });
    expect(run?.archiveText).toBe('entry bytes');
    expect(run?.files).toEqual({ '/opt/side-quest/canary.js': 'canary' });
    const testsLayer = run?.job.layers.find((layer) => layer.sandboxPath === '/work/tests');
    expect(fs.readdirSync(testsLayer?.hostPath as string)).toEqual(['add.test.js']);

    expect(result).toEqual({
      outcome: {
        status: 'completed',
        exitCode: 0,
        signal: null,
        logTruncated: false,
        results: Buffer.from('<testsuites/>').toString('base64'),
        resultsProblem: null,
        archiveProblems: [],
        failure: null,
        wallMs: 812,
        maxMemoryBytes: 50_000_000,
      },
      logTail: 'ok 1 - adds\n',
    });
    // The run's own folder (its archive, its files) is gone; the layer stays for the next run.
    expect(fs.readdirSync(path.join(workDir, 'runs'))).toEqual([]);
    expect(fs.readdirSync(path.join(workDir, 'layers'))).toEqual([tests]);
  });

  it("gives a run that adds files to a layer (pytest's canary) a copy of its own, leaving the shared layer as it was", async () => {
    const { handler, jobs, workDir, put } = setUp();
    const tests = await put('tests bytes');
    const layerOf = (addedFiles?: Array<{ name: string; text: string }>) => ({
      archive: { blobId: tests, format: 'zip' as const },
      sandboxPath: '/work/tests',
      ...(addedFiles ? { addedFiles } : {}),
    });
    await handler(
      runOf({
        layers: [layerOf([{ name: 'test_canary_x1.py', text: 'def test_x1(): assert False' }])],
        command: ['python3'],
        resultsPath: null,
      }),
      signal,
    );
    await handler(runOf({ layers: [layerOf()], command: ['python3'], resultsPath: null }, 'run-2'), signal);
    expect(fs.readdirSync(path.join(workDir, 'layers', tests))).toEqual(['add.test.js']);
    await expect(
      handler(
        runOf(
          {
            layers: [layerOf([{ name: '../conftest.py', text: '' }])],
            command: ['python3'],
            resultsPath: null,
          },
          'run-3',
        ),
        signal,
      ),
    ).rejects.toThrow("layers[0].addedFiles[0]'s name is not a plain file name");
    expect(jobs.map((entry) => entry.folders['/work/tests'])).toEqual([
      undefined,
      ['add.test.js', 'test_canary_x1.py'],
      ['add.test.js'],
    ]);
  });

  it('unpacks a layer once for every run that names it', async () => {
    const { handler, jobs, put } = setUp();
    const tests = await put('tests bytes');
    const spec: SandboxRunSpec = {
      layers: [{ archive: { blobId: tests, format: 'zip' }, sandboxPath: '/work/tests' }],
      command: ['node', '--test'],
      resultsPath: null,
    };
    await handler(runOf(spec, 'run-1'), signal);
    await handler(runOf(spec, 'run-2'), signal);
    expect(jobs.filter((entry) => entry.job.outputDir).length).toBe(1);
    expect(jobs.length).toBe(3);
  });

  it('keeps its work folder from growing: a layer unused for a week goes, and what a dead runner left', async () => {
    let clock = Date.now();
    const { handler, put, workDir } = setUp({ now: () => clock });
    const layerSpec = (blobId: string): SandboxRunSpec => ({
      layers: [{ archive: { blobId, format: 'zip' }, sandboxPath: '/work/tests' }],
      command: ['node', '--test'],
      resultsPath: null,
    });
    const [old, recent] = [await put('old tests'), await put('recent tests')];
    await handler(runOf(layerSpec(old), 'run-1'), signal);
    await handler(runOf(layerSpec(recent), 'run-2'), signal);
    // A run's folder and an unpacking folder a killed runner left, a day and a minute old.
    const aged = (dir: string, ms: number) => {
      fs.mkdirSync(dir, { recursive: true });
      const at = new Date(clock - ms);
      fs.utimesSync(dir, at, at);
    };
    const day = 24 * 60 * 60 * 1000;
    aged(path.join(workDir, 'runs', 'dead-run-1'), day + 60_000);
    aged(path.join(workDir, 'layers', '.new-deadbeef'), day + 60_000);
    // Six days on, the recent layer is used again (its time set); eight days on the old one is swept.
    clock += 6 * day;
    await handler(runOf(layerSpec(recent), 'run-3'), signal);
    clock += 2 * day + 1;
    expect(LAYER_IDLE_MS).toBe(7 * day);
    await handler(runOf(layerSpec(recent), 'run-4'), signal);
    expect(fs.readdirSync(path.join(workDir, 'layers'))).toEqual([recent]);
    expect(fs.readdirSync(path.join(workDir, 'runs'))).toEqual([]);
    // A run naming the swept layer unpacks it again.
    await handler(runOf(layerSpec(old), 'run-5'), signal);
    expect(fs.readdirSync(path.join(workDir, 'layers')).sort()).toEqual([old, recent].sort());
  });

  it("stores an entrant's refused archive as an outcome: they are the entry's, not the site's", async () => {
    const refused = outcomeOf({ status: 'archive-refused', archiveProblems: ['a link leaves the archive'] });
    const { handler, put } = setUp({ run: refused });
    const entry = await put('entry');
    const result = await handler(
      runOf({ archive: { blobId: entry, format: 'zip' }, command: ['node'], resultsPath: null }),
      signal,
    );
    expect(result.outcome).toMatchObject({
      status: 'archive-refused',
      archiveProblems: ['a link leaves the archive'],
    });
  });

  it('rejects when the sandbox failed for the site’s own reasons, so the run is tried again', async () => {
    const { handler, put } = setUp({
      run: outcomeOf({ status: 'sandbox-failed', failure: 'cgroup write failed' }),
    });
    const entry = await put('entry');
    const run = runOf({ archive: { blobId: entry, format: 'zip' }, command: ['node'], resultsPath: null });
    await expect(handler(run, signal)).rejects.toEqual(
      new SandboxFailedError('The sandbox failed: cgroup write failed'),
    );
  });

  it('rejects a run whose blob is missing, or whose layer does not unpack', async () => {
    const unpackRefused = outcomeOf({
      status: 'archive-refused',
      archiveProblems: ['a FIFO'],
      results: null,
    });
    const { handler, workDir, put } = setUp({ unpack: unpackRefused });
    await expect(
      handler(
        runOf({ archive: { blobId: 'no-such-blob', format: 'zip' }, command: ['node'], resultsPath: null }),
        signal,
      ),
    ).rejects.toThrow('Blob no-such-blob is not in the blob store');
    const tests = await put('tests');
    await expect(
      handler(
        runOf({
          layers: [{ archive: { blobId: tests, format: 'zip' }, sandboxPath: '/work/tests' }],
          command: ['node'],
          resultsPath: null,
        }),
        signal,
      ),
    ).rejects.toThrow(`Layer ${tests} could not be unpacked (archive-refused): a FIFO`);
    expect(fs.readdirSync(path.join(workDir, 'layers'))).toEqual([]);
  });

  it("checks a setup's archive (prepare-layer): the unpack's outcome is stored, whether it unpacked or not", async () => {
    const refused = outcomeOf({
      status: 'archive-refused',
      archiveProblems: ['20,001 files'],
      results: null,
    });
    const { handler, put } = setUp({ unpack: refused });
    const deps = await put('deps');
    const result = await handler(runOf({ prepareLayer: { blobId: deps, format: 'tar.gz' } }), signal);
    expect(result.outcome).toMatchObject({ status: 'archive-refused', archiveProblems: ['20,001 files'] });
  });

  it('refuses a spec of another shape with what is wrong', async () => {
    const { handler } = setUp();
    const run = { ...runOf({ command: ['node'], resultsPath: null }), spec: { command: 'node --test' } };
    await expect(handler(run, signal)).rejects.toEqual(new RunSpecError('command is not a list of strings'));
    const escaping = {
      ...runOf({ command: ['node'], resultsPath: null }),
      spec: { command: ['node'], resultsPath: null, files: [{ sandboxPath: '/work/../etc/x', text: '' }] },
    };
    await expect(handler(escaping, signal)).rejects.toThrow('files[0].sandboxPath is not an absolute path');
  });
});
