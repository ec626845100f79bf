import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  describeRepeatedTests,
  displayName,
  FAILURE_EXCERPT_BYTES,
  readJUnit,
  testId,
  truncateUtf8,
  type JUnitReport,
  type JUnitTest,
} from './junit';

// Real reports, written by node --test and pytest on throwaway folders (see README.md).
const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name));

function testsOf(report: JUnitReport): JUnitTest[] {
  if (!report.ok) throw new Error(`expected a report, got: ${report.problem}`);
  return report.tests;
}
const byName = (tests: JUnitTest[], name: string) => {
  const found = tests.find((test) => test.name === name);
  if (!found) throw new Error(`no test named ${name}`);
  return found;
};

describe('readJUnit on node --test reports', () => {
  const tests = testsOf(readJUnit(fixture('node-mixed.xml')));

  it('finds top-level tests, tests of nested describes and a file that failed to load, in document order', () => {
    expect(tests.map(displayName)).toEqual([
      '/tmp/tsq/node/tests/broken.test.js',
      'adds',
      'subtracts wrongly',
      'throws a TypeError',
      'skipped one',
      'todo one',
      'outer › inner › deep pass',
      'outer › inner › deep fail <&> &quot;quoted&quot;',
      'outer › square of 1',
      'outer › square of 2',
      'outer › square of 3',
      'concatenates',
      'unicode é ✓',
    ]);
  });

  it('gives each test an id made of its suites, classname and name', () => {
    expect(byName(tests, 'deep pass').id).toBe(JSON.stringify(['outer', 'inner', 'test', 'deep pass']));
    expect(byName(tests, 'adds').id).toBe(JSON.stringify(['test', 'adds']));
  });

  it('reads each outcome: a todo test (skipped and failed at once) is todo, a plain skip is skipped', () => {
    const outcomes = Object.fromEntries(tests.map((test) => [test.name, test.outcome]));
    expect(outcomes).toMatchObject({
      adds: 'passed',
      'subtracts wrongly': 'failed',
      'throws a TypeError': 'failed',
      'skipped one': 'skipped',
      'todo one': 'todo',
      'square of 2': 'passed',
      'square of 3': 'failed',
      '/tmp/tsq/node/tests/broken.test.js': 'failed',
    });
  });

  it('keeps the time in seconds and the failure text', () => {
    const failed = byName(tests, 'subtracts wrongly');
    expect(failed.timeSeconds).toBeCloseTo(0.001408, 6);
    expect(failed.failureExcerpt).toContain('Expected values to be strictly equal');
    expect(failed.failureExcerpt).toContain('2 !== 1');
    expect(byName(tests, 'adds').failureExcerpt).toBeNull();
    expect(byName(tests, 'skipped one').failureExcerpt).toBe('not yet');
  });

  it('reports a name used by top-level tests of two files as repeated (node names no file)', () => {
    const report = readJUnit(fixture('node-repeated.xml'));
    expect(report).toMatchObject({
      ok: true,
      repeated: [{ id: testId([], 'test', 'adds'), name: 'adds', count: 2 }],
    });
    expect(testsOf(report).map((test) => test.name)).toEqual(['adds', 'adds', 'multiplies']);
    if (report.ok)
      expect(describeRepeatedTests(report.repeated)).toMatch(
        /^The results name a test more than once: “adds” \(2 times\)\./,
      );
  });
});

describe('readJUnit on pytest reports', () => {
  const tests = testsOf(readJUnit(fixture('pytest-mixed.xml')));

  it('puts the module in the id and leaves pytest’s all-enclosing suite out of the name', () => {
    expect(tests.map(displayName)).toEqual([
      'tests.test_calc › test_adds',
      'tests.test_calc › test_subtracts_wrongly',
      'tests.test_calc › test_uses_broken_fixture',
      'tests.test_calc › test_skipped',
      'tests.test_calc › test_expected_failure',
      'tests.test_calc › test_square[1]',
      'tests.test_calc › test_square[2]',
      'tests.test_calc › test_square[3]',
      'tests.test_calc.TestStrings › test_upper',
      'tests.test_calc.TestStrings › test_unicode',
      'tests.sub.test_deep › test_adds',
      'tests.sub.test_deep › test_long_failure',
    ]);
    // Two files' test_adds differ by their module.
    expect(new Set(tests.map((test) => test.id)).size).toBe(tests.length);
    expect(tests[0]?.id).toBe(JSON.stringify(['pytest', 'tests.test_calc', 'test_adds']));
  });

  it('reads a fixture’s error as error, an expected failure as skipped, and the unescaped failure text', () => {
    expect(tests.map((test) => test.outcome)).toEqual([
      'passed',
      'failed',
      'error',
      'skipped',
      'skipped',
      'passed',
      'passed',
      'failed',
      'passed',
      'passed',
      'passed',
      'failed',
    ]);
    expect(tests[1]?.failureExcerpt).toContain('AssertionError: subtraction <&> "quoted"');
    expect(tests[2]?.failureExcerpt).toMatch(/^failed on setup with "RuntimeError: fixture exploded"\n/);
  });

  it('reads a module that could not be collected as one erroring test', () => {
    const collected = testsOf(readJUnit(fixture('pytest-collection-error.xml')));
    expect(collected).toEqual([
      expect.objectContaining({ classname: '', name: 'tests.test_broken', outcome: 'error' }),
    ]);
  });
});

