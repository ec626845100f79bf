import type { RuntimeId, SandboxOutcome } from '../sandbox';
import { testId } from './junit';
import type { ReferenceRunOutcome } from './reference';
import type { TestRuntime } from './runtimes';
import { formatMemory, judgeRun, type BountyTest, type RunOutcome } from './verdict';

// Compile-time: the sandbox's outcome is what the verdict and the reference checks read, and its
// runtimes are these. tsc fails here if the two folders drift apart.
export const sandboxOutcomeIsARunOutcome = (outcome: SandboxOutcome): RunOutcome & ReferenceRunOutcome =>
  outcome;
export const runtimesAgree = (runtime: RuntimeId): TestRuntime => runtime;

const CANARY = 'test_0123456789abcdef0123';
const limits = { wallMs: 120_000, memoryBytes: 1024 * 1024 * 1024 };
const bountyTests: BountyTest[] = [
  { id: testId([], 'test', 'adds'), name: 'adds' },
  { id: testId(['math'], 'test', 'divides'), name: 'math › divides' },
  { id: testId(['math'], 'test', 'rounds'), name: 'math › rounds' },
];

/** A node-shaped JUnit report: top-level cases and one `math` suite; `body` is a case's children. */
function junit(cases: { suite?: string; name: string; body?: string; time?: number }[]): Buffer {
  const xml = (c: (typeof cases)[number]) =>
    `<testcase name="${c.name}" classname="test" time="${c.time ?? 0.01}">${c.body ?? ''}</testcase>`;
  const top = cases.filter((c) => !c.suite).map(xml);
  const math = cases.filter((c) => c.suite === 'math').map(xml);
  return Buffer.from(
    `<testsuites>${top.join('')}<testsuite name="math">${math.join('')}</testsuite></testsuites>`,
  );
}
const FAIL = '<failure message="Expected 1 to be 2">AssertionError: Expected 1 to be 2</failure>';
const canaryFailed = { name: CANARY, body: FAIL };

function completed(results: Buffer | null, exitCode = 1, extra: Partial<RunOutcome> = {}): RunOutcome {
  return {
    status: 'completed',
    exitCode,
    signal: null,
    results,
    resultsProblem: null,
    archiveProblems: [],
    ...extra,
  };
}
const judge = (outcome: RunOutcome) => judgeRun({ tests: bountyTests, outcome, limits, canaryName: CANARY });
/** Judges a completed run whose report holds `cases` after the canary's failure, as an honest run's does. */
const judgeCases = (cases: Parameters<typeof junit>[0], exitCode = 1) =>
  judge(completed(junit([canaryFailed, ...cases]), exitCode));

describe('judgeRun: a run that ran to its end', () => {
  it('scores the tests passed of the bounty’s tests, with a row per test and none for the canary', () => {
    const verdict = judgeCases([
      { name: 'adds', time: 0.25 },
      { suite: 'math', name: 'divides', body: FAIL },
      { suite: 'math', name: 'rounds' },
    ]);
    expect(verdict).toMatchObject({
      kind: 'scored',
      passed: 2,
      total: 3,
      message: '2 of 3 tests passed.',
      countsAgainstDay: true,
    });
    expect(verdict.rows).toEqual([
      { id: bountyTests[0]?.id, name: 'adds', outcome: 'passed', timeSeconds: 0.25, failureExcerpt: null },
      {
        id: bountyTests[1]?.id,
        name: 'math › divides',
        outcome: 'failed',
        timeSeconds: 0.01,
        failureExcerpt: 'AssertionError: Expected 1 to be 2',
      },
      {
        id: bountyTests[2]?.id,
        name: 'math › rounds',
        outcome: 'passed',
        timeSeconds: 0.01,
        failureExcerpt: null,
      },
    ]);
  });

  it('counts a test the results lack as failed, and ignores tests the reference does not have', () => {
    const verdict = judgeCases([
      { name: 'adds' },
      { name: 'an extra test of the entry’s' },
      { suite: 'math', name: 'rounds' },
    ]);
    expect(verdict).toMatchObject({ kind: 'scored', passed: 2, total: 3 });
    expect(verdict.rows.map((row) => row.outcome)).toEqual(['passed', 'missing', 'passed']);
    expect(verdict.rows.map((row) => row.name)).not.toContain('an extra test of the entry’s');
  });

  it('counts skipped and todo tests as failed', () => {
    const verdict = judgeCases([
      { name: 'adds', body: '<skipped type="skipped" message="later"/>' },
      { suite: 'math', name: 'divides', body: `<skipped type="todo"/>${FAIL}` },
      { suite: 'math', name: 'rounds' },
    ]);
    expect(verdict).toMatchObject({ kind: 'scored', passed: 1 });
    expect(verdict.rows.map((row) => row.outcome)).toEqual(['skipped', 'todo', 'passed']);
  });

  it('scores a run without canary rows that failed tests (a module that pytest could not collect)', () => {
    const verdict = judge(
      completed(junit([{ name: 'adds', body: '<error message="collection failure"/>' }]), 2),
    );
    expect(verdict).toMatchObject({ kind: 'scored', passed: 0, total: 3 });
  });
});

