import { Readable } from 'node:stream';
import type { AnswerKey } from './answerKey';
import { describeProblem, MAX_PROBLEMS } from './csv';
import { readEntry } from './entry';
import { accuracy, logLoss, macroF1, rmse, type MetricName } from './metrics';
import { scorePredictions } from './score';
import { ScoringKey } from './scoringKey';

/** A key of ids k0..k(n-1), the first `publicCount` rows public. */
function makeKey(metric: MetricName, targets: number[], classes: string[] = [], publicCount = 2): ScoringKey {
  const key: AnswerKey = {
    metric,
    publicShare: 0.3,
    ids: targets.map((_, i) => `k${i}`),
    targets: Float64Array.from(targets),
    classes,
    isPublic: Uint8Array.from(targets, (_, i) => (i < publicCount ? 1 : 0)),
  };
  return new ScoringKey(key);
}

function stream(text: string): Readable {
  const bytes = Buffer.from(text, 'utf8');
  return Readable.from([bytes.subarray(0, 5), bytes.subarray(5)]);
}

async function problemsOf(text: string, key: ScoringKey): Promise<string[]> {
  const result = await readEntry(stream(text), key);
  if (result.ok) throw new Error('expected problems');
  return result.problems.map(describeProblem);
}

const numbersKey = makeKey('rmse', [1, 2, 3, 4, 5]);
const probabilityKey = makeKey('log_loss', [0, 1, 0, 1, 1]);

describe('reading an entry', () => {
  it('puts predictions in the key row order, whatever the entry row order', async () => {
    const result = await readEntry(
      stream('\ufeffId,PREDICTION\r\nk4,5\r\nk0,1.5\r\nk2,3\r\nk1,2\r\nk3,"4"\r\n'),
      numbersKey,
    );
    expect(result.ok && Array.from(result.entry.predictions)).toEqual([1.5, 2, 3, 4, 5]);
  });

  it('accepts the columns in either order, blank lines, and numbers in any notation', async () => {
    const result = await readEntry(
      stream('prediction,id\n1e0,k0\n\n2.000,k1\n+3,k2\n 4 ,k3\n.5e1,k4\n\n'),
      numbersKey,
    );
    expect(result.ok && Array.from(result.entry.predictions)).toEqual([1, 2, 3, 4, 5]);
  });

  it('maps predicted labels to the key classes, canonically, and sorts labels the key lacks', async () => {
    const key = makeKey('accuracy', [0, 1, 2, 0, 1], ['cat', 'dog', '1']);
    const result = await readEntry(stream('id,prediction\nk0,cat\nk1,zebra\nk2,1.0\nk3,ant\nk4,dog\n'), key);
    if (!result.ok) throw new Error('expected an entry');
    expect(result.entry.extraLabels).toEqual(['ant', 'zebra']);
    expect(Array.from(result.entry.predictions)).toEqual([0, 4, 2, 3, 1]);
  });
});

describe('entry problems', () => {
  it('a wrong header', async () => {
    expect(await problemsOf('id,target\nk0,1\n', numbersKey)).toEqual([
      'Line 1: the header must name the two columns "id,prediction" (in any case); it is "id,target".',
    ]);
    expect(await problemsOf('id,prediction,extra\nk0,1,2\n', numbersKey)).toEqual([
      expect.stringContaining('it is "id,prediction,extra"'),
    ]);
  });

  it('missing, extra and duplicate ids', async () => {
    expect(await problemsOf('id,prediction\nk0,1\nk1,2\nk1,2\nk9,1\nk3,4\n', numbersKey)).toEqual([
      'Line 4: the id "k1" appears again (first on line 3); give each id once.',
      'Line 5: the id "k9" is not one of the bounty\'s ids.',
    ]);
    expect(await problemsOf('id,prediction\nk0,1\nk3,4\n', numbersKey)).toEqual([
      'The id "k1" has no prediction.',
      'The id "k2" has no prediction.',
      'The id "k4" has no prediction.',
    ]);
  });

  it('non-numbers, NaN and numbers too large', async () => {
    expect(await problemsOf('id,prediction\nk0,abc\nk1,NaN\nk2,\nk3,1e999\nk4,0x1\n', numbersKey)).toEqual([
      'Line 2: the prediction for "k0" is "abc", not a number.',
      'Line 3: the prediction for "k1" is NaN; it must be a number.',
      'Line 4: the prediction for "k2" is "", not a number.',
      'Line 5: the prediction for "k3" is "1e999", too large to be a number.',
      'Line 6: the prediction for "k4" is "0x1", not a number.',
    ]);
  });

  it('probabilities outside [0, 1]', async () => {
    expect(await problemsOf('id,prediction\nk0,0\nk1,1\nk2,1.01\nk3,-0.2\nk4,nan\n', probabilityKey)).toEqual(
      [
        'Line 4: the prediction for "k2" is "1.01"; a probability must be within [0, 1].',
        'Line 5: the prediction for "k3" is "-0.2"; a probability must be within [0, 1].',
        'Line 6: the prediction for "k4" is NaN; it must be a probability.',
      ],
    );
  });

  it('an empty label and a short record', async () => {
    const key = makeKey('accuracy', [0, 1, 0, 1, 0], ['a', 'b']);
    expect(await problemsOf('id,prediction\nk0,\nk1\nk2,a\nk3,b\nk4,a\n', key)).toEqual([
      'Line 2: the prediction for "k0" is empty; it must be a class label.',
      'Line 3: 1 field where the entry has 2 ("id,prediction").',
    ]);
  });

  it('counts lines across quoted line breaks', async () => {
    expect(await problemsOf('id,prediction\n"k\n0",1\nk1,x\n', numbersKey)).toEqual([
      'Line 2: the id "k\\n0" is not one of the bounty\'s ids.',
      'Line 4: the prediction for "k1" is "x", not a number.',
    ]);
  });

  it(`lists at most ${MAX_PROBLEMS} problems, missing ids included`, async () => {
    const big = makeKey(
      'mae',
      Array.from({ length: 100 }, () => 1),
    );
    const problems = await problemsOf('id,prediction\nk0,1\n', big);
    expect(problems).toHaveLength(MAX_PROBLEMS);
    expect(problems[0]).toBe('The id "k1" has no prediction.');
  });

  it('keeps problems in line order across the batches rows are handled in', async () => {
    const big = makeKey(
      'mae',
      Array.from({ length: 600 }, () => 1),
    );
    const lines = Array.from({ length: 600 }, (_, i) => `k${i},1`);
    lines[258] = 'k258,x'; // line 260
    lines[268] = 'k268,1,2'; // line 270
    lines[520] = 'k520,"1'; // line 522: never closed
    expect(await problemsOf(`id,prediction\n${lines.join('\n')}\n`, big)).toEqual([
      'Line 260: the prediction for "k258" is "x", not a number.',
      'Line 270: 3 fields where the entry has 2 ("id,prediction").',
      'Line 522: a quoted field is never closed (a " opens it and no " ends it).',
    ]);
  });

  it('a malformed file', async () => {
    expect(await problemsOf('id,prediction\nk0,"1\n', numbersKey)).toEqual([
      'Line 2: a quoted field is never closed (a " opens it and no " ends it).',
    ]);
  });
});