describe('readJUnit refusals', () => {
  const problemOf = (xml: string) => {
    const report = readJUnit(xml);
    return report.ok ? 'read' : report.problem;
  };

  it('refuses any DOCTYPE, with or without entity declarations, before reading a test', () => {
    const billionLaughs =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>' +
      '<testsuites><testcase name="&lol2;" classname="x"/></testsuites>';
    const external =
      '<!DOCTYPE t [<!ENTITY secret SYSTEM "file:///etc/shadow">]><testsuites><testcase name="&secret;"/></testsuites>';
    const bare = '<!DOCTYPE testsuites><testsuites><testcase name="a"/></testsuites>';
    for (const xml of [billionLaughs, external, bare])
      expect(problemOf(xml)).toBe('The results file declares a DOCTYPE; DOCTYPEs and entities are refused.');
  });

  it('refuses an undeclared entity, badly formed XML, an empty file and a root that is not JUnit', () => {
    expect(problemOf('<testsuites><testcase name="&lol;"/></testsuites>')).toMatch(
      /^The results file is not well-formed XML \(.*undefined entity/,
    );
    expect(problemOf('<testsuites><testcase name="a">')).toMatch(/^The results file is not well-formed XML/);
    expect(problemOf('')).toMatch(/^The results file (is not well-formed XML|holds no XML element)/);
    expect(problemOf('<html><body/></html>')).toBe(
      'The results file is not JUnit XML: its root element is <html>, not <testsuites> or <testsuite>.',
    );
  });

  it('reads a lone <testsuite> root, a BOM, CDATA failure text and the five predefined entities', () => {
    const xml =
      '\uFEFF<testsuite name="s"><testcase classname="c" name="a &amp; b &#233;" time="2.5">' +
      '<failure message="boom"><![CDATA[line <1>\nline 2]]></failure></testcase></testsuite>';
    expect(testsOf(readJUnit(Buffer.from(xml)))).toEqual([
      {
        id: JSON.stringify(['s', 'c', 'a & b é']),
        suites: ['s'],
        classname: 'c',
        name: 'a & b é',
        outcome: 'failed',
        timeSeconds: 2.5,
        failureExcerpt: 'boom\nline <1>\nline 2',
      },
    ]);
  });

  it('ignores the elements it does not know and a time that is not a number', () => {
    const xml =
      '<testsuites><properties><property name="x" value="y"/></properties><testsuite name="s">' +
      '<testcase name="t" time="soon"><system-out>noise</system-out></testcase></testsuite></testsuites>';
    expect(testsOf(readJUnit(xml))).toEqual([
      expect.objectContaining({ name: 't', outcome: 'passed', timeSeconds: null, failureExcerpt: null }),
    ]);
  });

  it('refuses more testcases than a bounty can score', () => {
    const cases = (n: number) => `<testsuites>${'<testcase name="t"/>'.repeat(n)}</testsuites>`;
    expect(problemOf(cases(10_001))).toBe('The results name more than 10,000 tests.');
    expect(readJUnit(cases(10_000))).toMatchObject({ ok: true, repeated: [{ count: 10_000 }] });
  });

  it('leaves out a suite named “pytest” only where pytest wrote it', () => {
    expect(displayName({ suites: ['pytest'], classname: 'tests.test_a', name: 'test_x' })).toBe(
      'tests.test_a › test_x',
    );
    expect(displayName({ suites: ['pytest'], classname: 'test', name: 'runs' })).toBe('pytest › runs');
  });

  it('keeps ids unambiguous where a name holds the separator a plain join would use', () => {
    expect(testId(['a', 'b'], 'c', 'd')).not.toBe(testId(['a'], 'b', 'c › d'));
    expect(testId(['a/b'], 'c', 'd')).not.toBe(testId(['a'], 'b/c', 'd'));
  });
});

describe('truncateUtf8', () => {
  it('keeps the first 4 KB of a long failure, cut between characters, never splitting one', () => {
    const long = 'é'.repeat(3000); // 6,000 bytes
    const kept = truncateUtf8(long);
    expect(Buffer.byteLength(kept)).toBeLessThanOrEqual(FAILURE_EXCERPT_BYTES);
    expect(kept.endsWith('é…')).toBe(true);
    expect(kept).not.toContain('\uFFFD');
    expect(truncateUtf8('short')).toBe('short');
    const emoji = truncateUtf8('😀'.repeat(2000), 10);
    expect(emoji).toBe('😀…');
  });

  it('cuts a long failure in a real report to 4 KB', () => {
    const xml = `<testsuites><testcase name="t"><failure message="m">${'✓'.repeat(5000)}</failure></testcase></testsuites>`;
    const [test] = testsOf(readJUnit(xml));
    expect(Buffer.byteLength(test?.failureExcerpt ?? '')).toBeLessThanOrEqual(FAILURE_EXCERPT_BYTES);
    expect(Buffer.byteLength(test?.failureExcerpt ?? '')).toBeGreaterThan(FAILURE_EXCERPT_BYTES - 8);
  });
});
