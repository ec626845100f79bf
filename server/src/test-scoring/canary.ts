import { randomBytes } from 'node:crypto';
import type { JUnitTest } from './junit';

/*
 * The canary (issue 56 item 6): a test under a fresh random name, added to every test process of an
 * entry's run, that must fail. An entry that forges passes wholesale (node:assert turned into no-ops, a
 * patched pytest report) makes it pass too, and the run is "test harness altered". It catches blanket
 * forgery only: an entry that reads the canary's file can spare it, hence the console's advice to read
 * a winner's code. Reference runs have no canary; entrants never see its rows.
 *
 * Its name looks like any pytest test name (`test_` and 20 hex digits) so that nothing but the exact
 * name, which the runner keeps per run, tells it apart. Rows are recognised by that exact name.
 */

export function newCanaryName(): string {
  return `test_${randomBytes(10).toString('hex')}`;
}

/** Whether a name is one newCanaryName could have made (the runner checks what it is handed). */
export function isCanaryName(name: string): boolean {
  return /^test_[0-9a-f]{20}$/.test(name);
}

/**
 * The node preload (CommonJS, given with `--require` through NODE_OPTIONS so that it reaches each test
 * file's process). It registers the canary only in a file's process: node --test's own process also
 * loads it, and a test registered there spoils the whole report (seen on node 20.20).
 *
 * The file's process takes the preload out of NODE_OPTIONS: a process a test starts (a CLI under test)
 * inherits NODE_TEST_CONTEXT, and would otherwise run a canary of its own, spoiling its output and exit.
 *
 * The canary looks node:assert up when it runs, so an entry that replaced its functions is caught, even
 * one of them: it fails only when every assertion it tries throws. A
 * CommonJS test file has loaded (with the entry's code it requires) before the first test runs; an ES
 * module test file is still loading then, so the canary first waits for that file's module graph (a
 * second import of the main module joins the load in progress, it does not evaluate it again). A file
 * that awaits a test at its top level would wait for the canary while the canary waits for it: after a
 * second the canary stops waiting and runs, so such a file costs a second, never a hang.
 */
export function nodeCanaryPreload(name: string): string {
  if (!isCanaryName(name)) throw new Error('not a canary name');
  return `'use strict';
// Side Quest's canary: a test that must fail. If it passes, the run's tests were tampered with.
if (process.env.NODE_TEST_CONTEXT !== undefined) {
  // Not for the processes a test starts (a CLI under test): they would run the canary too.
  const options = (process.env.NODE_OPTIONS || '').replace('--require ' + __filename, '').trim();
  if (options === '') delete process.env.NODE_OPTIONS;
  else process.env.NODE_OPTIONS = options;
  const { test } = require('node:test');
  const { pathToFileURL } = require('node:url');
  const main = process.argv[1];
  test('${name}', async () => {
    if (main && require.main === undefined) {
      let timer;
      const waited = new Promise((resolve) => (timer = setTimeout(resolve, 1000)));
      await Promise.race([import(pathToFileURL(main).href).catch(() => undefined), waited]);
      clearTimeout(timer);
    }
    // Each assertion is given a case that must fail; the canary fails only if every one of them threw,
    // so a single assertion made a no-op (of node:assert or node:assert/strict) lets it pass.
    const assert = require('node:assert');
    const checks = [assert, assert.strict].flatMap((a) => [
      () => a.strictEqual(1, 2),
      () => a.equal(1, 2),
      () => a.deepStrictEqual({ a: 1 }, { a: 2 }),
      () => a.deepEqual([1], [2]),
      () => a.notStrictEqual(1, 1),
      () => a.ok(false),
      () => a.match('a', /b/),
      () => a.throws(() => undefined),
      () => a.fail('${name}'),
    ]);
    let thrown = 0;
    let last;
    for (const check of checks) {
      try {
        check();
      } catch (error) {
        thrown += 1;
        last = error;
      }
    }
    if (thrown === checks.length) throw last;
  });
}
`;
}

/**
 * The pytest canary: a test module placed at `tests/<name>.py` in the run's own copy of the test layer.
 * pytest imports every module (the entry's code with them) before it runs a test, so the canary runs
 * after any forgery is in place.
 */
export function pytestCanaryModule(name: string): { fileName: string; text: string } {
  if (!isCanaryName(name)) throw new Error('not a canary name');
  return {
    fileName: `${name}.py`,
    text: `# Side Quest's canary: a test that must fail. If it passes, the run's tests were tampered with.\n\n\ndef ${name}():\n    assert "${name}" == "must fail"\n`,
  };
}

export interface CanaryCheck {
  /** The results without the canary's rows: what is scored and shown. */
  tests: JUnitTest[];
  /** How many canary rows the results hold (one per test process that ran). */
  canaryRows: number;
  /** Whether any canary row passed: the harness was altered. */
  canaryPassed: boolean;
}

/** Splits a run's rows into the canary's (checked) and the rest. */
export function checkCanary(tests: readonly JUnitTest[], canaryName: string): CanaryCheck {
  const canary = tests.filter((test) => test.name === canaryName);
  return {
    tests: tests.filter((test) => test.name !== canaryName),
    canaryRows: canary.length,
    canaryPassed: canary.some((test) => test.outcome === 'passed'),
  };
}
