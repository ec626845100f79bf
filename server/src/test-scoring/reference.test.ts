import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { testId } from './junit';
import { checkReferenceRuns, type ReferenceRunOutcome } from './reference';

const limits = { wallMs: 120_000, memoryBytes: 1024 ** 3 };

/** A run's results: each test `name` passes unless listed in `failing`. */
function run(
  names: string[],
  failing: string[] = [],
  extra: Partial<ReferenceRunOutcome> = {},
): ReferenceRunOutcome {
  const cases = names.map(
    (name) =>
      `<testcase name="${name}" classname="test">${failing.includes(name) ? '<failure message="boom">boom</failure>' : ''}</testcase>`,
  );
  return {
    status: 'completed',
    exitCode: failing.length > 0 ? 1 : 0,
    signal: null,
    results: Buffer.from(`<testsuites>${cases.join('')}</testsuites>`),
    resultsProblem: null,
    archiveProblems: [],
    log: `log of a run failing ${failing.join(',') || 'nothing'}`,
    ...extra,
  };
}
const three = (...runs: ReferenceRunOutcome[]) => runs;
const good = (names: string[]) => three(run(names), run(names), run(names));
/** The check of these public runs beside three good hidden ones. */
const checkPublicRuns = (publicRuns: ReferenceRunOutcome[]) =>
  checkReferenceRuns({ public: publicRuns, hidden: good(['divides']), limits });

describe('checkReferenceRuns', () => {
  it('takes the tests of runs that all pass as the bounty’s tests, public and hidden apart', () => {
    expect(checkPublicRuns(good(['adds', 'subtracts']))).toEqual({
      ok: true,
      publicTests: [
        { id: testId([], 'test', 'adds'), name: 'adds' },
        { id: testId([], 'test', 'subtracts'), name: 'subtracts' },
      ],
      hiddenTests: [{ id: testId([], 'test', 'divides'), name: 'divides' }],
    });
  });

  it('names a test that failed in one run of three as flaky, with that run’s output', () => {
    const check = checkPublicRuns(
      three(
        run(['adds', 'subtracts']),
        run(['adds', 'subtracts'], ['subtracts']),
        run(['adds', 'subtracts']),
      ),
    );
    expect(check).toEqual({
      ok: false,
      problems: [
        {
          tests: 'public',
          run: 2,
          message:
            'Run 2 of 3 with the public tests: a test did not pass with the reference solution: “subtracts” (flaky: it passed in another run). Every test must pass in every run.',
          log: 'log of a run failing subtracts',
        },
      ],
    });
  });

  it('says when a test fails in every run, and counts skipped tests as not passing', () => {
    const skipped = run(['adds'], [], { exitCode: 1 });
    skipped.results = Buffer.from('<testsuites><testcase name="adds"><skipped/></testcase></testsuites>');
    const check = checkReferenceRuns({
      public: good(['x']),
      hidden: three(skipped, skipped, skipped),
      limits,
    });
    expect(check.ok).toBe(false);
    if (!check.ok) {
      expect(check.problems).toHaveLength(3);
      expect(check.problems[0]?.message).toContain('“adds” (failed in every run)');
    }
  });

  it('refuses runs that report different tests', () => {
    const check = checkPublicRuns(
      three(run(['adds', 'subtracts']), run(['adds', 'subtracts']), run(['adds', 'rounds'])),
    );
    expect(check).toMatchObject({
      ok: false,
      problems: [
        {
          tests: 'public',
          run: 3,
          message:
            'Run 3 of 3 with the public tests reported “rounds”, which run 1 did not and lacked “subtracts”, which run 1 reported. Every run must report the same tests.',
        },
      ],
    });
  });

  it('refuses zero tests, repeated tests, unreadable results, a timeout and a missing run', () => {
    const repeated = readFileSync(join(__dirname, 'fixtures', 'node-repeated.xml'));
    const check = checkReferenceRuns({
      public: three(
        run([]),
        run(['a'], [], { results: repeated }),
        run(['a'], [], { status: 'timed-out', exitCode: null, results: null, log: 'slow' }),
      ),
      hidden: [run(['b'])],
      limits,
    });
    expect(check.ok).toBe(false);
    if (!check.ok)
      expect(
        check.problems.map((problem) => [problem.tests, problem.run, problem.message, problem.log]),
      ).toEqual([
        ['hidden', null, 'The reference ran 1 time with the hidden tests; it must run 3 times.', null],
        [
          'public',
          1,
          'Run 1 of 3 with the public tests: No test was reported. The archive’s tests must be found by the test command.',
          'log of a run failing nothing',
        ],
        [
          'public',
          2,
          expect.stringMatching(
            /^Run 2 of 3 with the public tests: The results name a test more than once: “adds” \(2 times\)/,
          ),
          'log of a run failing nothing',
        ],
        ['public', 3, 'Run 3 of 3 with the public tests: The tests ran out of time (120 s).', 'slow'],
      ]);
  });

  it('refuses results that contradict the exit code', () => {
    const check = checkPublicRuns(three(run(['a']), run(['a'], [], { exitCode: 1 }), run(['a'])));
    expect(check).toMatchObject({
      ok: false,
      problems: [
        {
          run: 2,
          message: expect.stringContaining('exited with code 1, yet its results say every test passed'),
        },
      ],
    });
  });
});
