import { Readable } from 'node:stream';
import { MIN_KEY_ROWS, readAnswerKey, type KeyCheck } from './answerKey';
import { describeProblem, MAX_PROBLEMS } from './csv';
import { decodeAnswerKey, encodeAnswerKey } from './keyCodec';
import type { MetricName } from './metrics';

const secret = 'answer-key-test-secret-0123456789';

/** The text as a stream of small chunks, so a BOM, a CRLF or a quoted field can fall across two. */
function stream(text: string, chunk = 7): Readable {
  const bytes = Buffer.from(text, 'utf8');
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunk) parts.push(bytes.subarray(i, i + chunk));
  return Readable.from(parts);
}

function rows(count: number, target: (i: number) => string | number, eol = '\n'): string {
  return Array.from({ length: count }, (_, i) => `r${i},${target(i)}`).join(eol) + eol;
}

async function check(text: string, metric: MetricName, publicShare?: number): Promise<KeyCheck> {
  return readAnswerKey(stream(text), { metric, secret, publicShare });
}

async function problemsOf(text: string, metric: MetricName): Promise<string[]> {
  const result = await check(text, metric);
  if (result.ok) throw new Error('expected problems');
  return result.problems.map(describeProblem);
}

describe('reading an answer key', () => {
  it('reads ids and targets with a BOM, CRLF, quoted fields and a header in any case', async () => {
    const text =
      '\ufeffID,Target\r\n' +
      '"a,1",0.5\r\n' +
      '"say ""hi""",2\r\n' +
      '"two\r\nlines",3\r\n' +
      rows(30, (i) => i, '\r\n');
    const result = await check(text, 'rmse');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.key.ids.slice(0, 3)).toEqual(['a,1', 'say "hi"', 'two\r\nlines']);
    expect(Array.from(result.key.targets.slice(0, 4))).toEqual([0.5, 2, 3, 0]);
    expect(result.key.ids).toHaveLength(33);
  });

  it('accepts the columns in either order and skips blank lines', async () => {
    const result = await check(
      'target,id\n\n' + rows(25, () => 1).replace(/r(\d+),1/g, '1,r$1') + '\n\n',
      'mae',
    );
    expect(result.ok && result.key.ids[0]).toBe('r0');
  });

  it('splits the rows and keeps the split with the key', async () => {
    const result = await check('id,target\n' + rows(1000, (i) => i % 2), 'roc_auc', 0.25);
    if (!result.ok) throw new Error('expected a key');
    expect(result.key.isPublic.reduce((a, b) => a + b, 0)).toBe(250);
    expect(result.key.publicShare).toBe(0.25);
    // the same secret splits the same way again
    const again = await check('id,target\n' + rows(1000, (i) => i % 2), 'roc_auc', 0.25);
    expect(again.ok && again.key.isPublic).toEqual(result.key.isPublic);
  });

  it('gives class labels codes, numeric labels written canonically', async () => {
    const labels = ['cat', 'dog', '1.0', '1', ' bird '];
    const result = await check('id,target\n' + rows(25, (i) => labels[i % 5] as string), 'accuracy');
    if (!result.ok) throw new Error('expected a key');
    expect(result.key.classes).toEqual(['cat', 'dog', '1', 'bird']);
    expect(Array.from(result.key.targets.slice(0, 5))).toEqual([0, 1, 2, 2, 3]);
  });

  it('round-trips through its stored bytes', async () => {
    const result = await check(
      'id,target\n"é,ü",cat\n"🙂",dog\n' + rows(30, (i) => (i % 3 ? 'cat' : 'fish')),
      'macro_f1',
    );
    if (!result.ok) throw new Error('expected a key');
    const { bytes, digest } = encodeAnswerKey(result.key);
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    // stored bytes can come back at any offset of a larger buffer
    const copy = Buffer.concat([Buffer.alloc(3), bytes]).subarray(3);
    expect(decodeAnswerKey(copy)).toEqual(result.key);
    expect(() => decodeAnswerKey(Buffer.from('nope'))).toThrow('not an encoded answer key');
  });
});

