import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkCanary, isCanaryName, newCanaryName, nodeCanaryPreload, pytestCanaryModule } from './canary';
import { readJUnit, type JUnitTest } from './junit';
import { RUNTIME_RULES, pytestCommand } from './runtimes';

/*
 * The canary run for real: the sponsor's tools (node --test, Debian's pytest) on throwaway folders, with
 * an honest solution and one that forges passes. No sandbox here: these are the site's own test tools
 * running files this test wrote.
 */

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'canary-test-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function write(files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(folder, path, '..'), { recursive: true });
    await writeFile(join(folder, path), text);
  }
}

/** Runs a command in the folder and reads its JUnit report; the exit code is not the point here. */
async function run(
  argv: readonly string[],
  env: Record<string, string>,
  resultsFile: string,
): Promise<JUnitTest[]> {
  const [command, ...args] = argv;
  await new Promise<void>((resolve) => {
    execFile(
      command ?? '',
      args,
      { cwd: folder, env: { PATH: '/usr/bin:/bin', ...env }, timeout: 20_000 },
      () => resolve(),
    );
  });
  const report = readJUnit(await readFile(join(folder, resultsFile)));
  if (!report.ok) throw new Error(report.problem);
  return report.tests;
}

/** The outcomes of the canary's rows, in the report's order. */
const canaryOutcomes = (tests: readonly JUnitTest[], canary: string) =>
  tests.filter((test) => test.name === canary).map((test) => test.outcome);

describe('canary names and files', () => {
  it('makes a fresh name each time, shaped like any pytest test', () => {
    const names = new Set(Array.from({ length: 50 }, newCanaryName));
    expect(names.size).toBe(50);
    for (const name of names) expect(isCanaryName(name)).toBe(true);
    expect(isCanaryName("test_x'); process.exit(0); ('")).toBe(false);
    expect(() => nodeCanaryPreload('test_abc')).toThrow();
    expect(pytestCanaryModule('test_0123456789abcdef0123').fileName).toBe('test_0123456789abcdef0123.py');
  });

  it('drops the canary rows from what is scored and says whether one passed', () => {
    const row = (name: string, outcome: JUnitTest['outcome']): JUnitTest => ({
      id: JSON.stringify(['test', name]),
      suites: [],
      classname: 'test',
      name,
      outcome,
      timeSeconds: 0,
      failureExcerpt: null,
    });
    const canary = 'test_0123456789abcdef0123';
    expect(
      checkCanary([row(canary, 'failed'), row('adds', 'passed'), row(canary, 'failed')], canary),
    ).toEqual({
      tests: [row('adds', 'passed')],
      canaryRows: 2,
      canaryPassed: false,
    });
    expect(checkCanary([row(canary, 'failed'), row(canary, 'passed')], canary).canaryPassed).toBe(true);
  });
});

