import { SaxesParser } from 'saxes';

/*
 * The JUnit XML a test run writes (issue 56 item 4), read with saxes: a strict, non-validating parser
 * that never fetches or expands anything beyond XML's five entities and character references. A
 * DOCTYPE refuses the whole document (the results are written inside the entrant's sandbox, so they
 * are hostile input), and so does anything that is not well-formed.
 *
 * Shapes met (real samples in fixtures/): node's reporter nests <testsuite> per describe, puts top-level
 * tests directly under <testsuites>, names no file (classname="test") and marks a todo test both
 * <skipped type="todo"> and <failure>; pytest wraps everything in <testsuite name="pytest"> and puts the
 * module path in classname ("tests.sub.test_deep"), with <error> for a failing fixture or a module that
 * cannot be collected, and <skipped type="pytest.xfail"> for an expected failure.
 */

export type TestOutcome = 'passed' | 'failed' | 'error' | 'skipped' | 'todo';

export interface JUnitTest {
  /** Suite path, classname and name, joined unambiguously (a JSON array): the key across runs. */
  id: string;
  /** The enclosing <testsuite> names, outermost first. */
  suites: string[];
  classname: string;
  name: string;
  outcome: TestOutcome;
  /** The testcase's `time` attribute, in seconds; null when absent or not a number. */
  timeSeconds: number | null;
  /** The failure's (or error's, or skip's) message and text, at most FAILURE_EXCERPT_BYTES of UTF-8. */
  failureExcerpt: string | null;
}

export interface RepeatedTest {
  id: string;
  /** The test as a person reads it (see displayName). */
  name: string;
  /** How many testcases carry this id (2 or more). */
  count: number;
}

export type JUnitReport =
  | {
      ok: true;
      /** Every testcase in document order, repeats included (the canary's rows repeat, one a process). */
      tests: JUnitTest[];
      /** Ids carried by more than one testcase: the caller refuses a setup or invalidates an entry. */
      repeated: RepeatedTest[];
    }
  | { ok: false; problem: string };

export const FAILURE_EXCERPT_BYTES = 4096;
/** More testcases than this is not a test suite a bounty can score (and not rows to store per run). */
export const MAX_TESTS = 10_000;
/** Text kept of one failure element while reading: enough for the excerpt, bounded for a hostile file. */
const MAX_FAILURE_CHARS = FAILURE_EXCERPT_BYTES * 2;

export function testId(suites: readonly string[], classname: string, name: string): string {
  return JSON.stringify([...suites, classname, name]);
}

/**
 * The test as a person reads it: its suites, classname and name joined with " › ", leaving out node's
 * placeholder classname "test" and pytest's all-enclosing suite "pytest" (they say nothing).
 */
export function displayName(test: Pick<JUnitTest, 'suites' | 'classname' | 'name'>): string {
  const fromNode = test.classname === 'test';
  const suites = !fromNode && test.suites[0] === 'pytest' ? test.suites.slice(1) : test.suites;
  const classname = fromNode ? '' : test.classname;
  return [...suites, classname, test.name].filter((part) => part !== '').join(' › ');
}

/** The first `maxBytes` bytes of `text` as UTF-8, cut between characters, "…" ending a cut text. */
export function truncateUtf8(text: string, maxBytes: number = FAILURE_EXCERPT_BYTES): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  const budget = maxBytes - Buffer.byteLength('…');
  let used = 0;
  let end = 0;
  for (const character of text) {
    const size = Buffer.byteLength(character);
    if (used + size > budget) break;
    used += size;
    end += character.length;
  }
  return `${text.slice(0, end)}…`;
}

type ElementKind = 'suite' | 'case' | 'detail' | 'other';
type Attribute = (key: string) => string | undefined;

/** Thrown from the parser's handlers to stop reading at the first refused construct. */
class Refused extends Error {}

interface OpenCase {
  suites: string[];
  classname: string;
  name: string;
  time: string | undefined;
  failure: boolean;
  error: boolean;
  skippedType: string | null;
  /** The first failure or error (else skip) element's message and text. */
  detail: { message: string; text: string; kind: 'failure' | 'skip' } | null;
}

function outcomeOf(open: OpenCase): TestOutcome {
  if (open.skippedType === 'todo') return 'todo';
  if (open.skippedType !== null) return 'skipped';
  if (open.error) return 'error';
  if (open.failure) return 'failed';
  return 'passed';
}

function excerptOf(open: OpenCase): string | null {
  if (!open.detail) return null;
  const message = open.detail.message.trim();
  const text = open.detail.text.trim();
  const joined = text.includes(message) ? text : [message, text].filter(Boolean).join('\n');
  return joined === '' ? null : truncateUtf8(joined);
}

function secondsOf(time: string | undefined): number | null {
  if (time === undefined || time.trim() === '') return null;
  const seconds = Number(time);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}

