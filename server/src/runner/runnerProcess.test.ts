import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { BLOBS_DIR, createFolderBlobStore } from '../blobs';
import { openDatabase } from '../db/database';
import { startRunnerProcess } from './runnerProcess';
import { runSpecJson } from './runSpec';
import { RUNS_DB_FILE, createRunStore, type Run } from './runStore';
import { nodeTestsRunSpec, tarGzOf, until } from '../testing/testRunners';

/*
 * The runner as `npm start` starts it: a process of its own on the server's DATA_DIR, running a queued
 * run in the real sandbox (bubblewrap, installed by .ci/run), then stopping when asked.
 */

it('a runner started beside the server runs an entry on the sponsor’s tests in a sandbox, then stops and leaves the live list', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-runner-process-'));
  const db = openDatabase(dataDir, RUNS_DB_FILE);
  const store = createRunStore(db);
  const blobs = createFolderBlobStore(path.join(dataDir, BLOBS_DIR));
  const put = async (bytes: Buffer) =>
    (await blobs.put(Readable.from([bytes]), { contentType: 'application/gzip', maxBytes: 1_000_000 })).id;
  const entry = await put(tarGzOf({ 'add.js': 'module.exports = (a, b) => a + b;\n' }));
  const tests = await put(
    tarGzOf({
      'add.test.js': [
        "const test = require('node:test');",
        "const assert = require('node:assert');",
        "const add = require('../add.js');",
        "test('adds', () => assert.strictEqual(add(1, 2), 3));",
        "test('adds negatives', () => assert.strictEqual(add(-1, -2), -4));",
      ].join('\n'),
    }),
  );
  const { id } = await store.enqueue(
    {
      kind: 'public',
      runtime: 'node20',
      spec: runSpecJson(nodeTestsRunSpec(entry, tests)),
    },
    Date.now(),
  );

  const runner = startRunnerProcess(dataDir, { ...process.env, LOG_LEVEL: 'silent' });
  try {
    const [beat] = await until(
      async () => {
        const runners = await store.runners(Date.now());
        return runners.length > 0 && runners;
      },
      'the runner’s first heartbeat',
      { tries: 600, everyMs: 100 },
    );
    expect(beat).toMatchObject({ canSandbox: true, sandboxProblem: null, concurrency: 1, live: true });
    expect(beat?.runtimes).toContain('node20');

    const run = await until(
      async () => {
        const read = await store.run(id, Date.now());
        return read?.state === 'done' && read;
      },
      'the run to finish',
      { tries: 600, everyMs: 100 },
    );
    const outcome = run.outcome as { status: string; exitCode: number; results: string } & Run['outcome'];
    expect(outcome).toMatchObject({ status: 'completed', exitCode: 1 });
    const results = Buffer.from(outcome.results, 'base64').toString('utf8');
    expect(results).toContain('<testcase name="adds"');
    expect(results).toMatch(/<testcase name="adds negatives"[^>]*>\s*<failure/);
  } finally {
    await runner.stop();
  }
  expect(await store.runners(Date.now())).toEqual([]);
  db.close();
}, 90_000);