describe('the node canary, with node --test', () => {
  const testFiles = {
    // CommonJS, an ES module, and an ES module that awaits a test at its top level.
    'tests/a.test.js':
      "const { test } = require('node:test'); const assert = require('node:assert');\n" +
      "const { add } = require('../solution.js');\ntest('adds', () => assert.strictEqual(add(1, 2), 3));\n",
    'tests/b.test.mjs':
      "import { test } from 'node:test'; import assert from 'node:assert';\n" +
      "import solution from '../solution.js';\ntest('adds in esm', () => assert.strictEqual(solution.add(2, 2), 4));\n",
    'tests/d.test.js':
      "const { test } = require('node:test'); const assert = require('node:assert');\n" +
      "const { execFileSync } = require('node:child_process');\n" +
      "test('a CLI prints hello', () => {\n" +
      "  assert.strictEqual(execFileSync(process.execPath, ['-e', 'console.log(1 + 1)']).toString(), '2\\n');\n});\n",
    'tests/c.test.mjs':
      "import { test } from 'node:test'; import assert from 'node:assert';\n" +
      "import solution from '../solution.js';\nawait test('awaited', () => assert.strictEqual(solution.add(1, 1), 2));\n",
  };
  const honest = 'module.exports.add = (a, b) => a + b;\n';
  const forging =
    "const assert = require('node:assert');\n" +
    "for (const key of Object.keys(assert)) if (typeof assert[key] === 'function') assert[key] = () => {};\n" +
    'module.exports.add = (a, b) => a - b;\n';

  const runNode = async (solution: string, canary: string) => {
    await write({ ...testFiles, 'solution.js': solution, 'canary/preload.cjs': nodeCanaryPreload(canary) });
    return run(
      RUNTIME_RULES.node20.command,
      { NODE_OPTIONS: `--require ${join(folder, 'canary/preload.cjs')}` },
      'results.xml',
    );
  };

  it('fails in every test file’s process and leaves the real tests as they were', async () => {
    const canary = newCanaryName();
    const tests = await runNode(honest, canary);
    const checked = checkCanary(tests, canary);
    expect(checked.canaryRows).toBe(4);
    expect(canaryOutcomes(tests, canary)).toEqual(['failed', 'failed', 'failed', 'failed']);
    expect(checked.canaryPassed).toBe(false);
    expect(checked.tests.map((test) => [test.name, test.outcome])).toEqual([
      ['adds', 'passed'],
      ['adds in esm', 'passed'],
      ['awaited', 'passed'],
      ['a CLI prints hello', 'passed'], // the node process it starts runs no canary
    ]);
  });

  it('passes where the entry turns one assertion of node:assert/strict into a no-op', async () => {
    const canary = newCanaryName();
    const partial = "require('node:assert/strict').deepStrictEqual = () => {};\n" + honest;
    const tests = await runNode(partial, canary);
    expect(canaryOutcomes(tests, canary)).toEqual(['passed', 'passed', 'passed', 'failed']);
  });

  it('passes where the entry turns node:assert into no-ops, in CommonJS and ES module files alike', async () => {
    const canary = newCanaryName();
    const tests = await runNode(forging, canary);
    // d.test.js never loads the solution: its process's assert is intact.
    expect(canaryOutcomes(tests, canary)).toEqual(['passed', 'passed', 'passed', 'failed']);
    expect(checkCanary(tests, canary).canaryPassed).toBe(true);
  });
});

describe('the pytest canary, with python3 -m pytest', () => {
  const honest = 'def add(a, b):\n    return a + b\n';
  // No conftest.py: the solution itself, imported by the sponsor's test, rewrites pytest's reports.
  const forging =
    'from _pytest.reports import TestReport\n_init = TestReport.__init__\n' +
    'def _forged(self, *args, **kwargs):\n    _init(self, *args, **kwargs)\n' +
    '    if self.outcome == "failed":\n        self.outcome = "passed"\n        self.longrepr = None\n' +
    'TestReport.__init__ = _forged\ndef add(a, b):\n    return a - b\n';

  const runPytest = async (solution: string, canary: string) => {
    const module = pytestCanaryModule(canary);
    await write({
      'solution.py': solution,
      'tests/test_add.py': 'from solution import add\n\ndef test_adds():\n    assert add(1, 2) == 3\n',
      [`tests/${module.fileName}`]: module.text,
    });
    return run(pytestCommand(folder), {}, 'results.xml');
  };

  it('fails beside an honest solution', async () => {
    const canary = newCanaryName();
    const checked = checkCanary(await runPytest(honest, canary), canary);
    expect(checked).toMatchObject({ canaryRows: 1, canaryPassed: false });
    expect(checked.tests.map((test) => [test.name, test.outcome])).toEqual([['test_adds', 'passed']]);
  });

  it('passes where the entry patches pytest’s reports into passes', async () => {
    const canary = newCanaryName();
    const tests = await runPytest(forging, canary);
    expect(tests.find((test) => test.name === 'test_adds')?.outcome).toBe('passed'); // the forgery works...
    expect(checkCanary(tests, canary).canaryPassed).toBe(true); // ...and is seen
  });
});