describe('scoring an entry', () => {
  it('scores the public and the private rows apart', async () => {
    const result = await readEntry(stream('id,prediction\nk0,1\nk1,3\nk2,3\nk3,5\nk4,5\n'), numbersKey);
    if (!result.ok) throw new Error('expected an entry');
    const scores = scorePredictions(numbersKey, result.entry.predictions);
    expect(scores.public).toBeCloseTo(rmse([1, 2], [1, 3]), 15);
    expect(scores.private).toBeCloseTo(rmse([3, 4, 5], [3, 5, 5]), 15);
  });

  it('scores labels and probabilities', async () => {
    const labels = makeKey('macro_f1', [0, 1, 0, 1, 2], ['a', 'b', 'c'], 3);
    const entry = await readEntry(stream('id,prediction\nk0,a\nk1,a\nk2,a\nk3,b\nk4,z\n'), labels);
    if (!entry.ok) throw new Error('expected an entry');
    const scores = scorePredictions(labels, entry.entry.predictions);
    expect(scores.public).toBeCloseTo(macroF1([0, 1, 0], [0, 0, 0]), 15);
    // the unknown label z is a class of its own: F1 0, as is c, never predicted
    expect(scores.private).toBeCloseTo(macroF1([1, 2], [1, 3]), 15);
    expect(accuracy([0, 1, 0], [0, 0, 0])).toBeCloseTo(2 / 3, 15);

    const probabilities = await readEntry(
      stream('id,prediction\nk0,0.1\nk1,0.9\nk2,0\nk3,1\nk4,0.5\n'),
      probabilityKey,
    );
    if (!probabilities.ok) throw new Error('expected an entry');
    const logLosses = scorePredictions(probabilityKey, probabilities.entry.predictions);
    expect(logLosses.public).toBeCloseTo(logLoss([0, 1], [0.1, 0.9]), 15);
    expect(logLosses.private).toBeCloseTo(logLoss([0, 1, 1], [0, 1, 0.5]), 15);
  });
});

describe('ids that are numbers', () => {
  const key = new ScoringKey({
    metric: 'mae',
    publicShare: 0.5,
    ids: ['10', '3', '0', '7', '250'],
    targets: Float64Array.from([1, 2, 3, 4, 5]),
    classes: [],
    isPublic: Uint8Array.from([1, 1, 0, 0, 0]),
  });

  it('finds rows by number, in any order', async () => {
    const result = await readEntry(stream('id,prediction\n250,5\n0,3\n7,4\n10,1\n3,2\n'), key);
    expect(result.ok && Array.from(result.entry.predictions)).toEqual([1, 2, 3, 4, 5]);
  });

  it('matches the id text exactly: "007", "7.0" and " 7" are not "7"', async () => {
    expect(await problemsOf('id,prediction\n250,5\n0,3\n007,4\n7.0,4\n 7,4\n1e1,1\n3,2\n', key)).toEqual([
      'Line 4: the id "007" is not one of the bounty\'s ids.',
      'Line 5: the id "7.0" is not one of the bounty\'s ids.',
      'Line 6: the id " 7" is not one of the bounty\'s ids.',
      'Line 7: the id "1e1" is not one of the bounty\'s ids.',
    ]);
  });

  it('finds ids of any form through the index', () => {
    const mixed = new ScoringKey({ ...key.key, ids: ['10', '3', 'x', '7', '99999999999'] });
    expect(mixed.indexOf('x')).toBe(2);
    expect(mixed.indexOf('99999999999')).toBe(4);
    expect(mixed.indexOf('11')).toBe(-1);
    expect(key.indexOf('-1')).toBe(-1);
    expect(key.indexOf('100000')).toBe(-1);
  });
});
