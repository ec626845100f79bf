import { nodeCanaryPreload, pytestCanaryModule } from './canary';

/*
 * What a test-scored bounty runs, per runtime (issue 56 item 3). The commands are fixed argv arrays with
 * absolute paths (a sandbox has PATH=/usr/bin:/bin, and no entry's file may stand in for the runner):
 *   - node --test runs the files under tests/ only, each in a process of its own.
 *   - python3 -P keeps the working folder off sys.path (no entry's pytest.py), -c /dev/null reads no ini
 *     file (no entry's pytest.ini or setup.cfg), --confcutdir stops conftest.py lookup at the sponsor's
 *     tests/ (their settings live in tests/conftest.py), and no cache is written.
 * Everything runs with /work as its folder: the entry unpacked, the sponsor's tests bound read-only at
 * /work/tests, results written to /work/results.xml. The dependencies layer (there is no network inside)
 * is bound read-only where the runtime looks: node's at /work/node_modules (reserved, so no entry file
 * stands in for a package), Python's outside /work, on PYTHONPATH: a folder of installed packages (what
 * `pip install --target` makes, from a wheelhouse or not). pytest puts /work ahead of it on sys.path, so
 * an entry may shadow a package, as it may patch anything in its own process: only the canary and a
 * person reading the code tell such an entry apart (item 6).
 */

export type TestRuntime = 'node20' | 'python3-pytest';
export const TEST_RUNTIMES: readonly TestRuntime[] = ['node20', 'python3-pytest'];

export const WORK_DIR = '/work';
export const TESTS_FOLDER = 'tests';
export const RESULTS_PATH = 'results.xml';
/** Where a Python bounty's dependencies layer (installed packages) is bound, read-only. */
export const PYTHON_PACKAGES_DIR = '/opt/side-quest/python-packages';
/** Where the node canary's preload is bound, read-only, in an entry's sandbox. */
export const CANARY_DIR = '/opt/side-quest/canary';

export interface RuntimeRules {
  runtime: TestRuntime;
  /** For the setup form. */
  label: string;
  /** The test command, run with cwd /work. */
  command: readonly string[];
  /** The command as the setup shows it. */
  commandText: string;
  /** Relative to /work; where the command writes its JUnit XML. */
  resultsPath: string;
  /** Relative to /work; the sponsor's tests, bound read-only over whatever is there. */
  testsFolder: string;
  /** Where the dependencies layer is bound in the sandbox, read-only, and the variables that find it. */
  dependencies: { sandboxPath: string; env: Readonly<Record<string, string>> };
  /** Paths an entry's archive may not hold (the folders and everything under them). */
  reservedPaths: readonly string[];
}

/**
 * The command with node's spec reporter to stdout before its JUnit one: with the JUnit reporter
 * alone, node writes nothing but results.xml (a test file's own output goes into it), so a run's log, the
 * team's to read, was empty. The results are the same.
 */
const NODE_COMMAND = [
  '/usr/bin/node',
  '--test',
  '--test-reporter=spec',
  '--test-reporter-destination=stdout',
  '--test-reporter=junit',
  `--test-reporter-destination=${RESULTS_PATH}`,
  `${TESTS_FOLDER}/`,
];
/** pytest run from `workDir` (the sandbox's /work; a test of the command alone, any folder). */
export const pytestCommand = (workDir: string): readonly string[] => [
  '/usr/bin/python3',
  '-P',
  '-m',
  'pytest',
  '-c',
  '/dev/null',
  `--rootdir=${workDir}`,
  '-o',
  `pythonpath=${workDir}`,
  `--confcutdir=${workDir}/${TESTS_FOLDER}`,
  '-p',
  'no:cacheprovider',
  `--junitxml=${RESULTS_PATH}`,
  `${TESTS_FOLDER}/`,
];
const PYTEST_COMMAND = pytestCommand(WORK_DIR);

export const RUNTIME_RULES: Readonly<Record<TestRuntime, RuntimeRules>> = {
  node20: {
    runtime: 'node20',
    label: 'Node 20 (node --test)',
    command: NODE_COMMAND,
    commandText: NODE_COMMAND.join(' ').replace('/usr/bin/node', 'node'),
    resultsPath: RESULTS_PATH,
    testsFolder: TESTS_FOLDER,
    dependencies: { sandboxPath: `${WORK_DIR}/node_modules`, env: {} },
    reservedPaths: [TESTS_FOLDER, RESULTS_PATH, 'node_modules'],
  },
  'python3-pytest': {
    runtime: 'python3-pytest',
    label: 'Python 3 (pytest)',
    command: PYTEST_COMMAND,
    commandText: PYTEST_COMMAND.join(' ').replace('/usr/bin/python3', 'python3'),
    resultsPath: RESULTS_PATH,
    testsFolder: TESTS_FOLDER,
    dependencies: { sandboxPath: PYTHON_PACKAGES_DIR, env: { PYTHONPATH: PYTHON_PACKAGES_DIR } },
    reservedPaths: [TESTS_FOLDER, RESULTS_PATH],
  },
};

export function isTestRuntime(value: unknown): value is TestRuntime {
  return typeof value === 'string' && (TEST_RUNTIMES as readonly string[]).includes(value);
}

/**
 * How the runner adds the canary to an entry's run:
 *   - node: write `file.text` to a host folder bound read-only at CANARY_DIR and pass `env`;
 *   - pytest: copy the tests layer for this run and write `file.text` into it as tests/<fileName>.
 */
export type CanaryPlan =
  | { runtime: 'node20'; file: { fileName: string; text: string }; env: Record<string, string> }
  | { runtime: 'python3-pytest'; file: { fileName: string; text: string }; env: Record<string, never> };

export function canaryPlan(runtime: TestRuntime, canaryName: string): CanaryPlan {
  if (runtime === 'node20') {
    const fileName = `${canaryName}.cjs`;
    return {
      runtime,
      file: { fileName, text: nodeCanaryPreload(canaryName) },
      env: { NODE_OPTIONS: `--require ${CANARY_DIR}/${fileName}` },
    };
  }
  return { runtime, file: pytestCanaryModule(canaryName), env: {} };
}