describe('answer key problems', () => {
  it('a wrong header', async () => {
    expect(await problemsOf('id,label\n' + rows(25, () => 1), 'mae')).toEqual([
      'Line 1: the header must name the two columns "id,target" (in any case); it is "id,label".',
    ]);
    const [semicolons] = await problemsOf('id;target\nr1;1\n', 'mae');
    expect(semicolons).toContain('Separate the columns with commas.');
    expect(await problemsOf('', 'mae')).toEqual([
      'the answer key is empty: it needs the header "id,target".',
    ]);
  });

  it('a duplicate id, with both lines', async () => {
    expect(await problemsOf('id,target\n' + rows(25, () => 1) + 'r3,2\n', 'mae')).toEqual([
      'Line 27: the id "r3" appears again (first on line 5); ids must be unique.',
    ]);
  });

  it('an empty id and a record with another number of fields', async () => {
    expect(await problemsOf('id,target\n,1\nr1,2,3\n' + rows(25, () => 1), 'mae')).toEqual([
      'Line 2: the id is empty.',
      'Line 3: 3 fields where the answer key has 2 ("id,target").',
    ]);
  });

  it('targets not valid for the metric', async () => {
    expect(
      await problemsOf('id,target\na,x\nb,NaN\nc,0x10\nd,Infinity\n' + rows(25, () => 1), 'rmse'),
    ).toEqual([
      'Line 2: the target of "a" is "x", not a number.',
      'Line 3: the target of "b" is "NaN", not a number.',
      'Line 4: the target of "c" is "0x10", not a number.',
      'Line 5: the target of "d" is "Infinity", not a number.',
    ]);
    expect(await problemsOf('id,target\na,0.5\nb,2\nc,yes\n' + rows(25, () => 1), 'log_loss')).toEqual([
      'Line 2: the target of "a" is "0.5"; Log loss needs 0 or 1.',
      'Line 3: the target of "b" is "2"; Log loss needs 0 or 1.',
      'Line 4: the target of "c" is "yes", not 0 or 1.',
    ]);
    expect(await problemsOf('id,target\na,\n' + rows(25, () => 'x'), 'accuracy')).toEqual([
      'Line 2: the target of "a" is empty; it must be a class label.',
    ]);
  });

  it(`fewer than ${MIN_KEY_ROWS} rows`, async () => {
    expect(await problemsOf('id,target\n' + rows(19, () => 1), 'mae')).toEqual([
      'The answer key has 19 rows; it needs at least 20.',
    ]);
  });

  it('one class missing from a part, for ROC AUC and log loss', async () => {
    // one row of class 1 among 40: it is in one part only, so the other part lacks class 1
    const text = 'id,target\n' + rows(40, (i) => (i === 7 ? 1 : 0));
    const problems = await problemsOf(text, 'roc_auc');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^The (public|private) part of the key has no row with target 1; ROC AUC needs both classes in each part/,
    );
    // all one class: both parts lack class 0
    expect(await problemsOf('id,target\n' + rows(40, () => 1), 'log_loss')).toEqual([
      expect.stringContaining('The public part of the key has no row with target 0'),
      expect.stringContaining('The private part of the key has no row with target 0'),
    ]);
    // accuracy has no such rule
    expect((await check(text, 'accuracy')).ok).toBe(true);
  });

  it('CSV syntax errors, with their line', async () => {
    expect(await problemsOf('id,target\nr1,1\nr2,"2\nr3,3\n', 'mae')).toEqual([
      'Line 3: a quoted field is never closed (a " opens it and no " ends it).',
    ]);
    expect(await problemsOf('id,target\nr1,1\nr2,2"\n', 'mae')).toEqual([
      'Line 3: a quote (") appears inside a field that does not start with one; put the whole field in quotes and write the quote twice ("").',
    ]);
    expect(await problemsOf('id,target\nr1,"1"x\n', 'mae')).toEqual([
      'Line 2: a quoted field is followed by other characters before the next comma or line end.',
    ]);
  });

  it(`lists at most the first ${MAX_PROBLEMS} problems, in line order`, async () => {
    const problems = await problemsOf('id,target\n' + rows(100, () => 'x'), 'mae');
    expect(problems).toHaveLength(MAX_PROBLEMS);
    expect(problems[0]).toBe('Line 2: the target of "r0" is "x", not a number.');
    expect(problems[19]).toBe('Line 21: the target of "r19" is "x", not a number.');
  });

  it('stops reading and destroys the source at the limit', async () => {
    let produced = 0;
    const endless = Readable.from(
      (function* () {
        yield 'id,target\n';
        for (;;) {
          produced++;
          yield `r${produced},x\n`;
        }
      })(),
    );
    const result = await readAnswerKey(endless, { metric: 'mae', secret });
    expect(result.ok).toBe(false);
    expect(endless.destroyed).toBe(true);
    expect(produced).toBeLessThan(10_000);
  });
});
