import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createFolderBlobStore } from '../blobs';
import { runInSandbox } from '../sandbox';
import {
  nodeTestsRunSpec,
  runStoresOnEachDatabase,
  runnerOptions,
  tarGzOf,
  until,
} from '../testing/testRunners';
import { startRunner, type RunHandler } from './runner';
import { runSpecJson, type TestRunSpec } from './runSpec';
import type { RunStore } from './runStore';
import { createSandboxHandler } from './sandboxHandler';

/*
 * The runner's loop with the real sandbox (bubblewrap, installed by .ci/run; never skipped): runners
 * sharing one database run every run once. (A lease expiring mid-run is tested with a held handler in
 * runner.test.ts: aborting a real sandbox at the moment it starts can miss, see the README.)
 */

const databases = runStoresOnEachDatabase('runner_sandbox');

async function setUp() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-runner-sandbox-'));
  const blobs = createFolderBlobStore(path.join(root, 'blobs'));
  const put = async (bytes: Buffer) =>
    (await blobs.put(Readable.from([bytes]), { contentType: 'application/gzip', maxBytes: 1_000_000 })).id;
  /** A sandbox handler with a work folder of its own (a runner's machine), counting its calls per run. */
  const calls = new Map<string, number>();
  const handlerFor = (name: string): RunHandler => {
    const handler = createSandboxHandler({ blobs, workDir: path.join(root, name), runInSandbox });
    return (run, signal) => {
      calls.set(run.id, (calls.get(run.id) ?? 0) + 1);
      return handler(run, signal);
    };
  };
  return { put, handlerFor, calls };
}

const nodeRun = (spec: TestRunSpec) => ({ kind: 'public', runtime: 'node20', spec: runSpecJson(spec) });

describe.each(databases)('runners with the real sandbox on %s', (_name, openStores) => {
  it('two runners on one database run each of 6 entries once, each on the tests layer', async () => {
    const { stores, close } = await openStores(2);
    const [storeA, storeB] = stores as [RunStore, RunStore];
    const { put, handlerFor, calls } = await setUp();
    try {
      const tests = await put(
        tarGzOf({
          'sum.test.js': [
            "const test = require('node:test');",
            "const assert = require('node:assert');",
            "test('sums', () => assert.strictEqual(require('../sum.js')(2, 3), 5));",
          ].join('\n'),
        }),
      );
      const ids: string[] = [];
      for (let n = 0; n < 6; n++) {
        // Half the entries are right, half wrong.
        const entry = await put(tarGzOf({ 'sum.js': `module.exports = (a, b) => a + b + ${n % 2};\n` }));
        const run = await storeA.enqueue(nodeRun(nodeTestsRunSpec(entry, tests)), Date.now());
        ids.push(run.id);
      }
      const runners = [
        startRunner(
          runnerOptions('runner-a', storeA, handlerFor('machine-a'), { pollMs: 20, renewEveryMs: 1_000 }),
        ),
        startRunner(
          runnerOptions('runner-b', storeB, handlerFor('machine-b'), { pollMs: 20, renewEveryMs: 1_000 }),
        ),
      ];
      const done = await until(
        async () => {
          const read = await storeB.runs(ids, Date.now());
          return read.every((run) => run.state === 'done') && read;
        },
        'every run done',
        { tries: 1_200, everyMs: 100 },
      );
      await Promise.all(runners.map((runner) => runner.stop()));
      expect(ids.map((id) => calls.get(id))).toEqual([1, 1, 1, 1, 1, 1]);
      const exitCodes = ids.map((id) => {
        const run = done.find((candidate) => candidate.id === id);
        expect(run).toMatchObject({ attempts: 1, outcome: { status: 'completed' } });
        return (run?.outcome as { exitCode: number }).exitCode;
      });
      expect(exitCodes).toEqual([0, 1, 0, 1, 0, 1]);
    } finally {
      await close();
    }
  }, 150_000);
});
