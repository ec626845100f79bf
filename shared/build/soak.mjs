// npm run test:soak: the unit suites run 10 times in a row while every CPU is kept busy by spinning
// worker processes, so a test that depends on timing, a free port or ordering shows up as a failure here
// instead of once in a while on someone's machine. Prints each run's failed tests and a total; exits 1 if
// any test failed in any run.
//   npm run test:soak                        10 runs of every unit suite
//   npm run test:soak -- --runs=3 server     3 runs, Jest arguments passed through (here: one project)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
const args = process.argv.slice(2);
const runsArg = args.find((arg) => arg.startsWith('--runs='));
const runs = runsArg ? Number(runsArg.slice('--runs='.length)) : 10;
const jestArgs = args.filter((arg) => arg !== runsArg);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`--runs must be a positive whole number, got ${runsArg}`);
  process.exit(2);
}

// One spinning process per CPU: the suites then compete for the CPU as they do on a loaded CI machine.
const spinners = Array.from({ length: os.availableParallelism() }, () =>
  spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
);
const stopSpinners = () => spinners.forEach((child) => child.exitCode === null && child.kill('SIGKILL'));
process.on('exit', stopSpinners);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

const resultFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sq-soak-')), 'result.json');
const jestBin = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js');
let totalFailed = 0;
let totalPassed = 0;
for (let run = 1; run <= runs; run += 1) {
  fs.rmSync(resultFile, { force: true });
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    [jestBin, '--ci', '--silent', '--json', `--outputFile=${resultFile}`, ...jestArgs],
    { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  if (!fs.existsSync(resultFile)) {
    // Jest itself failed (a config error, a crash): count it so the soak cannot pass by accident.
    totalFailed += 1;
    console.log(`run ${run}/${runs}: Jest exited ${result.status} without results (${seconds} s)`);
    console.log(result.stderr.split('\n').slice(-30).join('\n'));
    continue;
  }
  const report = JSON.parse(fs.readFileSync(resultFile, 'utf8'));
  const failures = [];
  for (const suite of report.testResults) {
    const failedTests = suite.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failedTests) failures.push(`${path.relative(root, suite.name)} › ${test.fullName}`);
    // A suite that fails to run (a syntax error, a hook that throws) has no failed assertion to list.
    if (suite.status === 'failed' && failedTests.length === 0)
      failures.push(`${path.relative(root, suite.name)}: ${suite.message.split('\n').slice(0, 5).join(' ')}`);
  }
  const failedCount = Math.max(failures.length, report.numFailedTests);
  totalFailed += failedCount;
  totalPassed += report.numPassedTests;
  console.log(
    `run ${run}/${runs}: ${report.numPassedTests} passed, ${failedCount} failed (${seconds} s, ${spinners.length} CPUs kept busy)`,
  );
  for (const failure of failures) console.log(`  FAILED ${failure}`);
}
// The spinners are children of this process: it would not exit while they run.
stopSpinners();
console.log(`soak: ${runs} runs, ${totalPassed} passed, ${totalFailed} failed`);
process.exitCode = totalFailed > 0 ? 1 : 0;