describe('judgeRun: forged passes score nothing', () => {
  it('calls a run whose canary passed harness-altered', () => {
    const verdict = judge(
      completed(
        junit([
          { name: CANARY },
          { name: 'adds' },
          { suite: 'math', name: 'divides' },
          { suite: 'math', name: 'rounds' },
        ]),
        0,
      ),
    );
    expect(verdict).toEqual({
      kind: 'harness-altered',
      passed: 0,
      total: 3,
      rows: [],
      message:
        'The test harness was altered: a check the runner adds to every run, which must fail, passed. The run scores nothing.',
      countsAgainstDay: true,
    });
  });

  it('calls results that pass everything without a canary harness-altered', () => {
    const all = junit([
      { name: 'adds' },
      { suite: 'math', name: 'divides' },
      { suite: 'math', name: 'rounds' },
    ]);
    // Exit 0 agrees with these results: only the canary's absence gives them away.
    expect(judge(completed(all, 0))).toMatchObject({ kind: 'harness-altered', passed: 0, rows: [] });
  });

  it('refuses results claiming every test passed beside a nonzero exit code', () => {
    const verdict = judge(
      completed(
        junit([{ name: 'adds' }, { suite: 'math', name: 'divides' }, { suite: 'math', name: 'rounds' }]),
        1,
      ),
    );
    expect(verdict.kind).toBe('exit-code-contradicts-results');
    expect(verdict.message).toBe(
      'The test command exited with code 1, yet its results say every test passed; results that contradict the exit code are not trusted.',
    );
    expect(verdict.countsAgainstDay).toBe(true);
  });

  it('refuses an exit code of 0 beside a failure (the canary’s failure included)', () => {
    const verdict = judgeCases(
      [{ name: 'adds' }, { suite: 'math', name: 'divides' }, { suite: 'math', name: 'rounds' }],
      0,
    );
    expect(verdict).toMatchObject({ kind: 'exit-code-contradicts-results', passed: 0, rows: [] });
    expect(verdict.message).toMatch(
      /^The test command exited with code 0, yet its results report 1 test not passing/,
    );
  });

  it('invalidates an entry whose results repeat a test id (its code registered a test of the same name)', () => {
    const verdict = judgeCases([canaryFailed, { name: 'adds', body: FAIL }, { name: 'adds' }]);
    expect(verdict.kind).toBe('repeated-tests');
    expect(verdict.message).toMatch(
      /^The results name a test more than once: “adds” \(2 times\)\..* The entry is invalid\.$/,
    );
    expect(verdict.countsAgainstDay).toBe(true);
  });
});

describe('judgeRun: runs that did not end with results', () => {
  const stopped = (status: RunOutcome['status'], extra: Partial<RunOutcome> = {}) =>
    judge({ ...completed(null, -1), status, exitCode: null, signal: 'SIGKILL', ...extra });

  it('says why, in a sentence, and counts it against the day', () => {
    expect(stopped('timed-out')).toMatchObject({
      kind: 'timed-out',
      message: 'The tests ran out of time (120 s).',
      countsAgainstDay: true,
      passed: 0,
    });
    expect(stopped('out-of-memory').message).toBe('The tests ran out of memory (1 GiB).');
    expect(stopped('output-overflow').message).toBe(
      'The tests printed more than 16 MiB of output, so the run was stopped.',
    );
    expect(stopped('harness-altered', { resultsProblem: 'results.xml is a symlink' }).message).toBe(
      'The test harness was altered (results.xml is a symlink), so the run scores nothing.',
    );
    expect(
      stopped('archive-refused', {
        archiveProblems: ['The archive has a link leaving its folder: “a” → “../../etc/shadow”.'],
      }).message,
    ).toBe(
      'The entry’s archive was refused; nothing ran. The archive has a link leaving its folder: “a” → “../../etc/shadow”.',
    );
  });

  it('retries the site’s own failure without counting it', () => {
    expect(stopped('sandbox-failed')).toMatchObject({
      kind: 'sandbox-failed',
      countsAgainstDay: false,
      passed: 0,
    });
  });

  it('scores nothing when the results are missing or unreadable', () => {
    expect(judge(completed(null, 1, { resultsProblem: 'no results file was written' }))).toMatchObject({
      kind: 'no-results',
      message: 'The tests left no results to read (no results file was written).',
      countsAgainstDay: true,
    });
    expect(judge(completed(Buffer.from('<!DOCTYPE x><testsuites/>')))).toMatchObject({
      kind: 'unreadable-results',
      message: 'The results file declares a DOCTYPE; DOCTYPEs and entities are refused.',
    });
  });
});

describe('formatMemory', () => {
  it('says GiB for whole gibibytes and MiB otherwise', () => {
    expect(formatMemory(2 * 1024 ** 3)).toBe('2 GiB');
    expect(formatMemory(256 * 1024 ** 2)).toBe('256 MiB');
    expect(formatMemory(1536 * 1024 ** 2)).toBe('1536 MiB');
  });
});