/** Reads a results file's bytes (UTF-8) as JUnit XML. Never throws: a bad file is `{ ok: false, problem }`. */
export function readJUnit(xml: Buffer | string): JUnitReport {
  const source = typeof xml === 'string' ? xml : new TextDecoder('utf-8').decode(xml);
  const parser = new SaxesParser({ xmlns: false, position: true });
  const tests: JUnitTest[] = [];
  const suites: string[] = [];
  /** Each open element's kind, to close suites and cases at the right tag. */
  const stack: ElementKind[] = [];
  let root: string | null = null;
  let open: OpenCase | null = null;
  let readingDetail = false;

  parser.on('doctype', () => {
    throw new Refused('The results file declares a DOCTYPE; DOCTYPEs and entities are refused.');
  });
  parser.on('error', (error) => {
    throw new Refused(`The results file is not well-formed XML (${error.message}).`);
  });
  parser.on('opentag', (tag) => {
    const attribute = (key: string): string | undefined => {
      const value = tag.attributes[key];
      return typeof value === 'string' ? value : undefined;
    };
    if (root === null) {
      root = tag.name;
      if (root !== 'testsuites' && root !== 'testsuite')
        throw new Refused(
          `The results file is not JUnit XML: its root element is <${root.slice(0, 40)}>, not <testsuites> or <testsuite>.`,
        );
    }
    stack.push(open ? caseChild(open, tag.name, attribute) : outsideCase(tag.name, attribute));
  });
  /** Inside a testcase: its failure, error and skipped elements (nothing else) decide its outcome. */
  const caseChild = (testcase: OpenCase, name: string, attribute: Attribute): ElementKind => {
    if (stack.at(-1) !== 'case') return 'other';
    if (name === 'failure' || name === 'error') {
      testcase[name] = true;
      if (!testcase.detail || testcase.detail.kind === 'skip') {
        testcase.detail = { message: attribute('message') ?? '', text: '', kind: 'failure' };
        readingDetail = true;
      }
      return 'detail';
    }
    if (name === 'skipped') {
      testcase.skippedType = attribute('type') ?? '';
      if (!testcase.detail) {
        testcase.detail = { message: attribute('message') ?? '', text: '', kind: 'skip' };
        readingDetail = true;
      }
      return 'detail';
    }
    return 'other';
  };
  const outsideCase = (name: string, attribute: Attribute): ElementKind => {
    if (name === 'testsuite') {
      suites.push(attribute('name') ?? '');
      return 'suite';
    }
    if (name !== 'testcase') return 'other';
    open = {
      suites: [...suites],
      classname: attribute('classname') ?? '',
      name: attribute('name') ?? '',
      time: attribute('time'),
      failure: false,
      error: false,
      skippedType: null,
      detail: null,
    };
    return 'case';
  };
  const addText = (text: string) => {
    if (!readingDetail || !open?.detail) return;
    const room = MAX_FAILURE_CHARS - open.detail.text.length;
    if (room > 0) open.detail.text += text.slice(0, room);
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    const kind = stack.pop();
    if (kind === 'detail') readingDetail = false;
    else if (kind === 'suite') suites.pop();
    else if (kind === 'case' && open) {
      const closed: OpenCase = open;
      open = null;
      if (tests.length >= MAX_TESTS)
        throw new Refused(`The results name more than ${MAX_TESTS.toLocaleString('en-US')} tests.`);
      tests.push({
        id: testId(closed.suites, closed.classname, closed.name),
        suites: closed.suites,
        classname: closed.classname,
        name: closed.name,
        outcome: outcomeOf(closed),
        timeSeconds: secondsOf(closed.time),
        failureExcerpt: excerptOf(closed),
      });
    }
  });

  try {
    parser.write(source.replace(/^\uFEFF/, '')).close();
  } catch (error) {
    if (error instanceof Refused) return { ok: false, problem: error.message };
    throw error;
  }
  if (root === null) return { ok: false, problem: 'The results file holds no XML element.' };
  return { ok: true, tests, repeated: repeatedTests(tests) };
}

/** The ids carried by more than one testcase, each with the first testcase's name and its count. */
export function repeatedTests(tests: readonly JUnitTest[]): RepeatedTest[] {
  const seen = new Map<string, { test: JUnitTest; count: number }>();
  for (const test of tests) {
    const entry = seen.get(test.id);
    if (entry) entry.count += 1;
    else seen.set(test.id, { test, count: 1 });
  }
  return [...seen.values()]
    .filter(({ count }) => count > 1)
    .map(({ test, count }) => ({ id: test.id, name: displayName(test), count }));
}

/**
 * Repeated ids as a sentence for the sponsor or entrant: which tests (at most five named) and why it
 * matters. Node's report names no file, so two files' top-level tests of one name collide.
 */
export function describeRepeatedTests(repeated: readonly RepeatedTest[]): string {
  const named = repeated
    .slice(0, 5)
    .map((test) => `“${test.name.slice(0, 120)}” (${test.count} times)`)
    .join(', ');
  const more = repeated.length > 5 ? `, and ${repeated.length - 5} more` : '';
  return (
    `The results name ${repeated.length === 1 ? 'a test' : `${repeated.length} tests`} more than once: ${named}${more}. ` +
    'Each test needs a name of its own within its suite; node’s report does not name the file, so top-level tests in different files need different names.'
  );
}
