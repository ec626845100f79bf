import { Readable } from 'node:stream';
import { createScoringPool, ScoringJobError, type ScoringPool, type StoredKey } from './pool';

const secret = 'pool-test-secret-0123456789abcdef';

function csv(header: string, rows: number, value: (i: number) => string | number): Readable {
  return Readable.from(
    (function* () {
      yield `${header}\n`;
      let text = '';
      for (let i = 0; i < rows; i++) {
        text += `r${i},${value(i)}\n`;
        if (text.length > 16_384) {
          yield text;
          text = '';
        }
      }
      yield text;
    })(),
  );
}

/** A source that never sends anything: a blob store that stalls. */
function stalled(): Readable {
  return new Readable({ read() {} });
}

async function storedKey(pool: ScoringPool, rows: number): Promise<StoredKey> {
  const result = await pool.checkKey(
    csv('id,target', rows, (i) => i % 10),
    { metric: 'mae', secret },
  );
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.key;
}

describe('the scoring pool', () => {
  let pool: ScoringPool;

  afterEach(async () => {
    await pool.close();
  });

  it('checks a key and scores entries in a worker thread', async () => {
    pool = createScoringPool({ threads: 1 });
    const checked = await pool.checkKey(
      csv('id,target', 100, (i) => i % 10),
      { metric: 'mae', secret, publicShare: 0.4 },
    );
    if (!checked.ok) throw new Error('expected a key');
    expect(checked).toMatchObject({ rows: 100, publicRows: 40 });

    const perfect = await pool.scoreEntry(
      checked.key,
      csv('id,prediction', 100, (i) => i % 10),
    );
    expect(perfect).toMatchObject({ ok: true, scores: { public: 0, private: 0 }, rows: 100 });
    // off by one everywhere, rows in another order: MAE 1, the fingerprint differs
    const offByOne = await pool.scoreEntry(
      checked.key,
      csv('id,prediction', 100, (i) => (i % 10) + 1),
    );
    expect(offByOne).toMatchObject({ ok: true, scores: { public: 1, private: 1 } });
    expect(offByOne.ok && perfect.ok && offByOne.fingerprint).not.toBe(perfect.ok && perfect.fingerprint);
    expect(pool.load).toEqual({ running: 0, waiting: 0 });
  }, 60_000);

  it('answers problems of a file, not an error', async () => {
    pool = createScoringPool();
    const key = await pool.checkKey(
      csv('id,target', 5, () => 1),
      { metric: 'mae', secret },
    );
    expect(key).toEqual({
      ok: false,
      problems: [{ line: null, message: 'The answer key has 5 rows; it needs at least 20.' }],
    });
    const stored = await storedKey(pool, 30);
    const entry = await pool.scoreEntry(
      stored,
      csv('id,prediction', 29, () => 'x'),
    );
    expect(entry.ok).toBe(false);
    expect(!entry.ok && entry.problems[0]).toEqual({
      line: 2,
      message: 'the prediction for "r0" is "x", not a number.',
    });
  }, 60_000);

  it('fails a job over its time limit with a clear error, and keeps working', async () => {
    pool = createScoringPool({ jobTimeoutMs: 300 });
    const key = await storedKey(pool, 30);
    // the worker waits for bytes that never come
    const error = await pool.scoreEntry(key, stalled()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ScoringJobError);
    expect(error).toMatchObject({
      reason: 'timeout',
      message: 'Scoring took longer than its limit of 0.3 s.',
    });
    // a busy worker is stopped too: a key of 300,000 rows takes longer than 0.3 s to check
    const busy = await pool
      .checkKey(
        csv('id,target', 300_000, (i) => i),
        { metric: 'mae', secret },
      )
      .catch((caught: unknown) => caught);
    expect(busy).toMatchObject({ reason: 'timeout' });
    // a new worker takes the next job (and fetches the key again)
    const next = await pool.scoreEntry(
      key,
      csv('id,prediction', 30, (i) => i % 10),
    );
    expect(next).toMatchObject({ ok: true, scores: { public: 0, private: 0 } });
  }, 60_000);

  it('rejects a job when the queue is full, with when to try again', async () => {
    pool = createScoringPool({ threads: 1, queueLimit: 1, jobTimeoutMs: 2_000 });
    const key = await storedKey(pool, 30);
    const first = stalled();
    const running = pool.scoreEntry(key, first).catch((caught: unknown) => caught);
    const queued = pool.scoreEntry(
      key,
      csv('id,prediction', 30, (i) => i % 10),
    );
    expect(pool.load).toEqual({ running: 1, waiting: 1 });
    const refused = stalled();
    const error = await pool.scoreEntry(key, refused).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ScoringJobError);
    expect(error).toMatchObject({ reason: 'queue-full' });
    expect((error as ScoringJobError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect((error as Error).message).toMatch(/^Scoring is busy: 1 jobs are waiting\. Try again in \d+ s\.$/);
    expect(refused.destroyed).toBe(true);
    // the first job's file ends: it is scored, and the queued one after it
    first.push('id,prediction\n');
    for (let i = 0; i < 30; i++) first.push(`r${i},${i % 10}\n`);
    first.push(null);
    expect(await running).toMatchObject({ ok: true });
    expect(await queued).toMatchObject({ ok: true });
    expect(pool.load).toEqual({ running: 0, waiting: 0 });
  }, 60_000);

  it('fails a job that runs out of memory, and keeps working', async () => {
    pool = createScoringPool({ memoryMb: 24, youngGenerationMb: 8, jobTimeoutMs: 30_000 });
    const error = await pool
      .checkKey(
        csv('id,target', 2_000_000, (i) => i),
        { metric: 'mae', secret },
      )
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ reason: 'out-of-memory' });
    const key = await storedKey(pool, 30);
    expect(
      await pool.scoreEntry(
        key,
        csv('id,prediction', 30, () => 0),
      ),
    ).toMatchObject({ ok: true });
  }, 60_000);

  it('refuses jobs once closed', async () => {
    pool = createScoringPool();
    await pool.close();
    await expect(pool.scoreEntry({ digest: 'x', bytes: new Uint8Array() }, stalled())).rejects.toMatchObject({
      reason: 'closed',
    });
  });
});
